import { sql } from 'kysely'
import { defaultCommissionBasisPoints } from '../../../shared/reports.ts'
import type { Database } from '../../platform/db/database.ts'
import { enqueueMail, type OutboxMail } from '../../platform/mail/outbox.ts'
import type { BookingRow } from './repository.ts'

/** The writes that book, cancel and anonymise visits (table confirmed_bookings). */

/** A name in both languages, as the visit keeps it. */
type BothLanguages = { en: string; ar: string }

/** What a visit copies from the line it is booked on, as quoted (checkout's PricedLine is one). */
export interface QuotedLine {
  gymId: string
  gymName: BothLanguages
  passId: string
  passName: BothLanguages
  location: BothLanguages
  date: string
  time: string
  quantity: number
  priceFils: number
  price: string
  cancellationNoticeHours?: number
}

/** The guest a visit is booked for, copied onto it. */
export type VisitGuest = { email: string; firstName: string; lastName: string; mobile: string }

/**
 * A line of several people as one visit per person: each person is a visit of their own (its
 * reference, ticket, check-in and cancelling), a unit of the order line they were booked on, found
 * by its position in the order (ADR 054).
 */
function perPerson(lines: readonly QuotedLine[]) {
  return lines.flatMap((line, position) => Array.from({ length: line.quantity }, () => ({ line, position })))
}

/**
 * Writes one confirmed booking per person of each line (`perPerson`), each with the order's id and
 * its line, in the caller's transaction; what a confirmation sends is checkout's (confirm-order.ts).
 */
export async function confirmBookings(
  trx: Database,
  order: { id: string; user_id: string | null },
  lines: readonly QuotedLine[],
  paymentStatus: 'paid' | 'pay at venue',
  guest: VisitGuest | null,
): Promise<BookingRow[]> {
  const booked = await trx
    .with('booked', (db) =>
      db
        .insertInto('confirmed_bookings')
        .values(
          perPerson(lines).map(({ line, position }) => ({
            order_id: order.id,
            line_id: sql<number>`(select id from order_lines where order_id = ${order.id} and position = ${position})`,
            user_id: order.user_id,
            venue_id: line.gymId,
            venue_name: line.gymName.en,
            venue_name_ar: line.gymName.ar,
            pass_id: line.passId,
            pass_name: line.passName.en,
            pass_name_ar: line.passName.ar,
            pass_price: line.price,
            price_fils: line.priceFils,
            booking_date: line.date,
            booking_time: line.time,
            location: line.location.en,
            location_ar: line.location.ar,
            payment_status: paymentStatus,
            cancellation_notice_hours: line.cancellationNoticeHours ?? null,
            // The venue's commission as the visit is confirmed: its statements keep it, whatever the
            // venue's rate becomes later.
            commission_basis_points: sql<number>`coalesce((select commission_basis_points from venues where id = ${line.gymId}), ${defaultCommissionBasisPoints})`,
            guest_email: guest?.email ?? null,
            guest_first_name: guest?.firstName ?? null,
            guest_last_name: guest?.lastName ?? null,
            guest_mobile: guest?.mobile ?? null,
          })),
        )
        .returningAll(),
    )
    .selectFrom('booked')
    .selectAll()
    .orderBy('id')
    .execute()
  return booked
}

/**
 * A deleted account's bookings stay for the venue's records (venue, date, time, price, status) but
 * no longer say who booked: no account and no guest name, address or mobile.
 */
export async function anonymiseUserBookings(trx: Database, userId: string): Promise<void> {
  await trx
    .updateTable('confirmed_bookings')
    .set({
      user_id: null,
      guest_email: null,
      guest_first_name: null,
      guest_last_name: null,
      guest_mobile: null,
    })
    .where('user_id', '=', userId)
    .execute()
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
 * raised manage_version: every change meant to revoke them raises it); returns the ids it cancelled.
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
      manage_version: sql<number>`manage_version + 1`,
    })
    .where('id', 'in', ids)
    .where('cancelled_at', 'is', null)
    .returning('id')
    .execute()
  return rows.map((row) => row.id)
}

/** Whether every other visit of the order already has its refund row: this one is the last. */
export async function isLastToRefund(trx: Database, orderId: string, bookingId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('confirmed_bookings as b')
    .leftJoin('booking_refunds as r', (join) =>
      // The cancellation's refund; a move's own refunds (migration 025) are not it.
      join.onRef('r.booking_id', '=', 'b.id').on('r.change_number', 'is', null),
    )
    .select(sql<number>`count(*)::int`.as('waiting'))
    .where('b.order_id', '=', orderId)
    .where('b.id', '<>', bookingId)
    .where('r.id', 'is', null)
    .executeTakeFirst()
  return Number(row?.waiting ?? 0) === 0
}

/** A cancelled visit's mail, queued in the transaction that cancels it. */
export async function queueCancellationMail(
  trx: Database,
  mail: Omit<OutboxMail<'booking-cancellation'>, 'template'>,
): Promise<void> {
  await enqueueMail(trx, { template: 'booking-cancellation', ...mail })
}
