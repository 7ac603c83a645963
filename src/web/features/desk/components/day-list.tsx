import { useTranslation } from 'react-i18next'
import type { DeskBooking, DeskDay } from '../../../../shared/desk.ts'
import { Button } from '../../../components/ui/button.tsx'
import { useErrorText } from '../../../lib/error-text.ts'
import { useLocalized } from '../../../lib/use-localized.ts'
import { useMoney } from '../../../lib/use-money.ts'
import { useSession } from '../../accounts/api.ts'
import { useNoShow, useRedeem } from '../api.ts'
import { CancelBooking } from './cancel-booking.tsx'
import { RefundAtDesk } from './refund-at-desk.tsx'
import { bahrainTime } from './time-text.ts'

/** The day at a venue, slot by slot, with how many are booked, in and still to come. */
export function DayList({
  day,
  searching,
  markable,
}: {
  day: DeskDay
  searching: boolean
  /** The day has come: its visits may be marked as no-shows. */
  markable: boolean
}) {
  const { t } = useTranslation('desk')
  if (day.slots.length === 0)
    return (
      <p className="rounded-card bg-white p-6 text-center text-ink shadow-card">
        {t(searching ? 'day.noMatch' : 'day.empty')}
      </p>
    )
  return (
    <div className="space-y-4">
      {day.slots.map((slot) => (
        <section
          key={slot.time}
          aria-labelledby={`slot-${slot.time}`}
          className="rounded-card bg-white p-4 shadow-card"
        >
          <h3 id={`slot-${slot.time}`} className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="text-xl font-bold text-brand-900" dir="ltr">
              {slot.time}
            </span>
            <span className="text-sm text-muted">
              {t('day.counts', { booked: slot.booked, checkedIn: slot.checkedIn, toCome: slot.toCome })}
            </span>
          </h3>
          <ul className="mt-3 divide-y divide-brand-900/10">
            {slot.bookings.map((booking) => (
              <BookingRow key={booking.id} booking={booking} markable={markable} venueId={day.venueId} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}

const stateClass: Record<DeskBooking['state'], string> = {
  to_come: 'bg-sand-100 text-ink',
  checked_in: 'bg-green-100 text-green-900',
  no_show: 'bg-amber-100 text-amber-950',
  cancelled: 'bg-red-100 text-red-900',
}

function BookingRow({
  booking,
  markable,
  venueId,
}: {
  booking: DeskBooking
  markable: boolean
  venueId: string
}) {
  const { t } = useTranslation('desk')
  const localized = useLocalized()
  const money = useMoney()
  const errorText = useErrorText()
  const noShow = useNoShow()
  // Check-in from the list: the same redeem as a reference typed at the desk.
  const redeem = useRedeem()
  const canCheckIn =
    markable &&
    booking.state === 'to_come' &&
    (booking.paymentStatus === 'paid' || booking.deskPayment !== null)
  // Managers and admins: they may cancel what the desk has acted on, and give desk payments back.
  const canOverride = useSession().can('canManageVenues')
  const payment = booking.deskRefund
    ? t('day.refundedAtDesk', { method: t(`method.${booking.deskRefund.method}`) })
    : booking.deskPayment
      ? t('day.paidAtDesk', { method: t(`method.${booking.deskPayment.method}`) })
      : booking.paymentStatus === 'paid'
        ? t('day.paid')
        : `${t('day.payAtVenue')} · ${money(booking.priceFils)}`
  const canMark = markable && booking.state === 'to_come'
  const canUndo = booking.state === 'no_show'
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-3">
      <div className="min-w-0">
        <p className="font-semibold text-ink">{booking.name}</p>
        <p className="text-sm text-muted">
          {localized(booking.pass)} · <span dir="ltr">{booking.reference}</span>
        </p>
        <p className="text-sm text-muted">{payment}</p>
        {redeem.data && redeem.data.status !== 'ok' && (
          <p role="alert" className="text-sm text-accent-600">
            {t(`result.${redeem.data.status}`)}
          </p>
        )}
        {(noShow.error ?? redeem.error) && (
          <p role="alert" className="text-sm text-accent-600">
            {errorText.of(noShow.error ?? redeem.error)}
          </p>
        )}
      </div>
      <div className="flex items-center gap-2">
        <span className={`rounded-full px-3 py-1 text-sm font-semibold ${stateClass[booking.state]}`}>
          {t(`state.${booking.state}`)}
          {/* The space outside the time's isolate: inside it, an Arabic pill drew it on the far
              side of the time, gluing the time to the words («سجّل الدخول05:57»). */}
          {booking.state === 'checked_in' && booking.checkedInAt && (
            <>
              {' '}
              <bdi dir="ltr">{bahrainTime(booking.checkedInAt)}</bdi>
            </>
          )}
        </span>
        {canCheckIn && (
          <Button
            size="sm"
            busy={redeem.isPending}
            onClick={() =>
              redeem.mutate({
                venueId,
                text: booking.reference,
                entry: 'keyboard',
                nonce: crypto.randomUUID(),
              })
            }
          >
            {t('day.checkIn')}
            <span className="sr-only">: {booking.name}</span>
          </Button>
        )}
        {(canMark || canUndo) && (
          <Button
            size="sm"
            variant="secondary"
            busy={noShow.isPending}
            onClick={() => noShow.mutate({ id: booking.id, marked: canMark })}
          >
            {t(canMark ? 'day.markNoShow' : 'day.undoNoShow')}
            <span className="sr-only">: {booking.name}</span>
          </Button>
        )}
        {booking.state !== 'cancelled' && <CancelBooking booking={booking} canOverride={canOverride} />}
        {booking.state === 'cancelled' && booking.deskPayment && !booking.deskRefund && canOverride && (
          <RefundAtDesk booking={booking} />
        )}
      </div>
    </li>
  )
}
