import type { Config } from '../../config.ts'
import { createPayPalProvider } from './paypal-provider.ts'
import type { PaymentProvider } from './provider.ts'
import { createTestPaymentProvider } from './test-provider.ts'

type PayPalSettings = Pick<
  Config,
  'PAYPAL_CLIENT_ID' | 'PAYPAL_CLIENT_SECRET' | 'PAYPAL_API_BASE' | 'PAYPAL_TIMEOUT_MS'
>

/** Real card payments need both credentials; with either missing, the labelled test mode is used. */
export function payPalConfigured(config: Pick<Config, 'PAYPAL_CLIENT_ID' | 'PAYPAL_CLIENT_SECRET'>): boolean {
  return Boolean(config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET)
}

export function paymentProviderFromConfig(config: PayPalSettings): PaymentProvider {
  if (!payPalConfigured(config)) return createTestPaymentProvider()
  return createPayPalProvider({
    clientId: config.PAYPAL_CLIENT_ID,
    clientSecret: config.PAYPAL_CLIENT_SECRET,
    apiBase: config.PAYPAL_API_BASE,
    timeoutMs: config.PAYPAL_TIMEOUT_MS,
  })
}
