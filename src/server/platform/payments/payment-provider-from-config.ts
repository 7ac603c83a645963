import type { Config } from '../config.ts'
import { createPayPalProvider } from './paypal-provider.ts'
import { PaymentError, type PaymentProvider } from './provider.ts'
import { createTestPaymentProvider } from './test-provider.ts'

type PayPalSettings = Pick<
  Config,
  | 'NODE_ENV'
  | 'PAYMENTS_TEST_MODE'
  | 'PAYPAL_CLIENT_ID'
  | 'PAYPAL_CLIENT_SECRET'
  | 'PAYPAL_API_BASE'
  | 'PAYPAL_TIMEOUT_MS'
>

/** Real card payments need both credentials. */
export function payPalConfigured(config: Pick<Config, 'PAYPAL_CLIENT_ID' | 'PAYPAL_CLIENT_SECRET'>): boolean {
  return Boolean(config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET)
}

/**
 * How cards are taken: through PayPal when it is set up; otherwise in the labelled test mode (no
 * money moves) outside production, or in production only when PAYMENTS_TEST_MODE asks for it.
 * Production without either takes no cards at all (ADR 016).
 */
export function cardPayments(
  config: Pick<Config, 'NODE_ENV' | 'PAYMENTS_TEST_MODE' | 'PAYPAL_CLIENT_ID' | 'PAYPAL_CLIENT_SECRET'>,
): PaymentProvider['kind'] {
  if (payPalConfigured(config)) return 'paypal'
  return config.NODE_ENV !== 'production' || config.PAYMENTS_TEST_MODE ? 'test' : 'off'
}

export function paymentProviderFromConfig(config: PayPalSettings): PaymentProvider {
  const kind = cardPayments(config)
  if (kind === 'test') return createTestPaymentProvider()
  if (kind === 'off') return cardsOff
  return createPayPalProvider({
    clientId: config.PAYPAL_CLIENT_ID,
    clientSecret: config.PAYPAL_CLIENT_SECRET,
    apiBase: config.PAYPAL_API_BASE,
    timeoutMs: config.PAYPAL_TIMEOUT_MS,
  })
}

/** No card payments: checkout refuses card orders before any of this is asked (place-order.ts). */
const cardsOff: PaymentProvider = {
  kind: 'off',
  clientId: null,
  async createOrder() {
    throw new PaymentError('unavailable', 'Card payments are not set up on this site')
  },
  async captureOrder() {
    throw new PaymentError('unavailable', 'Card payments are not set up on this site')
  },
  async findCapture() {
    return null
  },
  async refund() {
    throw new PaymentError('unavailable', 'Card payments are not set up on this site')
  },
}
