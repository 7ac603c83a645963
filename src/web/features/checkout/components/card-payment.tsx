import { Component, lazy, type ReactNode, Suspense } from 'react'
import { Button, Spinner } from '../../../components/ui/button.tsx'
import { useMoney } from '../../../lib/use-money.ts'
import { usePaymentConfig } from '../api.ts'
import { useCheckoutText } from '../checkout-text.ts'
import type { OrderPlacement } from '../use-order-placement.ts'

const PayPalCheckout = lazy(() =>
  import('./paypal-checkout.tsx').then((module) => ({ default: module.PayPalCheckout })),
)

interface CardPaymentProps {
  /** The total in BD, as the quote gives it. */
  total: string
  placement: OrderPlacement
  /** Builds the guest part of the order at the moment of paying, with the current proof. */
  guest(): Parameters<OrderPlacement['startCardPayment']>[0]
}

/** The payment widget behind Pay Now: PayPal's buttons, or the labelled test mode when PayPal is not set up. */
export function CardPayment({ total, placement, guest }: CardPaymentProps) {
  const { t } = useCheckoutText()
  const money = useMoney()
  const config = usePaymentConfig()

  if (config.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted">
        <Spinner /> {t('loadingPayment')}
      </p>
    )
  }
  if (config.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-accent-600">
        <span>{t('paymentConfigFailed')}</span>
        <Button variant="secondary" size="sm" onClick={() => void config.refetch()}>
          {t('retry')}
        </Button>
      </div>
    )
  }

  const { provider, clientId } = config.data
  if (provider === 'paypal' && clientId) {
    return (
      <div className="space-y-3">
        <p className="rounded-xl bg-sand-100 p-3 text-sm text-ink">{t('popupNote')}</p>
        <WidgetBoundary
          fallback={
            <p role="alert" className="text-sm font-medium text-accent-600">
              {t('buttonsUnavailable')}
            </p>
          }
        >
          <Suspense
            fallback={
              <p role="status" className="flex items-center gap-2 text-sm text-muted">
                <Spinner /> {t('loadingPayment')}
              </p>
            }
          >
            <PayPalCheckout
              clientId={clientId}
              createOrder={() => placement.startCardPayment(guest())}
              onApprove={placement.capture}
              onError={placement.widgetFailed}
            />
          </Suspense>
        </WidgetBoundary>
      </div>
    )
  }

  return (
    <section
      aria-labelledby="test-payment-title"
      className="space-y-3 rounded-xl border-2 border-dashed border-sand-400 bg-sand-50 p-4"
    >
      <h3 id="test-payment-title" className="font-bold text-brand-900">
        {t('testTitle')}
      </h3>
      <p className="text-sm text-muted">{t('testBody')}</p>
      <Button className="w-full" busy={placement.busy} onClick={() => void placement.payInTestMode(guest())}>
        {t('testPay', { total: money(total) })}
      </Button>
    </section>
  )
}

/** Keeps a PayPal failure (its chunk or its buttons could not load) inside the payment panel. */
class WidgetBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children
  }
}
