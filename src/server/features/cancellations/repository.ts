import { sql } from 'kysely'
import type { Database } from '../../db/database.ts'
import { enqueueMail, type OutboxMail } from '../mail/outbox.ts'
import { raisedManageVersion } from '../tickets/guest-links.ts'

/** The columns a cancellation decides from: the visit, its order's payment, and the venue's notice. */
function visitsQuery(db: Database) {
  return db
    .selectFrom('confirmed_bookings as b')
    .innerJoin('orders as o', 'o.id', 'b.order_id')
    .leftJoin('venues as v', 'v.id', 'b.gym_id')
    .leftJoin('booking_refunds as r', 'r.booking_id', 'b.id')
    .selectAll('b')
    .select([
      'o.payment_method',
      'o.contact_email',
      'o.language',
      'o.total_usd_cents',
      sql<number>`coalesce(b.cancellation_notice_hours, v.cancellation_notice_hours, 24)`.as('notice_hours'),
      'r.status as refund_status',
      'r.amount_fils as refund_fils',
    ])
}

export type VisitRow = Awaited<ReturnType<typeof loadVisits>>[number]

/** Visits by id, in id order. */
export async function loadVisits(db: Database, ids: readonly number[]) {
  if (ids.length === 0) return []
  return visitsQuery(db).where('b.id', 'in', ids).orderBy('b.id').execute()
}

/** The visits of one order, in id order. */
export async function loadOrderVisits(db: Database, orderId: string) {
  return visitsQuery(db).where('b.order_id', '=', orderId).orderBy('b.id').execute()
}

/** Locks an order's row: cancels of its visits then work out their refunds one after another. */
export async function lockOrder(trx: Database, orderId: string): Promise<void> {
  await trx.selectFrom('orders').select('id').where('id', '=', orderId).forUpdate().execute()
}

/**
 * Locks the bookings, in id order (so concurrent cancels of overlapping visits queue instead of
 * deadlocking): a second cancel waits here and then finds them cancelled.
 */
export async function lockBookings(trx: Database, ids: readonly number[]): Promise<void> {
  await trx
    .selectFrom('confirmed_bookings')
    .select('id')
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute()
}

export interface CancelMark {
  at: Date
  by: string | null
  byTeam: boolean
  reason: string | null
}

/**
 * Marks the visits cancelled, those not cancelled yet only, and revokes their guest links (a
 * raised manage_version); returns the ids it cancelled.
 */
export async function markCancelled(
  trx: Database,
  ids: readonly number[],
  mark: CancelMark,
): Promise<number[]> {
  const rows = await trx
    .updateTable('confirmed_bookings')
    .set({
      cancelled_at: mark.at,
      cancelled_by: mark.by,
      cancelled_by_team: mark.byTeam,
      cancel_reason: mark.reason,
      manage_version: raisedManageVersion(),
    })
    .where('id', 'in', ids)
    .where('cancelled_at', 'is', null)
    .returning('id')
    .execute()
  return rows.map((row) => row.id)
}

/** Gives one place back to each visit's slot. */
export async function releaseVisitPlaces(
  trx: Database,
  visits: readonly { gym_id: string; booking_date: string; booking_time: string }[],
): Promise<void> {
  for (const visit of visits) {
    await trx
      .updateTable('slot_occupancy')
      .set({ taken: sql<number>`greatest(taken - 1, 0)` })
      .where('venue_id', '=', visit.gym_id)
      .where('slot_date', '=', visit.booking_date)
      .where('slot_hour', '=', Number(visit.booking_time.slice(0, 2)))
      .execute()
  }
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

/** Whether every other visit of the order already has its refund row: this one is the last. */
export async function isLastToRefund(trx: Database, orderId: string, bookingId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('confirmed_bookings as b')
    .leftJoin('booking_refunds as r', 'r.booking_id', 'b.id')
    .select(sql<number>`count(*)::int`.as('waiting'))
    .where('b.order_id', '=', orderId)
    .where('b.id', '<>', bookingId)
    .where('r.id', 'is', null)
    .executeTakeFirst()
  return Number(row?.waiting ?? 0) === 0
}

export async function insertRefund(
  trx: Database,
  refund: { bookingId: number; orderId: string; amountFils: number; amountUsdCents: number; now: Date },
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
    })
    .onConflict((conflict) => conflict.column('booking_id').doNothing())
    .returning('id')
    .executeTakeFirst()
  return row?.id
}

export async function queueCancellationMail(
  trx: Database,
  mail: Omit<OutboxMail<'booking-cancellation'>, 'template'>,
): Promise<void> {
  await enqueueMail(trx, { template: 'booking-cancellation', ...mail })
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
      'r.attempts',
      'o.provider_capture_id',
      'o.payment_provider',
    ])
    .executeTakeFirst()
}

export async function markRefunded(db: Database, refundId: number, providerRefundId: string, now: Date) {
  await db
    .updateTable('booking_refunds')
    .set({ status: 'refunded', provider_refund_id: providerRefundId, refunded_at: now, last_error: null })
    .where('id', '=', refundId)
    .where('status', '=', 'pending')
    .execute()
}

/** A failed attempt: why, and when to try again (null: not by itself; a person looks at it). */
export async function markRefundFailed(
  db: Database,
  refundId: number,
  failure: { error: string; retryAt: Date | null; providerRefundId?: string },
) {
  await db
    .updateTable('booking_refunds')
    .set({
      last_error: failure.error.slice(0, 1000),
      // 'infinity' keeps the row pending and visible to the team, and out of the sweeper's way.
      next_attempt_at: failure.retryAt ?? sql<Date>`'infinity'::timestamptz`,
      ...(failure.providerRefundId ? { provider_refund_id: failure.providerRefundId } : {}),
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

/** Refunds still pending that were asked for before `before` (the team's list). */
export async function stuckRefunds(db: Database, before: Date) {
  return db
    .selectFrom('booking_refunds as r')
    .innerJoin('confirmed_bookings as b', 'b.id', 'r.booking_id')
    .select([
      'r.id',
      'r.booking_id',
      'r.order_id',
      'r.amount_fils',
      'r.amount_usd_cents',
      'r.attempts',
      'r.last_error',
      'r.created_at',
      // 'infinity': waiting for a person, not for a retry.
      sql<Date | null>`nullif(r.next_attempt_at, 'infinity'::timestamptz)`.as('next_attempt_at'),
      'b.reference',
      'b.gym_name',
      'b.gym_id',
    ])
    .where('r.status', '=', 'pending')
    .where('r.created_at', '<', before)
    .orderBy('r.created_at')
    .limit(500)
    .execute()
}

/** One account's visits, by visit date and hour (My Bookings), with what cancelling needs. */
export async function loadUserVisits(db: Database, userId: string) {
  return visitsQuery(db)
    .where('b.user_id', '=', userId)
    .orderBy('b.booking_date')
    .orderBy('b.booking_time')
    .orderBy('b.id')
    .execute()
}
