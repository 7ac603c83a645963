import { createHmac, timingSafeEqual } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { TapResult } from '../../../shared/checkout.ts'
import { tapWebhookRoute } from '../../../shared/endpoints/checkout-routes.ts'
import { paysThrough, type TapMethod } from '../../../shared/payment-methods.ts'
import { pagePath } from '../../../shared/route-manifest.ts'
import type { Database } from '../../platform/db/database.ts'
import { HttpError } from '../../platform/http/errors.ts'
import type { Caller } from '../../platform/identity/caller.ts'
import { type CaptureResult, PaymentError } from '../../platform/payments/provider.ts'
import { type Charge, chargeFailed, filsToBhd, type TapProvider } from '../../platform/payments/tap.ts'
import { attemptLateRefund } from '../refunds/late-refunds.ts'
import {
  accessibleOrder,
  endOrder,
  holdRunning,
  notPayable,
  paymentFailed,
  settleCapture,
} from './card-payment.ts'
import { isLateCapture, loadLatePayment, settleLateCapture } from './late-payment.ts'
import { loadOrder, type OrderRow, payerOfOrder, saveProviderOrder } from './order-repository.ts'
import type { CheckoutDeps } from './place-order.ts'

/** Tap's payment page expires 30 minutes after the charge is made. */
export const tapPageMinutes = 30

export type TapCheckoutDeps = CheckoutDeps & { tap: TapProvider; siteUrl: string; log: FastifyBaseLogger }

const paidThroughTap = (method: OrderRow['payment_method']) => paysThrough(method, 'tap')

/**
 * How long after the charge our return address still answers: Tap's page lives 30 minutes, and a
 * payment made in its last moment still brings the visitor back, and a reload or two, after it.
 */
export const returnGraceMinutes = 5

/** When the return address of a charge made at `chargedAt` stops answering: with the payment. */
export function returnLinkExpiry(chargedAt: Date): Date {
  return new Date(chargedAt.getTime() + (tapPageMinutes + returnGraceMinutes) * 60_000)
}

/**
 * The signed part of our return address: Tap sends the visitor back to it, and it stands for their
 * access to the order's result (a guest's e-mail proof may have run out while they paid), until the
 * payment's end it carries (`<unix seconds>.<signature>`). It says nothing about the payment, which
 * is only ever asked of Tap, and opens nothing but the order's status (docs/security.md).
 */
export function returnToken(secret: string, orderId: string, expiresAt: Date): string {
  const expiry = Math.floor(expiresAt.getTime() / 1000)
  return `${expiry}.${returnSignature(secret, orderId, expiry)}`
}

function returnSignature(secret: string, orderId: string, expiry: number): string {
  return createHmac('sha256', secret).update(`tap-return:${orderId}:${expiry}`).digest('base64url')
}

/** The token's end when its signature holds for this order; undefined for a forged or altered one. */
function returnTokenExpiry(secret: string, orderId: string, token: string): Date | undefined {
  const match = /^([1-9][0-9]{8,10})\.([A-Za-z0-9_-]{43})$/.exec(token)
  if (!match) return undefined
  const expiry = Number(match[1])
  const expected = Buffer.from(returnSignature(secret, orderId, expiry))
  const given = Buffer.from(match[2] ?? '')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
  return new Date(expiry * 1000)
}

/** Our result page for an order, with its signed token: Tap's redirect.url. */
export function resultPageUrl(siteUrl: string, secret: string, orderId: string, expiresAt: Date): string {
  const base = siteUrl.replace(/\/$/, '')
  return `${base}${pagePath('paymentResult', { orderId })}?t=${returnToken(secret, orderId, expiresAt)}`
}

/** A Tap charge's result in the shape the shared confirm path reads (PayPal's COMPLETED is Tap's CAPTURED). */
export function chargeAsCapture(charge: Charge): CaptureResult {
  return {
    status: charge.status === 'CAPTURED' ? 'COMPLETED' : charge.status,
    captureId: charge.id,
    amount: { currencyCode: charge.currency, value: charge.amount },
  }
}

/**
 * Makes the Tap charge for an unpaid BENEFIT or card-in-BD order, for the server's own total in BHD,
 * and answers where to send the visitor (Tap's transaction.url). Asked again, Tap's idempotency
 * returns the same charge. The order's hold keeps the end its placing set: starting the payment
 * again never holds the places longer. A payment made on Tap's page after the hold ended is a late
 * payment (late-payment.ts): booked if its places are still free, refunded if not.
 */
export async function startRedirectPayment(
  deps: TapCheckoutDeps,
  caller: Caller,
  orderId: string,
  proof: string | undefined,
): Promise<{ redirectUrl: string }> {
  const order = await accessibleOrder(deps, caller, orderId, proof)
  const resultPage = resultPageUrl(deps.siteUrl, deps.secret, order.id, returnLinkExpiry(deps.now()))
  if (order.status === 'confirmed' && paysThrough(order.payment_method, 'tap'))
    return { redirectUrl: resultPage }
  if (!holdRunning(order, deps.now(), paidThroughTap)) throw notPayable()
  if (deps.tap.kind === 'off') throw new HttpError(409, 'TAP_PAYMENTS_OFF')
  const payer = await payerOfOrder(deps.db, order)
  const charge = await deps.tap
    .createCharge({
      amount: filsToBhd(order.total_fils),
      source: order.payment_method as TapMethod,
      orderId: order.id,
      description: `DayPass Bahrain booking ${order.id.slice(0, 8)}`,
      customer: payer,
      redirectUrl: resultPage,
      postUrl: `${deps.siteUrl.replace(/\/$/, '')}${tapWebhookRoute.path}`,
    })
    .catch((error: unknown) => {
      throw paymentFailed(error)
    })
  const saved = await saveProviderOrder(deps.db, order.id, charge.id, deps.tap.kind)
  const chargeId = saved ?? (await loadOrder(deps.db, order.id))?.provider_order_id
  // Another charge was kept for this order first (it cannot be, with Tap's idempotency; never mixed).
  if (chargeId !== charge.id) throw new HttpError(502, 'PAYMENT_UNAVAILABLE')
  if (charge.status === 'CAPTURED' || !charge.transactionUrl) return { redirectUrl: resultPage }
  return { redirectUrl: charge.transactionUrl }
}

export interface SettledCharge {
  order: OrderRow
  /** Tap's status of the charge, or the order's own word when Tap was not asked (already paid). */
  status: string
}

/**
 * Asks Tap for the order's charge and acts on its answer: CAPTURED for the exact amount in BHD
 * books the order as paid (the confirm path PayPal's capture uses, so two callers at once give one
 * confirmation and one set of mails); DECLINED, CANCELLED, FAILED, ABANDONED and the other final
 * statuses end the order and give its places back; INITIATED leaves it waiting. CAPTURED for an
 * order that has ended (its hold ran out, or the amount was not the order's) is a late payment,
 * booked or refunded (late-payment.ts). The browser's word is never taken: the return page and the
 * webhook both end here.
 */
export async function settleCharge(
  deps: { db: Database; tap: TapProvider; log: FastifyBaseLogger; now: () => Date },
  order: OrderRow,
  chargeId: string,
): Promise<SettledCharge> {
  if (!paysThrough(order.payment_method, 'tap') || order.provider_order_id !== chargeId)
    throw new HttpError(409, 'PAYMENT_NOT_FOUND')
  if (order.status === 'confirmed') return { order, status: 'CAPTURED' }
  // A late payment already booked or refunded: Tap's retries are answered without asking it again.
  const late = order.status === 'awaiting_payment' ? undefined : await loadLatePayment(deps.db, order.id)
  if (late) {
    if (late.outcome === 'refund_pending') await attemptLateRefund(deps, order.id)
    return { order, status: 'CAPTURED' }
  }
  if (order.payment_provider !== deps.tap.kind) throw new HttpError(502, 'PAYMENT_UNAVAILABLE')
  const charge = await deps.tap.retrieveCharge(chargeId).catch((error: unknown) => {
    if (error instanceof PaymentError && error.kind === 'invalid')
      throw new HttpError(409, 'PAYMENT_NOT_FOUND')
    throw paymentFailed(error)
  })
  if (charge.id !== chargeId || (charge.orderId !== null && charge.orderId !== order.id)) {
    deps.log.error(
      { orderId: order.id, chargeId, chargeOrder: charge.orderId },
      'Tap charge of another order',
    )
    throw new HttpError(409, 'PAYMENT_NOT_FOUND')
  }
  if (charge.status === 'CAPTURED') {
    if (order.status === 'awaiting_payment') {
      const settled = await settleCapture(deps, order, chargeAsCapture(charge)).catch((error: unknown) => {
        // The amount was not the order's (settleCapture ended it), or the sweeper ended it meanwhile.
        if (isLateCapture(error)) return undefined
        throw error
      })
      if (settled) return { order: settled.order, status: charge.status }
    }
    const current = (await loadOrder(deps.db, order.id)) ?? order
    return { order: await settleLateCapture(deps, current, charge), status: charge.status }
  }
  if (chargeFailed(charge.status) && order.status === 'awaiting_payment') {
    const reason = `Tap: ${charge.status}`
    await endOrder(deps.db, order.id, 'payment_failed', reason, deps.now())
    deps.log.info(
      { orderId: order.id, chargeId, status: charge.status },
      'Tap charge not paid: places released',
    )
  }
  return { order: (await loadOrder(deps.db, order.id)) ?? order, status: charge.status }
}

/**
 * The result page, after Tap sent the visitor back: checks our signed token and its end, asks Tap
 * (settleCharge) and answers the order's status only, with Tap's word for the page's wording. No
 * booking and no guest link is in it: the guest's links go by mail (ADR 031), so a result address
 * kept in a browser's history opens nothing more, and nothing at all once the payment has ended.
 */
export async function tapReturn(
  deps: TapCheckoutDeps,
  orderId: string,
  input: { tapId: string; token: string },
): Promise<TapResult> {
  const expiry = returnTokenExpiry(deps.secret, orderId, input.token)
  if (!expiry) throw new HttpError(404, 'ORDER_NOT_FOUND')
  if (expiry.getTime() <= deps.now().getTime()) throw new HttpError(410, 'PAYMENT_LINK_EXPIRED')
  const order = await loadOrder(deps.db, orderId)
  if (!order) throw new HttpError(404, 'ORDER_NOT_FOUND')
  const settled = await settleCharge(deps, order, input.tapId)
  return {
    status: settled.order.status,
    paymentStatus: settled.status,
    paymentMethod: settled.order.payment_method,
  }
}

/**
 * Tap's webhook: nothing in it is read before its hashstring is verified (401 otherwise, nothing
 * changed). The charge it names is then asked of Tap, as the return page does; one that belongs to
 * no order of ours is acknowledged and left alone, so Tap stops sending it.
 */
export async function tapWebhook(
  deps: TapCheckoutDeps,
  body: unknown,
  hashstring: string | undefined,
): Promise<{ received: true }> {
  if (!deps.tap.verifyWebhook(body, hashstring)) throw new HttpError(401, 'WEBHOOK_SIGNATURE_INVALID')
  const chargeId = (body as { id?: unknown }).id
  if (typeof chargeId !== 'string' || chargeId.length > 100) return { received: true }
  const order = await deps.db
    .selectFrom('orders')
    .selectAll()
    .where('provider_order_id', '=', chargeId)
    .executeTakeFirst()
  if (!order) {
    deps.log.warn({ chargeId }, 'Tap webhook for a charge of no order')
    return { received: true }
  }
  await settleCharge(deps, order, chargeId)
  return { received: true }
}
