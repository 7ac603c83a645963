import { clsx } from 'clsx'
import { useTranslation } from 'react-i18next'
import type { TeamWaitlist, WaitlistStatus } from '../../../../shared/waitlist.ts'
import { Button } from '../../../components/ui/button.tsx'
import { useTeamWaitlist } from '../api.ts'
import { bahrainTime } from './time-text.ts'

const statusClass: Record<WaitlistStatus, string> = {
  waiting: 'bg-sand-100 text-ink',
  offered: 'bg-brand-50 text-brand-900',
  booked: 'bg-green-100 text-green-900',
  left: 'bg-sand-100 text-muted',
  expired: 'bg-sand-100 text-muted',
}

/**
 * The waiting lists of a venue's day, a compact list per time (docs/booking.md, "Waiting list"):
 * for the desk and the venue editor. First names only, as the server sends them.
 */
export function SlotWaitlist({ venueId, date }: { venueId: string; date: string }) {
  const { t } = useTranslation('desk')
  const waitlist = useTeamWaitlist(venueId, date)
  if (waitlist.isPending)
    return (
      <p role="status" aria-busy="true" className="h-16 animate-pulse rounded-card bg-sand-200/70">
        <span className="sr-only">{t('loading')}</span>
      </p>
    )
  if (waitlist.isError)
    return (
      <div role="alert" className="rounded-card bg-white p-4 text-center shadow-card">
        <p className="mb-3 text-ink">{t('waitlist.loadFailed')}</p>
        <Button size="sm" busy={waitlist.isFetching} onClick={() => void waitlist.refetch()}>
          {t('retry')}
        </Button>
      </div>
    )
  const slots = waitlist.data.slots.filter((slot) => slot.entries.length > 0)
  if (slots.length === 0) return <p className="text-sm text-muted">{t('waitlist.empty')}</p>
  return (
    <div className="space-y-3">
      {slots.map((slot) => (
        <SlotEntries key={slot.time} slot={slot} />
      ))}
    </div>
  )
}

function SlotEntries({ slot }: { slot: TeamWaitlist['slots'][number] }) {
  const { t } = useTranslation('desk')
  const { t: common } = useTranslation()
  const headingId = `waitlist-${slot.time}`
  return (
    <section aria-labelledby={headingId} className="rounded-card bg-white p-4 shadow-card">
      <h3 id={headingId} className="text-lg font-bold text-brand-900">
        <span dir="ltr">{slot.time}</span>
      </h3>
      <ul className="mt-2 divide-y divide-brand-900/10 text-sm">
        {slot.entries.map((entry) => (
          <li key={entry.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
            <span className="min-w-0 font-semibold break-words text-ink" dir="auto">
              {entry.name}
            </span>
            <span className="text-ink">{common('party.people', { count: entry.people })}</span>
            <span
              className={clsx('rounded-full px-2 py-0.5 text-xs font-semibold', statusClass[entry.status])}
            >
              {t(`waitlist.status.${entry.status}`)}
            </span>
            <span className="w-full text-xs text-muted sm:w-auto">
              {entry.status === 'offered' && entry.offerExpiresAt
                ? t('waitlist.heldUntil', { time: bahrainTime(entry.offerExpiresAt) })
                : t('waitlist.joined', { time: bahrainTime(entry.joinedAt) })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}
