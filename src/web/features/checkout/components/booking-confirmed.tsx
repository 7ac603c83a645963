import { useEffect, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { formatDisplayDate } from '../../../../shared/bahrain-time.ts'
import type { Order } from '../../../../shared/checkout.ts'
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
  order: Order
  /** Where the confirmation e-mail goes. */
  email: string | undefined
  /** How long the visitor reads this before being taken to their booking. */
  delayMs: number
  /** Runs as soon as the order is placed: the cart is empty from that moment. */
  onPlaced(): void
  /** Runs once the visitor leaves this screen, whichever way: forgets the checkout's details. */
  onLeave(): void
  /**
   * Shown again for an order confirmed earlier (Back, Forward or a reload of the page that placed
   * it): nothing runs, and the page stays until the visitor moves on.
   */
  restored?: boolean
}

/**
 * Where a visitor finds their booking afterwards (docs/decisions/023): a guest, the page of their
 * signed link (the one their mail has too); an account, My Bookings with the new visit marked.
 */
export function bookingDestination(order: Order): string {
  const first = order.bookings[0]
  if (first?.manageToken) return pagePath('manageBooking', { token: first.manageToken })
  return first ? `${pagePath('bookings')}?highlight=${first.id}` : pagePath('bookings')
}

/**
 * "Booking Confirmed", with each visit's ticket, directions and calendar file, before the page moves
 * on by itself to where the tickets are (the spec's timed redirect, to a new destination), unless
 * the visitor is using it.
 */
export function BookingConfirmed({
  order,
  email,
  delayMs,
  onPlaced,
  onLeave,
  restored = false,
}: BookingConfirmedProps) {
  const { t, isolated } = useCheckoutText()
  const money = useMoney()
  const navigate = useNavigate()
  const mounted = useRef(false)
  const leave = useRef(onLeave)
  leave.current = onLeave
  const placed = useRef(onPlaced)
  placed.current = onPlaced
  // Whether this is the moment of booking. Coming back to it later must not empty a cart filled
  // since, nor forget details typed since.
  const fresh = useRef(!restored)
  const destination = bookingDestination(order)
  const guest = Boolean(order.bookings[0]?.manageToken)
  const [staying, setStaying] = useState(restored)
  const panel = useRef<HTMLDivElement>(null)

  // Using the page (a tap, a key, a focus) keeps the visitor here: the redirect waits for no one
  // who is reading their ticket or adding it to their calendar (docs/decisions/025).
  useEffect(() => {
    const element = panel.current
    if (!element) return
    const stay = () => setStaying(true)
    // The panel's own heading takes the focus as it opens (SuccessPanel): that is not the visitor.
    const focused = (event: FocusEvent) => {
      if (event.target instanceof Element && event.target.matches('a[href], button, input')) stay()
    }
    element.addEventListener('pointerdown', stay)
    element.addEventListener('keydown', stay)
    element.addEventListener('focusin', focused)
    return () => {
      element.removeEventListener('pointerdown', stay)
      element.removeEventListener('keydown', stay)
      element.removeEventListener('focusin', focused)
    }
  }, [])

  useEffect(() => {
    if (fresh.current) placed.current()
  }, [])

  useEffect(() => {
    if (!fresh.current) return
    mounted.current = true
    return () => {
      mounted.current = false
      // StrictMode remounts at once in development; only a real departure (the timer, the link, or
      // any other navigation) empties the cart.
      setTimeout(() => {
        if (!mounted.current) leave.current()
      }, 0)
    }
  }, [])

  useEffect(() => {
    if (staying) return
    const timer = setTimeout(() => void navigate(destination), delayMs)
    return () => clearTimeout(timer)
  }, [navigate, destination, delayMs, staying])

  return (
    <div ref={panel}>
      <SuccessPanel title={t('confirmedTitle')}>
        <p role="status" className="mt-3 text-muted">
          {email ? t('confirmedBody', { email: isolated(email) }) : t('confirmedBodyNoEmail')}
        </p>
        {order.bookings.length > 0 && (
          // A party's tickets together, under the heading the confirmation mail gives them.
          <div className="mt-5 text-start">
            <PartyGroups
              visits={order.bookings}
              listClassName="space-y-4"
              renderVisit={(booking) => <ConfirmedVisit key={booking.id} booking={booking} />}
            />
          </div>
        )}
        <p className="mt-4 font-semibold text-brand-900">
          {t('total')}: <span dir="auto">{money(order.total)}</span>
        </p>
        <p className="mt-5 text-sm text-muted">
          {staying ? t('redirectPaused') : guest ? t('redirectTicket') : t('redirectBookings')}{' '}
          <Link to={destination} className="font-semibold text-brand-700 hover:underline">
            {staying ? (guest ? t('goTicket') : t('goMyBookings')) : t('goBookings')}
          </Link>
        </p>
      </SuccessPanel>
    </div>
  )
}

/** One booked visit: its ticket (QR code and reference), how it is paid, where to go, and its calendar file. */
function ConfirmedVisit({ booking }: { booking: Order['bookings'][number] }) {
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
          <AddToCalendar href={calendarFilePath(owner)} reference={booking.reference} />
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
    </li>
  )
}
