import { useEffect, useRef } from 'react'
import { Link, useNavigate } from 'react-router'
import { formatDisplayDate } from '../../../../shared/bahrain-time.ts'
import type { MyOrder, Order, OrderStanding } from '../../../../shared/checkout.ts'
import { groupParties } from '../../../../shared/party.ts'
import { pagePath } from '../../../../shared/route-manifest.ts'
import { calendarFilePath, ticketQrPath } from '../../../../shared/tickets.ts'
import { SuccessPanel } from '../../../components/ui/success-panel.tsx'
import { AddToCalendar } from '../../../components/visit/add-to-calendar.tsx'
import { PartyGroups } from '../../../components/visit/party-groups.tsx'
import { VenueDirections } from '../../../components/visit/venue-directions.tsx'
import { useLocalized } from '../../../lib/use-localized.ts'
import { useMoney } from '../../../lib/use-money.ts'
import { useCheckoutText } from '../checkout-text.ts'

interface BookingConfirmedProps {
  /** The order, as placed or as its page reads it again. */
  order: Order | MyOrder
  /** Where the confirmation e-mail goes. */
  email: string | undefined
  /** Just placed (the checkout moved here): "Booking Confirmed"; else the order's own heading. */
  justPlaced: boolean
}

/**
 * The page a placed order lives at (docs/booking.md, "An order's own page"): a guest's, the page of
 * their signed link (the one their mail has too); an account's, its order page. The checkout moves
 * there in place of itself, so Back, Forward and a reload show the order, never the form again.
 */
export function orderPagePath(order: Pick<Order, 'id' | 'bookings'>): string {
  const first = order.bookings[0]
  if (first?.manageToken) return pagePath('manageBooking', { token: first.manageToken })
  return pagePath('bookingOrder', { orderId: order.id })
}

/** What the checkout leaves on the order page's history entry: the order was just placed, told where. */
export interface JustPlaced {
  confirmed: { email?: string }
}

/**
 * Moves from the checkout to the order's own page once the order is confirmed, in place of the
 * checkout's history entry. `fresh` is the moment of booking: the cart empties and the checkout's
 * details go then; an order brought back from an old entry only moves.
 */
export function MoveToOrder({
  order,
  email,
  fresh,
  onPlaced,
}: {
  order: Pick<Order, 'id' | 'bookings'>
  email: string | undefined
  fresh: boolean
  onPlaced(): void
}) {
  const { t } = useCheckoutText()
  const navigate = useNavigate()
  const placed = useRef(onPlaced)
  placed.current = onPlaced
  const destination = orderPagePath(order)
  useEffect(() => {
    if (fresh) placed.current()
    const state: JustPlaced = { confirmed: email ? { email } : {} }
    void navigate(destination, { replace: true, state })
  }, [navigate, destination, fresh, email])
  return (
    <p role="status" className="container-page py-10 text-center text-muted">
      {t('confirmedMoving')}
    </p>
  )
}

/**
 * "Booking Confirmed" (or, later, the order), with each visit's ticket, directions and calendar
 * file, grouped by party as the mail groups them, and the way to My Bookings.
 */
export function BookingConfirmed({ order, email, justPlaced }: BookingConfirmedProps) {
  const { t, isolated } = useCheckoutText()
  const money = useMoney()
  const parties = groupParties(order.bookings, (visit) => ({
    venueId: visit.gymId,
    date: visit.date,
    time: visit.time,
  }))
  const partyOf = (booking: { id: number }) =>
    parties.find(({ members }) => members.some((member) => member.id === booking.id))?.members ?? []
  return (
    <SuccessPanel title={justPlaced ? t('confirmedTitle') : t('orderTitle')}>
      <p role="status" className="mt-3 text-muted">
        {!justPlaced
          ? t('orderBody')
          : email
            ? t('confirmedBody', { email: isolated(email) })
            : t('confirmedBodyNoEmail')}
      </p>
      {order.bookings.length > 0 && (
        // A party's tickets together, under the heading the confirmation mail gives them.
        <div className="mt-5 text-start">
          <PartyGroups
            visits={order.bookings}
            listClassName="space-y-4"
            // One calendar entry per party and hour, with its people (ADR 025), not one per ticket.
            renderPartyAction={(members) => <PartyCalendar members={members} />}
            renderVisit={(booking) => (
              <ConfirmedVisit key={booking.id} booking={booking} alone={partyOf(booking).length === 1} />
            )}
          />
        </div>
      )}
      {'standing' in order && order.standing.cancelledPeople > 0 ? (
        <OrderStandingLines standing={order.standing} />
      ) : (
        <p className="mt-4 font-semibold text-brand-900">
          {t('total')}: <span dir="auto">{money(order.total)}</span>
        </p>
      )}
      <p className="mt-1 text-sm text-muted" data-payment-method={order.paymentMethod}>
        {t('paidWith')}: {t(`method.${order.paymentMethod}`)}
      </p>
      <p className="mt-5 text-sm">
        <Link to={pagePath('bookings')} className="font-semibold text-brand-700 hover:underline">
          {t('goMyBookings')}
        </Link>
      </p>
    </SuccessPanel>
  )
}

/**
 * What is left of an order once people of it are cancelled: how many still go, what was paid, what
 * went back or is on its way back, or what is still to pay at the venue.
 */
function OrderStandingLines({ standing }: { standing: OrderStanding }) {
  const { t } = useCheckoutText()
  const money = useMoney()
  const rows: [string, number][] = [
    [t('standing.paid'), standing.paidFils],
    [t('standing.refunded'), standing.refundedFils],
    [t('standing.refundPending'), standing.refundPendingFils],
    [t('standing.dueAtVenue'), standing.dueAtVenueFils],
  ]
  return (
    <div className="mt-4 space-y-1 rounded-xl bg-sand-100 px-4 py-3 text-start">
      <p className="font-semibold text-brand-900">
        {t('standing.people', { count: standing.people, cancelled: standing.cancelledPeople })}
      </p>
      <dl className="space-y-1 text-sm">
        {rows
          .filter(([, fils]) => fils > 0)
          .map(([label, fils]) => (
            <div key={label} className="flex justify-between gap-3">
              <dt className="text-muted">{label}</dt>
              <dd className="font-semibold text-brand-900" dir="auto">
                {money(fils)}
              </dd>
            </div>
          ))}
      </dl>
    </div>
  )
}

/** A party's one "Add to calendar": the entry of its people still booked (the file of its first one). */
function PartyCalendar({
  members,
}: {
  members: readonly (Order['bookings'][number] | MyOrder['bookings'][number])[]
}) {
  const booked = members.find((member) => !('cancellation' in member && member.cancellation.cancelledAt))
  if (!booked) return null
  const owner = booked.manageToken ? { token: booked.manageToken } : { bookingId: booked.id }
  return <AddToCalendar href={calendarFilePath(owner)} reference={booked.reference} />
}

/** One booked visit: its ticket (QR code and reference), how it is paid, where to go, and its calendar file. */
function ConfirmedVisit({
  booking,
  alone,
}: {
  booking: Order['bookings'][number] | MyOrder['bookings'][number]
  /** Booked alone, so its calendar file is here; a party's is beside its heading. */
  alone: boolean
}) {
  const { t } = useCheckoutText()
  const money = useMoney()
  const localize = useLocalized()
  const owner = booking.manageToken ? { token: booking.manageToken } : { bookingId: booking.id }
  return (
    <li
      aria-labelledby={`visit-${booking.id}`}
      className="rounded-xl border border-brand-900/10 p-4"
      data-reference={booking.reference}
    >
      <div className="flex justify-between gap-3 text-sm">
        <span className="min-w-0">
          <span id={`visit-${booking.id}`} className="block font-semibold text-brand-900">
            {localize(booking.gymName)}
          </span>
          <span className="block text-muted">
            <span dir="ltr">{formatDisplayDate(booking.date)}</span> · <span dir="ltr">{booking.time}</span> ·{' '}
            {booking.paymentStatus === 'paid' ? t('statusPaid') : t('statusPayAtVenue')}
          </span>
        </span>
        <span className="shrink-0 font-semibold text-brand-800" dir="auto">
          {money(booking.price)}
        </span>
      </div>
      {'cancellation' in booking && booking.cancellation.cancelledAt ? (
        <p className="mt-3 flex flex-wrap justify-between gap-2 rounded-lg bg-sand-100 px-3 py-2 text-sm">
          <span className="font-semibold text-brand-950">{t('visitCancelled')}</span>
          <span dir="ltr" className="font-mono text-muted">
            {booking.reference}
          </span>
        </p>
      ) : (
        <div className="mt-3 flex flex-col items-center gap-3 text-center">
          <img
            src={ticketQrPath(owner)}
            alt={t('qrAlt', { reference: booking.reference })}
            width={200}
            height={200}
            className="aspect-square w-48 bg-white [image-rendering:pixelated]"
          />
          <p>
            <span className="block text-xs font-semibold text-muted">{t('referenceLabel')}</span>
            <span dir="ltr" className="font-mono text-xl font-bold tracking-widest text-ink">
              {booking.reference}
            </span>
          </p>
          <VenueDirections venueId={booking.gymId} address={localize(booking.location)} />
          <div className="flex flex-wrap items-center justify-center gap-3">
            {alone && <AddToCalendar href={calendarFilePath(owner)} reference={booking.reference} />}
            {booking.manageToken && (
              <Link
                to={pagePath('manageBooking', { token: booking.manageToken })}
                className="text-sm font-semibold text-brand-700 hover:underline"
              >
                {t('viewTicket')}
              </Link>
            )}
          </div>
        </div>
      )}
    </li>
  )
}
