import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDisplayDate } from '../../../../shared/bahrain-time.ts'
import type { WaitlistEntry } from '../../../../shared/waitlist.ts'
import { useLocalized } from '../../../lib/use-localized.ts'

/** What the request asks for (venue, pass, date, time, people) and its status, as a list of terms. */
export function EntryDetails({ entry }: { entry: WaitlistEntry }) {
  const { t } = useTranslation('waitlist')
  const { t: common } = useTranslation()
  const localize = useLocalized()
  const row = (label: string, value: ReactNode) => (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 border-b border-brand-900/10 py-2 last:border-0">
      <dt className="text-muted">{label}</dt>
      <dd className="font-semibold text-ink">{value}</dd>
    </div>
  )
  return (
    <dl className="mt-4 text-sm sm:text-base">
      {row(t('page.venue'), localize(entry.venueName))}
      {row(t('page.pass'), localize(entry.passName))}
      {row(t('page.date'), <span dir="ltr">{formatDisplayDate(entry.date)}</span>)}
      {row(t('page.time'), <span dir="ltr">{entry.time}</span>)}
      {row(t('page.people'), common('party.people', { count: entry.people }))}
      {row(t('page.status'), t(`status.${entry.status}`))}
    </dl>
  )
}
