import { clsx } from 'clsx'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDisplayDate, todayInBahrain } from '../../../../shared/bahrain-time.ts'
import { calendarFilePath, ticketQrPath } from '../../../../shared/tickets.ts'
import type { CancellableBooking as Booking } from '../../../../shared/visits.ts'
import { Button } from '../../../components/ui/button.tsx'
import { revealAndFocus } from '../../../lib/reveal.ts'
import { useLocalized } from '../../../lib/use-localized.ts'
import { useMoney } from '../../../lib/use-money.ts'
import { useCancelBooking } from '../api.ts'
import { useChangeBookingDate } from '../date-change-api.ts'
import { CancelledState, CancelVisit } from './cancel-visit.tsx'
import { ChangeDate } from './change-date.tsx'
import { TicketDialog } from './ticket-dialog.tsx'

type Badge = 'paid' | 'payAtVenue' | 'completed' | 'cancelled'

const badgeStyles: Record<Badge, string> = {
  paid: 'bg-brand-100 text-brand-900',
  payAtVenue: 'bg-sand-200 text-brand-950',
  completed: 'bg-sand-100 text-muted ring-1 ring-brand-900/10',
  cancelled: 'bg-accent-500/15 text-accent-600',
}

/** Upcoming visits show how they are paid (docs/product.md, "Pages"); past ones are simply done. */
function badgeFor(booking: Booking, past: boolean): Badge {
  if (booking.cancellation.cancelledAt) return 'cancelled'
  if (past) return 'completed'
  return booking.paymentStatus === 'paid' ? 'paid' : 'payAtVenue'
}

export function BookingCard({
  booking,
  past,
  justBooked = false,
  siblings = [],
}: {
  booking: Booking
  past: boolean
  /** The order's other visits that can still be cancelled (cancel the whole order). */
  siblings?: Booking[]
  /** Just booked: marked, and brought into view with the focus on it. */
  justBooked?: boolean
}) {
  const { t } = useTranslation('bookings')
  const money = useMoney()
  const localized = useLocalized()
  const badge = badgeFor(booking, past)
  const headingId = `booking-${booking.id}`
  // "Booked on" is the calendar day in Bahrain when the booking was made, not the device's day.
  const bookedOn = formatDisplayDate(todayInBahrain(new Date(booking.createdAt)))
  const [ticketOpen, setTicketOpen] = useState(false)
  const ticketButton = useRef<HTMLButtonElement>(null)
  const card = useRef<HTMLElement>(null)
  const cancelBooking = useCancelBooking()
  const changeDate = useChangeBookingDate()
  const cancelled = Boolean(booking.cancellation.cancelledAt)
  useEffect(() => {
    if (justBooked && card.current) revealAndFocus(card.current)
  }, [justBooked])

  return (
    <article
      ref={card}
      aria-labelledby={headingId}
      tabIndex={justBooked ? -1 : undefined}
      className={clsx(
        'rounded-card bg-white p-5 shadow-card',
        past && 'opacity-90',
        justBooked && 'ring-3 ring-accent-500 focus:outline-none',
      )}
    >
      {justBooked && <p className="mb-2 text-sm font-bold text-accent-600">{t('justBooked')}</p>}
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="font-bold text-brand-900">
            {localized(booking.gymName)}
          </h3>
          <p className="mt-0.5 text-sm text-ink">{localized(booking.passName)}</p>
        </div>
        <span
          className={clsx(
            'shrink-0 rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap',
            badgeStyles[badge],
          )}
        >
          {t(`status.${badge}`)}
        </span>
      </div>

      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-[auto_auto_1fr]">
        <div>
          <dt className="text-xs font-semibold text-muted">{t('date')}</dt>
          <dd className="font-semibold text-ink">
            <span dir="ltr">{formatDisplayDate(booking.date)}</span>
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold text-muted">{t('time')}</dt>
          <dd className="font-semibold text-ink">
            <span dir="ltr">{booking.time}</span>
          </dd>
        </div>
        <div className="col-span-2 min-w-0 sm:col-span-1">
          <dt className="text-xs font-semibold text-muted">{t('location')}</dt>
          <dd className="text-ink">{localized(booking.location)}</dd>
        </div>
        <div className="col-span-2 sm:col-span-3">
          <dt className="text-xs font-semibold text-muted">{t('reference')}</dt>
          <dd dir="ltr" className="font-mono font-semibold tracking-wider text-ink rtl:text-end">
            {booking.reference}
          </dd>
        </div>
      </dl>
      {past ? (
        <CancelledState booking={booking} />
      ) : (
        <CancelVisit
          booking={booking}
          siblings={siblings}
          onCancel={(scope) => cancelBooking.mutateAsync({ bookingId: booking.id, scope })}
        />
      )}
      {!past && (
        <ChangeDate
          booking={booking}
          siblings={siblings}
          onChange={(request) => changeDate.mutateAsync({ bookingId: booking.id, request })}
        />
      )}
      {!past && !cancelled && (
        <>
          <Button ref={ticketButton} className="mt-4 w-full sm:w-auto" onClick={() => setTicketOpen(true)}>
            {t('showTicket')}
          </Button>
          <TicketDialog
            booking={booking}
            qrSrc={ticketQrPath({ bookingId: booking.id })}
            calendarHref={calendarFilePath({ bookingId: booking.id })}
            open={ticketOpen}
            onOpenChange={setTicketOpen}
            returnFocusTo={ticketButton}
          />
        </>
      )}

      <div className="mt-4 flex items-center justify-between gap-3 border-t border-brand-900/10 pt-3">
        {/* Digits joined by slashes stay one left-to-right run inside Arabic text (Unicode bidi W4). */}
        <p className="text-xs text-muted">{t('bookedOn', { date: bookedOn })}</p>
        <p className="text-lg font-bold text-brand-800">
          <span dir="auto">{money(booking.price)}</span>
        </p>
      </div>
    </article>
  )
}
