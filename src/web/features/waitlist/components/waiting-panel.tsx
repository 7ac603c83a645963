import { useTranslation } from 'react-i18next'
import type { WaitlistEntry } from '../../../../shared/waitlist.ts'
import { LeaveList } from './leave-list.tsx'

/** A request still waiting: its place in line, and Leave the list. */
export function WaitingPanel({ entry }: { entry: WaitlistEntry }) {
  const { t } = useTranslation('waitlist')
  return (
    <div className="space-y-4">
      <div className="rounded-xl bg-brand-50 px-4 py-3 text-brand-900">
        {entry.ahead !== null && <p className="font-semibold">{t('ahead', { count: entry.ahead })}</p>}
        <p className="text-sm">{t('explain.waiting')}</p>
      </div>
      <LeaveList entry={entry} />
    </div>
  )
}
