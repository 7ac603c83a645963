import { useTranslation } from 'react-i18next'
import type { WaitlistEntry } from '../../../../shared/waitlist.ts'
import { Button } from '../../../components/ui/button.tsx'
import { useErrorText } from '../../../lib/error-text.ts'
import { useLeaveWaitlist } from '../api.ts'

/** A request still waiting: its place in line, and Leave the list. */
export function WaitingPanel({ entry }: { entry: WaitlistEntry }) {
  const { t } = useTranslation('waitlist')
  const errorText = useErrorText()
  const leave = useLeaveWaitlist(entry.token)
  return (
    <div className="space-y-4">
      <div className="rounded-xl bg-brand-50 px-4 py-3 text-brand-900">
        {entry.ahead !== null && <p className="font-semibold">{t('ahead', { count: entry.ahead })}</p>}
        <p className="text-sm">{t('explain.waiting')}</p>
      </div>
      <Button variant="secondary" busy={leave.isPending} onClick={() => leave.mutate()}>
        {t('page.leave')}
      </Button>
      {leave.isError && (
        <p role="alert" className="text-sm font-medium text-accent-600">
          {errorText.of(leave.error, t('page.leaveFailed'))}
        </p>
      )}
    </div>
  )
}
