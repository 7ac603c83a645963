import { useQuery } from '@tanstack/react-query'
import type { CartItem } from '../../../shared/cart.ts'
import type {
  Order,
  OrderLineRequest,
  OrderRequest,
  PaymentConfig,
  Quote,
  TapResult,
  TestCharge,
} from '../../../shared/checkout.ts'
import {
  capturePaymentRoute,
  decideTestChargeRoute,
  paymentConfigRoute,
  placeOrderRoute,
  quoteRoute,
  startPaymentRoute,
  startRedirectPaymentRoute,
  tapReturnRoute,
  testChargeRoute,
} from '../../../shared/endpoints/checkout-routes.ts'
import { apiPath } from '../../../shared/endpoints/define.ts'
import { sendCodeRoute, verifyCodeRoute } from '../../../shared/endpoints/guest-verification-routes.ts'
import type { Language } from '../../../shared/i18n.ts'
import { ApiError } from '../../lib/api-client.ts'
import { callApi } from '../../lib/call-api.ts'
import { heldOfferFor } from '../waitlist/held-offer.ts'

/** What the server needs to price and book a cart line; a line from an old cart without a pass id has none. */
export function orderLineOf(item: CartItem): OrderLineRequest | undefined {
  if (!item.passId) return undefined
  return { gymId: item.gymId, passId: item.passId, date: item.date, time: item.time, quantity: item.quantity }
}

export function orderLinesOf(items: CartItem[]): OrderLineRequest[] {
  return items.flatMap((item) => orderLineOf(item) ?? [])
}

export const quoteQueryKey = ['checkout', 'quote'] as const

/** The server's prices and bookability for the cart's lines, asked again whenever the lines change. */
export function useQuote(items: CartItem[]) {
  const lines = orderLinesOf(items)
  // A waiting list offer's held places count as free for its line: sent as the order will send it.
  const waitlistOffer = heldOfferFor(lines)
  const body = waitlistOffer ? { items: lines, waitlistOffer } : { items: lines }
  return useQuery({
    queryKey: [...quoteQueryKey, lines, waitlistOffer],
    queryFn: () => callApi<typeof quoteRoute, Quote>(quoteRoute, { body }),
    enabled: lines.length > 0,
    staleTime: 15_000,
  })
}

export function usePaymentConfig() {
  return useQuery({
    queryKey: ['checkout', 'payment-config'],
    queryFn: () => callApi<typeof paymentConfigRoute, PaymentConfig>(paymentConfigRoute),
    staleTime: Number.POSITIVE_INFINITY,
  })
}

export interface CodeSent {
  sent: true
  resendAfterSeconds: number
  expiresInSeconds: number
}

/** A refused code request; `retryAfterSeconds` comes from the 429's retry-after header. */
export class SendCodeError extends ApiError {
  constructor(
    status: number,
    code: string,
    message: string,
    fields: Record<string, string>,
    readonly retryAfterSeconds: number | undefined,
  ) {
    super(status, code, message, fields)
  }
}

// Not apiFetch: a too-early resend says how long to wait in a header, which apiFetch does not expose.
export async function sendCode(email: string, language: Language): Promise<CodeSent> {
  const response = await fetch(apiPath(sendCodeRoute), {
    method: sendCodeRoute.method,
    credentials: 'same-origin',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({ email, language }),
  })
  const body = (await response.json().catch(() => undefined)) as
    | { error?: { code?: string; message?: string; fields?: Record<string, string> } }
    | undefined
  if (response.ok) return body as unknown as CodeSent
  const retryAfter = Number(response.headers.get('retry-after'))
  throw new SendCodeError(
    response.status,
    body?.error?.code ?? 'HTTP_ERROR',
    body?.error?.message ?? '',
    body?.error?.fields ?? {},
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
  )
}

export function verifyCode(email: string, code: string) {
  return callApi<typeof verifyCodeRoute, { proof: string; expiresAt: string }>(verifyCodeRoute, {
    body: { email, code },
  })
}

/** Books the order; the same key with the same body replays the first answer, so a double click books once. */
export function createOrder(request: OrderRequest, idempotencyKey: string) {
  return callApi<typeof placeOrderRoute, Order>(placeOrderRoute, {
    headers: { 'idempotency-key': idempotencyKey },
    body: request,
  })
}

/** Opens the payment at the provider (PayPal, or the server's test provider) for an order awaiting payment. */
export function startPayment(orderId: string, proof: string | undefined) {
  return callApi<typeof startPaymentRoute, { providerOrderId: string }>(startPaymentRoute, {
    params: { id: orderId },
    body: { proof },
  })
}

export function capturePayment(orderId: string, providerOrderId: string, proof: string | undefined) {
  return callApi<typeof capturePaymentRoute, Order>(capturePaymentRoute, {
    params: { id: orderId },
    body: { providerOrderId, proof },
  })
}

/** BENEFIT or a card in BD: makes the Tap charge and answers the page to send the visitor to. */
export function startRedirectPayment(orderId: string, proof: string | undefined) {
  return callApi<typeof startRedirectPaymentRoute, { redirectUrl: string }>(startRedirectPaymentRoute, {
    params: { id: orderId },
    body: { proof },
  })
}

/** Back from Tap's page: the server asks Tap for the charge and answers the order as it now is. */
export function tapReturn(orderId: string, tapId: string, token: string) {
  return callApi<typeof tapReturnRoute, TapResult>(tapReturnRoute, {
    params: { id: orderId },
    body: { tapId, token },
  })
}

/** The test page's charge (Tap's test mode). */
export function testCharge(chargeId: string) {
  return callApi<typeof testChargeRoute, TestCharge>(testChargeRoute, { params: { chargeId } })
}

export function decideTestCharge(chargeId: string, action: 'pay' | 'decline' | 'cancel') {
  return callApi<typeof decideTestChargeRoute, { redirectUrl: string }>(decideTestChargeRoute, {
    params: { chargeId },
    body: { action },
  })
}
