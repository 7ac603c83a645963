import { slotStart } from '../../../shared/bahrain-time.ts'
import { hourLabel } from '../../../shared/catalog.ts'
import type { Database } from '../../platform/db/database.ts'
import { HttpError } from '../../platform/http/errors.ts'
import { bhdToFils, type Charge } from '../../platform/payments/tap.ts'
import { slotCounts, storedClaims, takePlaces } from '../places/slot-occupancy.ts'
import { attemptLateRefund, type LatePayment, type LatePaymentDeps } from '../refunds/late-refunds.ts'
import { claimsBesideOffer, retakeStandingOffer, returnUnusedOffer } from '../waitlist/use-offer.ts'
import { confirmOrderVisits } from './confirm-order.ts'
import { guestOfOrder, linesOfOrder, loadOrder, type OrderRow, orderLines } from './order-repository.ts'

// A Tap payment that lands after its order ended (docs/payments.md, "A payment after its order
// ended"): Tap's page lives 30 minutes from the charge, the hold from the order, so a visitor can
// pay after the places went back. The money has moved, so the order is booked when its places are
// still free and the amount is the order's, and refunded through Tap otherwise (refunds/
// late-refunds.ts). Whichever webhook or return page sees it first decides, under the order's row
// lock; one row per order (late_payments) records it for the team's refunds page.

/**
 * A capture that settling refused (another amount, or its order ended meanwhile): the money has
 * moved all the same, so it is a late payment's to book or refund (settleLateCapture).
 */
export function isLateCapture(error: unknown): boolean {
  return (
    error instanceof HttpError && (error.code === 'PAYMENT_MISMATCH' || error.code === 'PAYMENT_UNAVAILABLE')
  )
}

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
