import { sql } from 'kysely'
import type { Database } from '../../platform/db/database.ts'

/** The refunds' SQL (table booking_refunds), and the lock on an order its cancels queue on. */

/** Locks an order's row: cancels of its visits then work out their refunds one after another. */
export async function lockOrder(trx: Database, orderId: string): Promise<void> {
  await trx.selectFrom('orders').select('id').where('id', '=', orderId).forUpdate().execute()
}

/** USD cents already promised back for an order's visits, so the last refund never exceeds the capture. */
export async function refundedCentsOfOrder(trx: Database, orderId: string): Promise<number> {
  const row = await trx
    .selectFrom('booking_refunds')
    .select(sql<number>`coalesce(sum(amount_usd_cents), 0)::int`.as('cents'))
    .where('order_id', '=', orderId)
    .executeTakeFirst()
  return Number(row?.cents ?? 0)
}

/** Fils already promised back for an order's visits: a Tap order's refunds never exceed its charge. */
export async function refundedFilsOfOrder(trx: Database, orderId: string): Promise<number> {
  const row = await trx
    .selectFrom('booking_refunds')
    .select(sql<number>`coalesce(sum(amount_fils), 0)::int`.as('fils'))
    .where('order_id', '=', orderId)
    .executeTakeFirst()
  return Number(row?.fils ?? 0)
}

export async function insertRefund(
  trx: Database,
  refund: {
    bookingId: number
    orderId: string
    amountFils: number
    amountUsdCents: number
    now: Date
    /** The move it gives a difference back for (the visit's date_changes after it); none: a cancellation. */
    changeNumber?: number
  },
): Promise<number | undefined> {
  const row = await trx
    .insertInto('booking_refunds')
    .values({
      booking_id: refund.bookingId,
      order_id: refund.orderId,
      amount_fils: refund.amountFils,
      amount_usd_cents: refund.amountUsdCents,
      next_attempt_at: refund.now,
      created_at: refund.now,
      change_number: refund.changeNumber ?? null,
    })
    // One refund per cancellation and one per move: asked again, nothing more goes back.
    .onConflict((conflict) =>
      refund.changeNumber === undefined
        ? conflict.column('booking_id').where('change_number', 'is', null).doNothing()
        : conflict
            .columns(['booking_id', 'change_number'])
            .where('change_number', 'is not', null)
            .doNothing(),
    )
    .returning('id')
    .executeTakeFirst()
  return row?.id
}

/**
 * Takes one pending refund that is due for an attempt, and pushes its next attempt `leaseMs` away
 * first: a second worker (or server) then finds it not due, so only one asks PayPal at a time.
 */
export async function claimRefund(db: Database, refundId: number, now: Date, leaseMs: number) {
  return db
    .updateTable('booking_refunds as r')
    .from('orders as o')
    .set({
      attempts: sql<number>`r.attempts + 1`,
      next_attempt_at: new Date(now.getTime() + leaseMs),
    })
    .whereRef('o.id', '=', 'r.order_id')
    .where('r.id', '=', refundId)
    .where('r.status', '=', 'pending')
    .where('r.next_attempt_at', '<=', now)
    .returning([
      'r.id',
      'r.booking_id',
      'r.order_id',
      'r.amount_usd_cents',
      'r.amount_fils',
      'r.attempts',
      'r.change_number',
      'r.provider_refund_id',
      'r.provider_status',
      'o.provider_capture_id',
      'o.payment_provider',
      'o.payment_method',
    ])
    .executeTakeFirst()
}

export async function markRefunded(
  db: Database,
  refundId: number,
  providerRefundId: string,
  now: Date,
  providerStatus: string | null = null,
) {
  await db
    .updateTable('booking_refunds')
    .set({
      status: 'refunded',
      provider_refund_id: providerRefundId,
      refunded_at: now,
      last_error: null,
      provider_status: providerStatus,
    })
    .where('id', '=', refundId)
    .where('status', '=', 'pending')
    .execute()
}

/** A failed attempt: why, and when to try again (null: not by itself; a person looks at it). */
export async function markRefundFailed(
  db: Database,
  refundId: number,
  failure: { error: string; retryAt: Date | null; providerRefundId?: string; providerStatus?: string },
) {
  await db
    .updateTable('booking_refunds')
    .set({
      last_error: failure.error.slice(0, 1000),
      // 'infinity' keeps the row pending and visible to the team, and out of the sweeper's way.
      next_attempt_at: failure.retryAt ?? sql<Date>`'infinity'::timestamptz`,
      ...(failure.providerRefundId ? { provider_refund_id: failure.providerRefundId } : {}),
      ...(failure.providerStatus ? { provider_status: failure.providerStatus } : {}),
    })
    .where('id', '=', refundId)
    .where('status', '=', 'pending')
    .execute()
}

/** Pending refunds due for an attempt, oldest first. */
export async function dueRefundIds(db: Database, now: Date, limit = 50): Promise<number[]> {
  const rows = await db
    .selectFrom('booking_refunds')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute()
  return rows.map((row) => row.id)
}
