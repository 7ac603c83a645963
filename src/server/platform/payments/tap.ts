/**
 * BENEFIT and cards in dinars through Tap Payments' Charges API (docs/decisions/049). Checkout
 * talks to this interface only; Tap (tap-provider.ts) and the local test mode (tap-test-provider.ts)
 * implement it. Amounts are Tap's decimal strings in BHD with 3 decimals, e.g. "14.000": the
 * server's own total, never converted.
 */

/** Tap's source ids: BENEFIT's page, or Tap's card form (Visa, Mastercard, AMEX, mada). */
export const tapSources = { benefit: 'src_bh.benefit', card_bhd: 'src_card' } as const
export type TapSource = keyof typeof tapSources

/**
 * Tap's final statuses other than CAPTURED: the money did not move and will not for this charge.
 * INITIATED and IN_PROGRESS are still open; UNKNOWN is Tap not knowing yet, treated as open.
 */
export const failedChargeStatuses = [
  'ABANDONED',
  'CANCELLED',
  'FAILED',
  'DECLINED',
  'RESTRICTED',
  'VOID',
  'TIMEDOUT',
] as const

export function chargeFailed(status: string): boolean {
  return (failedChargeStatuses as readonly string[]).includes(status)
}

export interface TapCustomer {
  firstName: string
  lastName: string
  email: string
  /** E.164, e.g. +97336000000: split into Tap's country code and number. */
  phone: string
}

export interface CreateChargeInput {
  /** BHD with 3 decimals, from the server's own total. */
  amount: string
  source: TapSource
  /** Our order id: reference.order, and the idempotency key's root. */
  orderId: string
  description: string
  customer: TapCustomer
  /** Our result page, where Tap sends the visitor back with ?tap_id=. */
  redirectUrl: string
  /** Our webhook. */
  postUrl: string
}

export interface Charge {
  id: string
  /** INITIATED, CAPTURED, DECLINED … (tap.ts failedChargeStatuses). */
  status: string
  amount: string
  currency: string
  /** reference.order as we sent it: the charge must belong to the order it settles. */
  orderId: string | null
  /** Where the payer pays, while the charge is INITIATED. */
  transactionUrl: string | null
  /** What Tap says was used, e.g. BENEFIT or VISA. */
  paymentMethod: string | null
}

export interface TapRefundInput {
  chargeId: string
  /** BHD with 3 decimals: part or all of the charge. */
  amount: string
  /** Ours, stable across retries: Tap's reference.idempotent, so a retry never refunds twice. */
  refundKey: string
  reason: string
}

export interface TapRefund {
  refundId: string
  /** REFUNDED: the money went back; PENDING: waiting on the merchant's Tap balance; DECLINED/FAILED. */
  status: string
}

export interface TapProvider {
  /** 'off': production without Tap (or PAYMENTS_TEST_MODE); 'tap-test': the local test page. */
  readonly kind: 'tap' | 'tap-test' | 'off'
  createCharge(input: CreateChargeInput): Promise<Charge>
  /** GET /v2/charges/{id}: the only source of a charge's result. A charge Tap does not know is 'invalid'. */
  retrieveCharge(chargeId: string): Promise<Charge>
  refund(input: TapRefundInput): Promise<TapRefund>
  /** GET /v2/refunds/{id}: a PENDING refund asked again. */
  retrieveRefund(refundId: string): Promise<TapRefund>
  /** Whether a webhook's hashstring is Tap's signature of its charge, compared in constant time. */
  verifyWebhook(charge: unknown, hashstring: string | undefined): boolean
}

/** BHD as Tap writes it: 14000 fils → "14.000". */
export function filsToBhd(fils: number): string {
  return `${Math.floor(fils / 1000)}.${String(fils % 1000).padStart(3, '0')}`
}

/** An amount Tap wrote (14, "14.000", 14.5) as whole fils; NaN when it is not an amount. */
export function bhdToFils(value: string | number): number {
  const text = typeof value === 'number' ? String(value) : value.trim()
  if (!/^\d+(\.\d{1,3})?$/.test(text)) return Number.NaN
  const [whole = '0', part = ''] = text.split('.')
  return Number(whole) * 1000 + Number(part.padEnd(3, '0'))
}
