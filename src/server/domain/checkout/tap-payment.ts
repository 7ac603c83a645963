import { createHmac, timingSafeEqual } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { isTapMethod, type Order, type TapMethod } from '../../../shared/checkout.ts'
import { tapWebhookRoute } from '../../../shared/endpoints/checkout-routes.ts'
import { pagePath } from '../../../shared/route-manifest.ts'
import type { Database } from '../../platform/db/database.ts'
import { HttpError } from '../../platform/http/errors.ts'
import type { Caller } from '../../platform/identity/caller.ts'
import { type CaptureResult, PaymentError } from '../../platform/payments/provider.ts'
import { type Charge, chargeFailed, filsToBhd, type TapProvider } from '../../platform/payments/tap.ts'
import { loadBookingsOf } from '../visits/repository.ts'
import {
  accessibleOrder,
  endOrder,
  holdRunning,
  notPayable,
  paymentFailed,
  settleCapture,
} from './card-payment.ts'
import { loadOrder, type OrderRow, payerOfOrder, saveProviderOrder, toOrder } from './order-repository.ts'
import type { CheckoutDeps } from './place-order.ts'

/** Tap's payment page expires 30 minutes after the charge is made: the order's places are held as long. */
export const tapHoldMinutes = 30

export type TapCheckoutDeps = CheckoutDeps & { tap: TapProvider; siteUrl: string; log: FastifyBaseLogger }

const paidThroughTap = (method: OrderRow['payment_method']) => isTapMethod(method)

/**
 * The signed part of our return address: Tap sends the visitor back to it, and it stands for their
 * access to the order's result (a guest's e-mail proof may have run out while they paid). It says
 * nothing about the payment, which is only ever asked of Tap.
 */
export function returnToken(secret: string, orderId: string): string {
  return createHmac('sha256', secret).update(`tap-return:${orderId}`).digest('base64url')
}

function returnTokenValid(secret: string, orderId: string, token: string): boolean {
  const expected = Buffer.from(returnToken(secret, orderId))
  const given = Buffer.from(token)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** Our result page for an order, with its signed token: Tap's redirect.url. */
export function resultPageUrl(siteUrl: string, secret: string, orderId: string): string {
  const base = siteUrl.replace(/\/$/, '')
  return `${base}${pagePath('paymentResult', { orderId })}?t=${returnToken(secret, orderId)}`
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
 * returns the same charge. The hold then runs 30 minutes from the charge, as Tap's page does.
 */
export async function startRedirectPayment(
  deps: TapCheckoutDeps,
  caller: Caller,
  orderId: string,
  proof: string | undefined,
): Promise<{ redirectUrl: string }> {
  const order = await accessibleOrder(deps, caller, orderId, proof)
  if (order.status === 'confirmed' && isTapMethod(order.payment_method))
    return { redirectUrl: resultPageUrl(deps.siteUrl, deps.secret, order.id) }
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
      redirectUrl: resultPageUrl(deps.siteUrl, deps.secret, order.id),
      postUrl: `${deps.siteUrl.replace(/\/$/, '')}${tapWebhookRoute.path}`,
    })
    .catch((error: unknown) => {
      throw paymentFailed(error)
    })
  const saved = await saveProviderOrder(deps.db, order.id, charge.id, deps.tap.kind)
  const chargeId = saved ?? (await loadOrder(deps.db, order.id))?.provider_order_id
  // Another charge was kept for this order first (it cannot be, with Tap's idempotency; never mixed).
  if (chargeId !== charge.id) throw new HttpError(502, 'PAYMENT_UNAVAILABLE')
  await extendHold(deps.db, order.id, new Date(deps.now().getTime() + tapHoldMinutes * 60_000))
  if (charge.status === 'CAPTURED' || !charge.transactionUrl)
    return { redirectUrl: resultPageUrl(deps.siteUrl, deps.secret, order.id) }
  return { redirectUrl: charge.transactionUrl }
}

async function extendHold(db: Database, orderId: string, until: Date) {
  await db
    .updateTable('orders')
    .set({ hold_expires_at: until })
    .where('id', '=', orderId)
    .where('status', '=', 'awaiting_payment')
    .where('hold_expires_at', '<', until)
    .execute()
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
 * statuses end the order and give its places back; INITIATED leaves it waiting. The browser's word
 * is never taken: the return page and the webhook both end here.
 */
export async function settleCharge(
  deps: { db: Database; tap: TapProvider; log: FastifyBaseLogger; now: () => Date },
  order: OrderRow,
  chargeId: string,
): Promise<SettledCharge> {
  if (!isTapMethod(order.payment_method) || order.provider_order_id !== chargeId)
    throw new HttpError(409, 'PAYMENT_NOT_FOUND')
  if (order.status === 'confirmed') return { order, status: 'CAPTURED' }
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
    const settled = await settleCapture(deps, order, chargeAsCapture(charge))
    return { order: settled.order, status: charge.status }
  }
  if (chargeFailed(charge.status)) {
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
 * The result page, after Tap sent the visitor back: checks our signed token, asks Tap (settleCharge)
 * and answers the order as it now is, with Tap's word for the page's wording.
 */
export async function tapReturn(
  deps: TapCheckoutDeps,
  orderId: string,
  input: { tapId: string; token: string },
): Promise<{ order: Order; paymentStatus: string }> {
  if (!returnTokenValid(deps.secret, orderId, input.token)) throw new HttpError(404, 'ORDER_NOT_FOUND')
  const order = await loadOrder(deps.db, orderId)
  if (!order) throw new HttpError(404, 'ORDER_NOT_FOUND')
  const settled = await settleCharge(deps, order, input.tapId)
  return {
    order: toOrder(settled.order, await loadBookingsOf(deps.db, order.id), deps.secret),
    paymentStatus: settled.status,
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
