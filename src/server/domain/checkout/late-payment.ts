import type { FastifyBaseLogger } from 'fastify'
import type { Selectable } from 'kysely'
import { slotStart } from '../../../shared/bahrain-time.ts'
import { hourLabel } from '../../../shared/catalog.ts'
import type { Database } from '../../platform/db/database.ts'
import type { LatePaymentsTable } from '../../platform/db/schema.ts'
import { HttpError } from '../../platform/http/errors.ts'
import { PaymentError } from '../../platform/payments/provider.ts'
import {
  bhdToFils,
  type Charge,
  filsToBhd,
  type TapProvider,
  type TapRefund,
} from '../../platform/payments/tap.ts'
import { slotCounts, storedClaims, takePlaces } from '../places/slot-occupancy.ts'
import { refundBackoffMs, refundLeaseMs } from '../refunds/refunds.ts'
import { claimsBesideOffer, retakeStandingOffer, returnUnusedOffer } from '../waitlist/use-offer.ts'
import { confirmOrderVisits } from './confirm-order.ts'
import { guestOfOrder, linesOfOrder, loadOrder, type OrderRow, orderLines } from './order-repository.ts'

/**
 * A Tap payment that lands after its order ended (docs/payments.md, "A payment after its order
 * ended"): Tap's page lives 30 minutes from the charge, the hold from the order, so a visitor can
 * pay after the places went back. The money has moved, so the order is booked when its places are
 * still free and the amount is the order's, and refunded through Tap otherwise. Whichever webhook
 * or return page sees it first decides, under the order's row lock; one row per order
 * (late_payments) records it for the team's refunds page, and Tap's idempotency key `late-<order>`
 * makes a retried refund the same refund.
 */
export interface LatePaymentDeps {
  db: Database
  tap: TapProvider
  log: FastifyBaseLogger
  now: () => Date
}

export type LatePayment = Selectable<LatePaymentsTable>

/**
 * A capture that settling refused (another amount, or its order ended meanwhile): the money has
 * moved all the same, so it is a late payment's to book or refund (settleLateCapture).
 */
export function isLateCapture(error: unknown): boolean {
  return (
    error instanceof HttpError && (error.code === 'PAYMENT_MISMATCH' || error.code === 'PAYMENT_UNAVAILABLE')
  )
}

/** The key Tap's refund carries: the same for every attempt, so the money goes back once. */
export const lateRefundKey = (orderId: string) => `late-${orderId}`

export async function loadLatePayment(db: Database, orderId: string): Promise<LatePayment | undefined> {
  return db.selectFrom('late_payments').selectAll().where('order_id', '=', orderId).executeTakeFirst()
}

/** Thrown inside the booking transaction to roll back places taken for some slots but not all. */
class PlacesGone extends Error {}

/**
 * Books or refunds the captured `charge` of an order that has ended (expired or payment_failed);
 * an order settled otherwise meanwhile is left as it is. Answers the order as it now is.
 */
export async function settleLateCapture(
  deps: LatePaymentDeps,
  order: OrderRow,
  charge: Charge,
): Promise<OrderRow> {
  const capturedFils = charge.currency === 'BHD' ? bhdToFils(charge.amount) : Number.NaN
  const exact = capturedFils === order.total_fils
  let recorded: LatePayment | undefined
  try {
    recorded = await recordLatePayment(deps, order, charge, exact)
  } catch (error) {
    if (!(error instanceof PlacesGone)) throw error
    recorded = await recordLatePayment(deps, order, charge, false)
  }
  if (recorded?.outcome === 'refund_pending') await attemptLateRefund(deps, order.id)
  return (await loadOrder(deps.db, order.id)) ?? order
}

/**
 * One transaction under the order's lock: nothing when the order is not ended or its late payment
 * is already recorded (a concurrent delivery got there first); else the booking, when `book` and
 * every slot still has the places (PlacesGone otherwise, rolling all back), or a refund to make.
 */
async function recordLatePayment(
  deps: LatePaymentDeps,
  order: OrderRow,
  charge: Charge,
  book: boolean,
): Promise<LatePayment | undefined> {
  const now = deps.now()
  return deps.db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', order.id)
      .forUpdate()
      .executeTakeFirst()
    if (!current || (current.status !== 'expired' && current.status !== 'payment_failed')) return undefined
    const existing = await loadLatePayment(trx, order.id)
    if (existing) return existing
    if (book) await bookLate(trx, current, charge.id, now)
    const amount = bhdToFils(charge.amount)
    const row = await trx
      .insertInto('late_payments')
      .values({
        order_id: order.id,
        charge_id: charge.id,
        amount_fils: Number.isFinite(amount) ? amount : 0,
        currency: charge.currency.slice(0, 10),
        order_status: current.status,
        outcome: book ? 'booked' : 'refund_pending',
        next_attempt_at: book ? null : now,
        created_at: now,
        resolved_at: book ? now : null,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    const context = { orderId: order.id, chargeId: charge.id, orderStatus: current.status }
    if (book) deps.log.warn(context, 'Tap payment after its order ended: places still free, booked')
    else deps.log.error(context, 'Tap payment after its order ended: refunding it')
    return row
  })
}

/**
 * Takes the order's places again and confirms it as paid, or throws PlacesGone: when a visit's
 * time has come, or a slot has not the places. A waiting-list offer the order had booked, standing
 * again since, holds some of them already: those are the order's again, not taken a second time.
 */
async function bookLate(trx: Database, order: OrderRow, chargeId: string, now: Date): Promise<void> {
  const lines = await linesOfOrder(trx, order.id)
  if (lines.some((line) => slotStart(line.date, hourLabel(line.hour)).getTime() <= now.getTime()))
    throw new PlacesGone()
  const offer = await retakeStandingOffer(trx, { orderId: order.id, lines, now })
  // Under the capacity the slots have now: the quote that gave one is long gone.
  const claims = await storedClaims(trx, claimsBesideOffer(slotCounts(lines), offer))
  const refused = await takePlaces(trx, claims)
  if (refused.length > 0) throw new PlacesGone()
  await returnUnusedOffer(trx, offer, now)
  const confirmed = await trx
    .updateTable('orders')
    .set({ status: 'confirmed', confirmed_at: now, provider_capture_id: chargeId, payment_error: null })
    .where('id', '=', order.id)
    .returningAll()
    .executeTakeFirstOrThrow()
  await confirmOrderVisits(trx, confirmed, orderLines(order), 'paid', await guestOfOrder(trx, confirmed))
}

/**
 * One attempt at a late payment's refund, if it is pending and due: the attempt takes a lease
 * first, so of twenty deliveries at once one asks Tap. REFUNDED settles it; PENDING is asked again
 * after a backoff; Tap refusing it, or a payment in another currency, is left to a person.
 */
export async function attemptLateRefund(
  deps: LatePaymentDeps,
  orderId: string,
): Promise<'refunded' | 'pending' | 'skipped'> {
  const now = deps.now()
  const claimed = await deps.db
    .updateTable('late_payments')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      next_attempt_at: new Date(now.getTime() + refundLeaseMs),
    }))
    .where('order_id', '=', orderId)
    .where('outcome', '=', 'refund_pending')
    .where('next_attempt_at', '<=', now)
    .returningAll()
    .executeTakeFirst()
  if (!claimed) return 'skipped'
  const context = { orderId, chargeId: claimed.charge_id }
  if (claimed.currency !== 'BHD') {
    const error = `Captured in ${claimed.currency}: Tap refunds are made in BHD here, refund it by hand`
    deps.log.error(context, error)
    await finishLateRefund(deps.db, orderId, { outcome: 'refund_failed', error })
    return 'pending'
  }
  const retryAt = new Date(now.getTime() + refundBackoffMs(claimed.attempts))
  let result: TapRefund
  try {
    result =
      claimed.provider_refund_id && claimed.provider_status === 'PENDING'
        ? await deps.tap.retrieveRefund(claimed.provider_refund_id)
        : await deps.tap.refund({
            chargeId: claimed.charge_id,
            amount: filsToBhd(claimed.amount_fils),
            refundKey: lateRefundKey(orderId),
            reason: 'Paid after the booking had ended',
          })
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error
    const refused = error.kind === 'declined' || error.kind === 'invalid'
    deps.log[refused ? 'error' : 'warn']({ ...context, err: error }, 'late payment refund failed')
    await finishLateRefund(deps.db, orderId, {
      outcome: refused ? 'refund_failed' : 'refund_pending',
      error: error.message,
      retryAt,
    })
    return 'pending'
  }
  const waiting = result.status === 'PENDING' || result.status === 'IN_PROGRESS'
  const refunded = result.status === 'REFUNDED'
  if (refunded) deps.log.info({ ...context, providerRefundId: result.refundId }, 'late payment refunded')
  else if (!waiting) deps.log.error({ ...context, status: result.status }, 'Tap refused a late refund')
  await finishLateRefund(deps.db, orderId, {
    outcome: refunded ? 'refunded' : waiting ? 'refund_pending' : 'refund_failed',
    error: refunded ? null : `Tap's refund ${result.refundId} is ${result.status}`,
    retryAt,
    refund: result,
    resolvedAt: refunded ? deps.now() : null,
  })
  return refunded ? 'refunded' : 'pending'
}

async function finishLateRefund(
  db: Database,
  orderId: string,
  end: {
    outcome: LatePayment['outcome']
    error: string | null
    retryAt?: Date
    refund?: TapRefund
    resolvedAt?: Date | null
  },
) {
  await db
    .updateTable('late_payments')
    .set({
      outcome: end.outcome,
      last_error: end.error?.slice(0, 1000) ?? null,
      // Only a pending refund is tried again by itself; a failed one waits for a person.
      next_attempt_at: end.outcome === 'refund_pending' ? (end.retryAt ?? null) : null,
      resolved_at: end.resolvedAt ?? null,
      ...(end.refund ? { provider_refund_id: end.refund.refundId, provider_status: end.refund.status } : {}),
    })
    .where('order_id', '=', orderId)
    .where('outcome', '=', 'refund_pending')
    .execute()
}

/** Retries every late payment refund that is due (the retry-refunds job); one failing holds up none. */
export async function retryLateRefunds(
  deps: LatePaymentDeps,
): Promise<{ refunded: number; pending: number }> {
  const due = await deps.db
    .selectFrom('late_payments')
    .select('order_id')
    .where('outcome', '=', 'refund_pending')
    .where('next_attempt_at', '<=', deps.now())
    .orderBy('next_attempt_at')
    .limit(50)
    .execute()
  const result = { refunded: 0, pending: 0 }
  for (const { order_id: orderId } of due) {
    try {
      const state = await attemptLateRefund(deps, orderId)
      if (state === 'refunded') result.refunded++
      else if (state === 'pending') result.pending++
    } catch (error) {
      deps.log.warn({ err: error, orderId }, 'could not retry a late payment refund')
    }
  }
  return result
}

/**
 * What the team's refunds page lists: every late payment of the last `days` days, and any older
 * one still waiting for its refund or for a person, newest first.
 */
export async function latePaymentsForTeam(db: Database, now: Date, days = 30): Promise<LatePayment[]> {
  const since = new Date(now.getTime() - days * 24 * 60 * 60_000)
  return db
    .selectFrom('late_payments')
    .selectAll()
    .where((eb) =>
      eb.or([eb('created_at', '>=', since), eb('outcome', 'in', ['refund_pending', 'refund_failed'])]),
    )
    .orderBy('created_at', 'desc')
    .limit(200)
    .execute()
}
