import type { FastifyBaseLogger } from 'fastify'
import type { Order } from '../../../shared/checkout.ts'
import { paysThrough } from '../../../shared/payment-methods.ts'
import type { Database } from '../../platform/db/database.ts'
import { HttpError } from '../../platform/http/errors.ts'
import type { Caller } from '../../platform/identity/caller.ts'
import { type CaptureResult, PaymentError } from '../../platform/payments/provider.ts'
import { bhdToFils, filsToBhd } from '../../platform/payments/tap.ts'
import { usdCentsToString, usdStringToCents } from '../../platform/payments/usd.ts'
import { notVerified, provenEmail } from '../accounts/booker.ts'
import { releasePlaces, slotCounts } from '../places/slot-occupancy.ts'
import { type BookingRow, loadBookingsOf } from '../visits/repository.ts'
import { claimsBesideOffer, giveBackOrderOffer } from '../waitlist/use-offer.ts'
import { confirmOrderVisits } from './confirm-order.ts'
import {
  endUnpaidOrder,
  guestOfOrder,
  linesOfOrder,
  loadOrder,
  markOrderPaid,
  type OrderRow,
  orderLines,
  saveProviderOrder,
  toOrder,
} from './order-repository.ts'
import type { CheckoutDeps } from './place-order.ts'

function notFound(): HttpError {
  return new HttpError(404, 'ORDER_NOT_FOUND')
}

/** The order, if the caller may act on it: its account, or a guest proving the order's e-mail. */
export async function accessibleOrder(
  deps: CheckoutDeps,
  caller: Caller,
  orderId: string,
  proof: string | undefined,
): Promise<OrderRow> {
  const order = await loadOrder(deps.db, orderId)
  if (!order) throw notFound()
  if (order.user_id) {
    // Someone else's order looks the same as no order at all.
    if (caller.kind !== 'account' || caller.id !== order.user_id) throw notFound()
  } else {
    const email = provenEmail(deps.secret, proof, deps.now())
    if (email !== order.contact_email.toLowerCase()) throw notVerified()
  }
  return order
}

/** The order is unpaid and its places still held, paid the way `paidBy` says (PayPal's card, or Tap's). */
export function holdRunning(
  order: OrderRow,
  now: Date,
  paidBy: (method: OrderRow['payment_method']) => boolean = (method) => method === 'card',
): boolean {
  const holding = order.hold_expires_at && new Date(order.hold_expires_at).getTime() > now.getTime()
  return paidBy(order.payment_method) && order.status === 'awaiting_payment' && Boolean(holding)
}

export function notPayable(): HttpError {
  return new HttpError(409, 'ORDER_NOT_PAYABLE')
}

export function paymentFailed(error: unknown): HttpError {
  if (!(error instanceof PaymentError)) throw error
  if (error.kind === 'declined') return new HttpError(402, 'PAYMENT_DECLINED')
  return new HttpError(502, 'PAYMENT_UNAVAILABLE')
}

/** Creates the provider's order for our own total (PayPal-Request-Id makes a retry return the same one). */
export async function startPayment(
  deps: CheckoutDeps,
  caller: Caller,
  orderId: string,
  proof: string | undefined,
): Promise<{ providerOrderId: string }> {
  const order = await accessibleOrder(deps, caller, orderId, proof)
  if (!holdRunning(order, deps.now())) throw notPayable()
  if (order.provider_order_id) return { providerOrderId: order.provider_order_id }
  const created = await deps.payments
    .createOrder({
      amountUsd: usdCentsToString(order.total_usd_cents),
      orderId: order.id,
      description: `DayPass Bahrain booking ${order.id.slice(0, 8)}`,
    })
    .catch((error: unknown) => {
      throw paymentFailed(error)
    })
  const saved = await saveProviderOrder(deps.db, order.id, created.providerOrderId, deps.payments.kind)
  const providerOrderId = saved ?? (await loadOrder(deps.db, order.id))?.provider_order_id
  if (!providerOrderId) throw new HttpError(502, 'PAYMENT_UNAVAILABLE')
  return { providerOrderId }
}

/**
 * Captures an approved payment and only then confirms the bookings as paid (settleCapture). A
 * capture that fails leaves the order unpaid and payable again.
 */
export async function capturePayment(
  deps: CheckoutDeps & { log: FastifyBaseLogger },
  caller: Caller,
  orderId: string,
  input: { providerOrderId: string; proof?: string | undefined },
): Promise<Order> {
  const order = await accessibleOrder(deps, caller, orderId, input.proof)
  if (order.status === 'confirmed' && order.provider_order_id === input.providerOrderId)
    return toOrder(order, await loadBookingsOf(deps.db, order.id), deps.secret)
  const payment = order.provider_order_id === input.providerOrderId ? order.provider_order_id : null
  if (!holdRunning(order, deps.now())) {
    // The hold ran out, but a capture whose answer was lost may have gone through: the places stay
    // held until the sweeper has asked PayPal, so a visitor retrying now gets that payment's bookings.
    const late =
      payment && order.status === 'awaiting_payment'
        ? await deps.payments.findCapture(payment).catch((error: unknown) => {
            // PayPal not knowing the order means nothing was paid; PayPal not answering, not yet known.
            if (error instanceof PaymentError && error.kind === 'invalid') return null
            throw paymentFailed(error)
          })
        : null
    if (late?.status !== 'COMPLETED') throw notPayable()
    return settledOrder(await settleCapture(deps, order, late), deps.secret)
  }
  if (!payment) throw new HttpError(409, 'PAYMENT_NOT_FOUND')

  const capture = await deps.payments
    .captureOrder({ providerOrderId: payment, orderId: order.id })
    .catch((error: unknown) => {
      throw paymentFailed(error)
    })
  if (capture.status !== 'COMPLETED') throw paymentFailed(new PaymentError('declined', capture.status))
  return settledOrder(await settleCapture(deps, order, capture), deps.secret)
}

function settledOrder({ order, bookings }: { order: OrderRow; bookings: BookingRow[] }, secret: string) {
  return toOrder(order, bookings, secret)
}

/**
 * What the order must be paid, as the gateway that takes it counts: PayPal in US cents (its USD
 * amount fixed with the order), Tap in fils (BHD, the server's own total, never converted).
 */
function expectedPayment(order: OrderRow): { currency: 'USD' | 'BHD'; minor: number; text: string } {
  if (paysThrough(order.payment_method, 'tap'))
    return { currency: 'BHD', minor: order.total_fils, text: filsToBhd(order.total_fils) }
  return { currency: 'USD', minor: order.total_usd_cents, text: usdCentsToString(order.total_usd_cents) }
}

/**
 * Books the order of a completed capture as paid, after checking that the amount and currency
 * captured are exactly the order's; a wrong amount fails the order and gives its places back.
 * PayPal's capture and Tap's CAPTURED charge both end here: one confirmation, one set of mails.
 */
export async function settleCapture(
  deps: { db: Database; log: FastifyBaseLogger; now: () => Date },
  order: OrderRow,
  capture: CaptureResult,
): Promise<{ order: OrderRow; bookings: BookingRow[] }> {
  const { db } = deps
  const expected = expectedPayment(order)
  const captured =
    expected.currency === 'BHD' ? bhdToFils(capture.amount.value) : usdStringToCents(capture.amount.value)
  if (capture.amount.currencyCode !== expected.currency || captured !== expected.minor) {
    const problem = `Captured ${capture.amount.value} ${capture.amount.currencyCode}; the order is ${expected.text} ${expected.currency}`
    deps.log.error({ orderId: order.id, captureId: capture.captureId, problem }, 'payment amount mismatch')
    await endOrder(db, order.id, 'payment_failed', problem, deps.now())
    throw new HttpError(502, 'PAYMENT_MISMATCH')
  }

  const confirmed = await db.transaction().execute(async (trx) => {
    // The capture id is kept with the order: a cancelled visit is refunded against it.
    const updated = await markOrderPaid(trx, order.id, capture.captureId, deps.now())
    // A concurrent capture of the same payment confirmed it first.
    if (!updated) return undefined
    const guest = await guestOfOrder(trx, updated)
    const bookings = await confirmOrderVisits(trx, updated, orderLines(updated), 'paid', guest)
    return { order: updated, bookings }
  })
  if (confirmed) return confirmed
  const current = await loadOrder(db, order.id)
  if (current?.status === 'confirmed') return { order: current, bookings: await loadBookingsOf(db, order.id) }
  // Only possible if a capture outlived the hold and its grace: the money moved, the places did not.
  deps.log.error(
    { orderId: order.id, captureId: capture.captureId, status: current?.status },
    'payment captured for an order that had ended: refund it',
  )
  throw new HttpError(502, 'PAYMENT_UNAVAILABLE')
}

/**
 * Ends an unpaid order (its hold ran out, or its payment failed) and gives its places back; the
 * waiting list hears of them in the same transaction. A waiting list offer the order booked is given
 * back first: standing again, it keeps its places out of the release (`giveBackOrderOffer`).
 */
export async function endOrder(
  db: Database,
  orderId: string,
  status: 'expired' | 'payment_failed',
  reason: string | undefined,
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const ended = await endUnpaidOrder(trx, orderId, status, reason ?? null)
    if (!ended) return false
    const lines = await linesOfOrder(trx, orderId)
    const offer = await giveBackOrderOffer(trx, { orderId, lines, now })
    await releasePlaces(trx, claimsBesideOffer(slotCounts(lines), offer), now)
    return true
  })
}
