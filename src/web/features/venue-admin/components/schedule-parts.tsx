import { clsx } from 'clsx'
import type { RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDisplayDate } from '../../../../shared/bahrain-time.ts'
import { hourLabel } from '../../../../shared/catalog.ts'
import type { AffectedBooking } from '../../../../shared/venue-schedule.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { useErrorText } from '../../../lib/error-text.ts'
import { useLocalized } from '../../../lib/use-localized.ts'
import type { BookingsConflict } from '../schedule-api.ts'

export const selectClasses =
  'block w-full rounded-xl border border-brand-900/20 bg-white px-3 py-2.5 text-base text-ink shadow-xs focus:border-brand-500 focus:outline-none focus:ring-3 focus:ring-brand-200 disabled:bg-sand-100 disabled:text-muted'

/**
 * Hours as the few ranges a person reads: [8, 9, 10, 14, 15] → "08:00–11:00, 14:00–16:00". Each
 * range is isolated left to right (U+2066…U+2069), so Arabic text around it does not reorder it.
 */
export function hourRanges(hours: readonly number[], midnight: string): string {
  const sorted = [...new Set(hours)].sort((a, b) => a - b)
  const ranges: [number, number][] = []
  for (const hour of sorted) {
    const last = ranges.at(-1)
    if (last && last[1] === hour) last[1] = hour + 1
    else ranges.push([hour, hour + 1])
  }
  return ranges
    .map(([from, to]) => `\u2066${hourLabel(from)}–${to === 24 ? midnight : hourLabel(to)}\u2069`)
    .join(', ')
}

/** The hours from `from` up to (not including) `to`. */
export function hoursBetween(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i)
}

/** Whether hours are one unbroken range, which a from/to pair can show. */
export function isOneRange(hours: readonly number[]): boolean {
  const sorted = [...hours].sort((a, b) => a - b)
  return sorted.every((hour, i) => i === 0 || hour === (sorted[i - 1] ?? 0) + 1)
}

/**
 * The bookings a change hits, for the desk to contact: one card each rather than a table, so it
 * reads on a phone. The bookings stay valid; this says who to call.
 */
export function AffectedBookingsList({
  bookings,
  headingLevel = 3,
}: {
  bookings: AffectedBooking[]
  headingLevel?: 3 | 4
}) {
  const { t } = useTranslation('venue-schedule')
  const localized = useLocalized()
  const Heading = headingLevel === 3 ? 'h3' : 'h4'
  if (bookings.length === 0) return null
  return (
    <section className="space-y-2" aria-label={t('bookings.title')}>
      <Heading className="font-bold text-brand-900">{t('bookings.title')}</Heading>
      <p className="text-sm text-muted">{t('bookings.lead')}</p>
      <ul className="space-y-2">
        {bookings.map((booking) => (
          <li key={booking.id} className="rounded-xl border border-brand-900/10 bg-sand-50 p-3 text-sm">
            <p className="font-semibold text-ink">
              <span dir="ltr">
                {formatDisplayDate(booking.date)} {booking.time}
              </span>
              {' · '}
              {localized(booking.passName)}
            </p>
            <p>
              {booking.bookerName || '—'}
              {' · '}
              <a
                className="break-all text-brand-800 underline"
                href={`mailto:${booking.bookerEmail}`}
                dir="ltr"
              >
                {booking.bookerEmail}
              </a>
            </p>
            <p className="text-muted">
              {t('bookings.reference')} <bdi dir="ltr">{booking.reference}</bdi>
              {' · '}
              {t(`bookings.payment.${booking.paymentStatus}`)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** Asks before a change that hits existing bookings: how many, which ones, and confirm or keep. */
export function ConfirmChangeDialog({
  conflict,
  busy,
  onConfirm,
  onCancel,
  returnFocusTo,
}: {
  conflict: BookingsConflict | undefined
  busy: boolean
  onConfirm(): void
  onCancel(): void
  returnFocusTo?: RefObject<HTMLElement | null>
}) {
  const { t } = useTranslation('venue-schedule')
  const errorText = useErrorText()
  return (
    <Dialog
      open={conflict !== undefined}
      onOpenChange={(open) => {
        if (!open) onCancel()
      }}
      title={t('confirm.title')}
      description={conflict && errorText(conflict.code, conflict.params)}
      returnFocusTo={returnFocusTo}
    >
      {conflict && <AffectedBookingsList bookings={conflict.bookings} />}
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          {t('confirm.cancel')}
        </Button>
        <Button variant="accent" busy={busy} onClick={onConfirm}>
          {t('confirm.go')}
        </Button>
      </div>
    </Dialog>
  )
}

/** A polite message for a result: saved, removed, or a failure (as an alert). */
export function Notice({ text, tone }: { text: string | undefined; tone: 'ok' | 'error' }) {
  if (!text) return null
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={clsx(
        'rounded-xl px-4 py-3 text-sm font-medium',
        tone === 'error' ? 'bg-accent-500/10 text-accent-600' : 'bg-brand-50 text-brand-900',
      )}
    >
      {text}
    </p>
  )
}

/** The section's loading and failure states, shared by both sections. */
export function ScheduleLoading({
  query,
}: {
  query: { isPending: boolean; isError: boolean; isFetching: boolean; refetch(): unknown }
}) {
  const { t } = useTranslation('venue-schedule')
  if (query.isPending)
    return (
      <div aria-busy="true" className="space-y-2">
        <p role="status" className="sr-only">
          {t('loading')}
        </p>
        {[1, 2, 3].map((key) => (
          <div key={key} className="h-10 animate-pulse rounded-xl bg-sand-200/70" />
        ))}
      </div>
    )
  return (
    <div role="alert" className="space-y-3">
      <p className="text-ink">{t('loadFailed')}</p>
      <Button variant="secondary" busy={query.isFetching} onClick={() => void query.refetch()}>
        {t('retry')}
      </Button>
    </div>
  )
}
