import { useEffect, useRef } from 'react'
import { Link, useNavigate } from 'react-router'
import { formatDisplayDate } from '../../../../shared/bahrain-time.ts'
import type { Order } from '../../../../shared/checkout.ts'
import { pagePath } from '../../../../shared/route-manifest.ts'
import { SuccessPanel } from '../../../components/ui/success-panel.tsx'
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
 * "Booking Confirmed", with each visit's reference, before the page moves on by itself to where the
 * tickets are (the spec's timed redirect, to a new destination).
 */
export function BookingConfirmed({ order, email, delayMs, onPlaced, onLeave }: BookingConfirmedProps) {
  const { t, isolated } = useCheckoutText()
  const money = useMoney()
  const localize = useLocalized()
  const navigate = useNavigate()
  const mounted = useRef(false)
  const leave = useRef(onLeave)
  leave.current = onLeave
  const placed = useRef(onPlaced)
  placed.current = onPlaced
  const destination = bookingDestination(order)
  const guest = Boolean(order.bookings[0]?.manageToken)

  useEffect(() => {
    placed.current()
  }, [])

  useEffect(() => {
    mounted.current = true
    const timer = setTimeout(() => void navigate(destination), delayMs)
    return () => {
      clearTimeout(timer)
      mounted.current = false
      // StrictMode remounts at once in development; only a real departure (the timer, the link, or
      // any other navigation) empties the cart.
      setTimeout(() => {
        if (!mounted.current) leave.current()
      }, 0)
    }
  }, [navigate, destination, delayMs])

  return (
    <SuccessPanel title={t('confirmedTitle')}>
      <p role="status" className="mt-3 text-muted">
        {email ? t('confirmedBody', { email: isolated(email) }) : t('confirmedBodyNoEmail')}
      </p>
      {order.bookings.length > 0 && (
        <ul className="mt-5 divide-y divide-brand-900/10 rounded-xl border border-brand-900/10 text-start">
          {order.bookings.map((booking) => (
            <li key={booking.id} className="flex justify-between gap-3 p-3 text-sm">
              <span className="min-w-0">
                <span className="block font-semibold text-brand-900">{localize(booking.gymName)}</span>
                <span className="block text-muted">
                  <span dir="ltr">{formatDisplayDate(booking.date)}</span> ·{' '}
                  <span dir="ltr">{booking.time}</span> ·{' '}
                  {booking.paymentStatus === 'paid' ? t('statusPaid') : t('statusPayAtVenue')}
                </span>
                <span className="block">
                  {t('referenceLabel')}{' '}
                  <span dir="ltr" className="font-mono font-semibold tracking-wider text-ink">
                    {booking.reference}
                  </span>
                  {booking.manageToken && (
                    <>
                      {' · '}
                      <Link
                        to={pagePath('manageBooking', { token: booking.manageToken })}
                        className="font-semibold text-brand-700 hover:underline"
                      >
                        {t('viewTicket')}
                      </Link>
                    </>
                  )}
                </span>
              </span>
              <span className="shrink-0 font-semibold text-brand-800" dir="auto">
                {money(booking.price)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-4 font-semibold text-brand-900">
        {t('total')}: <span dir="auto">{money(order.total)}</span>
      </p>
      <p className="mt-5 text-sm text-muted">
        {guest ? t('redirectTicket') : t('redirectBookings')}{' '}
        <Link to={destination} className="font-semibold text-brand-700 hover:underline">
          {t('goBookings')}
        </Link>
      </p>
    </SuccessPanel>
  )
}
