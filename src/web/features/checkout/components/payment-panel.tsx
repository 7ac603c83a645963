import { clsx } from 'clsx'
import { useEffect, useRef, useState } from 'react'
import type { CartItem } from '../../../../shared/cart.ts'
import type { OrderGuest, PaymentConfig } from '../../../../shared/checkout.ts'
import { type PaymentMethod, paysThrough } from '../../../../shared/payment-methods.ts'
import { Button } from '../../../components/ui/button.tsx'
import { useMoney } from '../../../lib/use-money.ts'
import { useCheckoutText } from '../checkout-text.ts'
import { isLineRefusal } from '../line-problems.ts'
import type { OrderPlacement } from '../use-order-placement.ts'
import { CardPayment } from './card-payment.tsx'
import { FailureNotice } from './failure-notice.tsx'

interface PaymentPanelProps {
  method: PaymentMethod
  onMethodChange(method: PaymentMethod): void
  /** Some venue takes payment at reception only: card is off. */
  venueOnly: boolean
  /** The card payments this site takes (undefined while asking): 'off' disables the card choice. */
  cards: PaymentConfig['provider'] | undefined
  /** BENEFIT and cards in BD through Tap (undefined while asking): 'off' hides both choices. */
  tap: PaymentConfig['tap'] | undefined
  /**
   * The total in BD of the lines that can be booked; undefined while quoting, null when none can
   * (a dash, never "BD 0.000").
   */
  total: string | undefined | null
  /** How many lines cannot be booked as they stand, and are left out of the total. */
  without: number
  /** Everything needed is there: a bookable quote and, for a guest, complete and verified details. */
  ready: boolean
  /** Why the action is not available yet, shown under it. */
  blocker: string | undefined
  placement: OrderPlacement
  items: CartItem[]
  onConfirmVenue(): void
  guest(): OrderGuest | undefined
}

/** How to pay, the total, and the action: Confirm Booking at the venue, or Pay Now by card. */
export function PaymentPanel(props: PaymentPanelProps) {
  const { method, venueOnly, cards, tap, total, ready, blocker, placement } = props
  const { t } = useCheckoutText()
  const money = useMoney()
  const [revealed, setRevealed] = useState(false)
  const widget = useRef<HTMLElement>(null)
  const showWidget = method === 'card' && revealed && ready

  // Keyboard and screen-reader users are taken to the payment widget that Pay Now reveals.
  useEffect(() => {
    if (showWidget) widget.current?.focus()
  }, [showWidget])

  const choice = (value: PaymentMethod, title: string, hint: string) => {
    const disabled = value !== 'venue' && (venueOnly || (value === 'card' && cards === 'off'))
    return (
      <label
        className={clsx(
          'flex items-start gap-3 rounded-xl border p-3.5 has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:outline-3 has-focus-visible:outline-brand-500',
          disabled
            ? 'cursor-not-allowed border-brand-900/10 opacity-60'
            : 'cursor-pointer border-brand-900/20',
        )}
      >
        <input
          type="radio"
          name="paymentMethod"
          value={value}
          checked={method === value}
          disabled={disabled}
          onChange={() => props.onMethodChange(value)}
          className="mt-1 size-4 accent-brand-700"
        />
        <span>
          <span className="block font-semibold text-brand-900">{title}</span>
          <span className="block text-sm text-muted">{hint}</span>
        </span>
      </label>
    )
  }

  return (
    <section aria-labelledby="payment-title" className="space-y-5 rounded-card bg-white p-5 shadow-card">
      <h2 id="payment-title" className="text-xl font-bold text-brand-900">
        {t('paymentTitle')}
      </h2>
      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm font-semibold text-ink">{t('paymentMethod')}</legend>
        {/* BENEFIT and cards in BD, through Tap: hidden where Tap is off (production without it). */}
        {tap &&
          tap !== 'off' &&
          choice('benefit', t('payBenefit'), t(tap === 'test' ? 'tapTestHint' : 'payBenefitHint'))}
        {tap &&
          tap !== 'off' &&
          choice('card_bhd', t('payCardBhd'), t(tap === 'test' ? 'tapTestHint' : 'payCardBhdHint'))}
        {choice('card', t('payByCard'), t(cards === 'test' ? 'payByCardTestHint' : 'payByCardHint'))}
        {choice('venue', t('payAtVenue'), t('payAtVenueHint'))}
        {(venueOnly || cards === 'off') && (
          <p className="rounded-xl bg-sand-100 p-3 text-sm text-ink">
            {t(venueOnly ? 'venueOnlyNote' : 'cardsOffNote')}
          </p>
        )}
      </fieldset>
      <div className="flex items-center justify-between rounded-xl bg-brand-900 px-4 py-3 text-white">
        <span className="font-semibold">{t('total')}</span>
        <span className="text-xl font-bold" dir="auto" aria-live="polite">
          {total === undefined ? '…' : total === null ? '—' : money(total)}
        </span>
      </div>
      {props.without > 0 && total !== null && (
        <p className="-mt-3 text-sm text-muted">{t('totalWithout', { count: props.without })}</p>
      )}
      {/* A refusal about some lines is said on those lines (the summary), not again here. */}
      {placement.failure && !isLineRefusal(placement.failure.error) && (
        <FailureNotice failure={placement.failure} items={props.items} />
      )}
      {paysThrough(method, 'tap') ? (
        <div className="space-y-2">
          {tap === 'test' && (
            <p className="rounded-xl border-2 border-dashed border-sand-400 bg-sand-50 p-3 text-sm text-ink">
              <span className="block font-bold text-brand-900">{t('testTitle')}</span>
              {t('tapTestBody')}
            </p>
          )}
          <p className="text-sm text-muted">
            {t(method === 'benefit' ? 'benefitRedirectNote' : 'cardBhdRedirectNote')}
          </p>
          <Button
            size="lg"
            variant="accent"
            className="w-full"
            disabled={!ready}
            busy={placement.busy}
            onClick={() => void placement.payByRedirect(method, props.guest())}
          >
            {t(method === 'benefit' ? 'payBenefitNow' : 'payCardBhdNow', {
              total: total ? money(total) : '',
            })}
          </Button>
        </div>
      ) : method === 'venue' ? (
        <Button
          size="lg"
          variant="accent"
          className="w-full"
          disabled={!ready}
          busy={placement.busy}
          onClick={props.onConfirmVenue}
        >
          {t('confirmBooking')}
        </Button>
      ) : showWidget ? (
        <section ref={widget} tabIndex={-1} aria-label={t('cardWidget')} className="focus:outline-none">
          <CardPayment total={total ?? ''} placement={placement} guest={props.guest} />
        </section>
      ) : (
        <Button
          size="lg"
          variant="accent"
          className="w-full"
          disabled={!ready}
          onClick={() => setRevealed(true)}
        >
          {t('payNow')}
        </Button>
      )}
      {blocker && <p className="text-sm text-muted">{blocker}</p>}
    </section>
  )
}
