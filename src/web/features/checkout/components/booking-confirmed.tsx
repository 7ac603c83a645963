import { useEffect, useRef } from 'react'
import { Link, useNavigate } from 'react-router'
import { formatDisplayDate } from '../../../../shared/bahrain-time.ts'
import type { Order } from '../../../../shared/checkout.ts'
import { SuccessPanel } from '../../../components/ui/success-panel.tsx'
import { useLocalized } from '../../../lib/use-localized.ts'
import { useMoney } from '../../../lib/use-money.ts'
import { useCheckoutText } from '../checkout-text.ts'

interface BookingConfirmedProps {
  order: Order
  /** Where the confirmation e-mail goes. */
  email: string | undefined
  /** Where the visitor is taken `delayMs` later. */
  destination: '/' | '/bookings'
  delayMs: number
  /** Runs once the visitor leaves this screen, whichever way: empties the cart and forgets the details. */
  onLeave(): void
}

/** "Booking Confirmed", with what was booked, before the page moves on by itself. */
export function BookingConfirmed({ order, email, destination, delayMs, onLeave }: BookingConfirmedProps) {
  const { t, isolated } = useCheckoutText()
  const money = useMoney()
  const localize = useLocalized()
  const navigate = useNavigate()
  const mounted = useRef(false)
  const leave = useRef(onLeave)
  leave.current = onLeave

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
        {destination === '/bookings' ? t('redirectBookings') : t('redirectHome')}{' '}
        <Link to={destination} className="font-semibold text-brand-700 hover:underline">
          {destination === '/bookings' ? t('goBookings') : t('goHome')}
        </Link>
      </p>
    </SuccessPanel>
  )
}
