/**
 * Taking card payments. Checkout talks to this interface only; PayPal (Orders v2 REST) and the
 * local test mode implement it. Amounts are PayPal's decimal strings in USD, e.g. "26.50".
 */
export interface CreatePaymentInput {
  /** Our total in USD, computed by the server from its own prices. */
  amountUsd: string
  /** Our order id: sent as the purchase unit's reference and used for PayPal-Request-Id. */
  orderId: string
  description: string
}

export interface CaptureResult {
  /** PayPal's capture status; only 'COMPLETED' means the money moved. */
  status: string
  captureId: string
  /** What was actually captured, checked against the order before anything is marked paid. */
  amount: { currencyCode: string; value: string }
}

export interface RefundInput {
  /** The capture the order was paid by (orders.provider_capture_id). */
  captureId: string
  /** Part of the capture, in USD with 2 decimals: one visit of an order of several. */
  amountUsd: string
  /** Ours, stable across retries: sent as PayPal-Request-Id so a retry never refunds twice. */
  refundKey: string
}

export interface RefundResult {
  refundId: string
  /** PayPal's refund status: 'COMPLETED' means the money went back; 'PENDING' that it is on its way. */
  status: string
}

export interface PaymentProvider {
  /** 'off': this site takes no card payments (production without PayPal or PAYMENTS_TEST_MODE). */
  readonly kind: 'paypal' | 'test' | 'off'
  /** The public client id the browser's PayPal SDK needs; null in test mode. */
  readonly clientId: string | null
  createOrder(input: CreatePaymentInput): Promise<{ providerOrderId: string }>
  /** Captures an approved order. Retrying with the same orderId repeats the first result. */
  captureOrder(input: { providerOrderId: string; orderId: string }): Promise<CaptureResult>
  /**
   * The capture the provider holds for this order, or null if none was made. Asked before an unpaid
   * order is given up: a capture whose answer we never received may still have moved the money.
   */
  findCapture(providerOrderId: string): Promise<CaptureResult | null>
  /**
   * Gives part or all of a capture back to the payer's card. The same refundKey repeats the first
   * result. A refusal (e.g. the capture is already fully refunded) is a PaymentError 'declined'.
   */
  refund(input: RefundInput): Promise<RefundResult>
}

/**
 * A payment that did not go through. `declined`: the payer's instrument was refused (retrying with
 * another card can work); `unavailable`: the provider failed, timed out or refused our credentials.
 */
export class PaymentError extends Error {
  constructor(
    readonly kind: 'declined' | 'unavailable' | 'invalid',
    message: string,
    readonly details: { status?: number; issue?: string } = {},
  ) {
    super(message)
  }
}
