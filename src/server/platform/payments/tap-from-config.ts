import type { Config } from '../config.ts'
import { PaymentError } from './provider.ts'
import type { TapProvider } from './tap.ts'
import { createTapProvider } from './tap-provider.ts'
import { createTapTestProvider, type TapTestGateway } from './tap-test-provider.ts'

type TapSettings = Pick<
  Config,
  'NODE_ENV' | 'PAYMENTS_TEST_MODE' | 'TAP_SECRET_KEY' | 'TAP_API_BASE' | 'TAP_TIMEOUT_MS'
>

/**
 * How BENEFIT and cards in BD are taken, by the same rule as PayPal's cards (ADR 016, 049): through
 * Tap when its secret key is set; otherwise in the labelled test mode outside production, or in
 * production only with PAYMENTS_TEST_MODE; else not at all.
 */
export function tapPayments(
  config: Omit<TapSettings, 'TAP_API_BASE' | 'TAP_TIMEOUT_MS'>,
): TapProvider['kind'] {
  if (config.TAP_SECRET_KEY) return 'tap'
  return config.NODE_ENV !== 'production' || config.PAYMENTS_TEST_MODE ? 'tap-test' : 'off'
}

export function tapProviderFromConfig(config: TapSettings): TapProvider & Partial<TapTestGateway> {
  const kind = tapPayments(config)
  if (kind === 'tap-test') return createTapTestProvider()
  if (kind === 'off') return tapOff
  return createTapProvider({
    secretKey: config.TAP_SECRET_KEY,
    apiBase: config.TAP_API_BASE,
    timeoutMs: config.TAP_TIMEOUT_MS,
  })
}

function off(): never {
  throw new PaymentError('unavailable', 'BENEFIT and card payments in BD are not set up on this site')
}

/** No Tap: checkout refuses BENEFIT and card-in-BD orders before any of this is asked (place-order.ts). */
const tapOff: TapProvider = {
  kind: 'off',
  createCharge: async () => off(),
  retrieveCharge: async () => off(),
  refund: async () => off(),
  retrieveRefund: async () => off(),
  verifyWebhook: () => false,
}
