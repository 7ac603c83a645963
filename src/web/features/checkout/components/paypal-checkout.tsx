import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from '@paypal/react-paypal-js'
import { Spinner } from '../../../components/ui/button.tsx'
import { useErrorText } from '../../../lib/error-text.ts'
import { useCheckoutText } from '../checkout-text.ts'

export interface PayPalCheckoutProps {
  clientId: string
  /** Creates our order and its PayPal order; resolves to PayPal's order id. */
  createOrder(): Promise<string>
  onApprove(providerOrderId: string): Promise<void>
  onError(): void
}

/**
 * PayPal's buttons. This module is imported only once the visitor chooses to pay by card, so the
 * PayPal SDK never loads on any other page. The amount comes from the server, never from here.
 */
export function PayPalCheckout({ clientId, ...handlers }: PayPalCheckoutProps) {
  return (
    <PayPalScriptProvider options={{ clientId, currency: 'USD', intent: 'capture' }}>
      <Buttons {...handlers} />
    </PayPalScriptProvider>
  )
}

function Buttons({ createOrder, onApprove, onError }: Omit<PayPalCheckoutProps, 'clientId'>) {
  const { t } = useCheckoutText()
  const errorText = useErrorText()
  const [{ isPending, isRejected }] = usePayPalScriptReducer()
  if (isRejected) {
    return (
      <p role="alert" className="text-sm font-medium text-accent-600">
        {errorText('SDK_FAILED')}
      </p>
    )
  }
  if (isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted">
        <Spinner /> {t('loadingPayment')}
      </p>
    )
  }
  return (
    <PayPalButtons
      style={{ layout: 'vertical', shape: 'pill', label: 'pay' }}
      createOrder={() => createOrder()}
      onApprove={(data) => onApprove(data.orderID)}
      onError={() => onError()}
    />
  )
}
