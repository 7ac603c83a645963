import { type Selectable, sql } from 'kysely'
import type { Database } from '../../platform/db/database.ts'
import type { ConfirmedBookingsTable } from '../../platform/db/schema.ts'

/**
 * The reads of booked visits (table confirmed_bookings): one visit, an account's, an order's. The
 * visits module owns that table; its other SQL is in the *-repository.ts files beside this one.
 */

export type BookingRow = Selectable<ConfirmedBookingsTable>

/** One visit, as stored: what its ticket, guest links and calendar entry are made from. */
export async function findVisit(db: Database, id: number): Promise<BookingRow | undefined> {
  return db.selectFrom('confirmed_bookings').selectAll().where('id', '=', id).executeTakeFirst()
}

/** An order's visits as stored, in id order. */
export async function loadBookingsOf(db: Database, orderId: string): Promise<BookingRow[]> {
  return db
    .selectFrom('confirmed_bookings')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute()
}

/** One account's visits as stored, by visit date and hour; id keeps equal slots stable. */
export async function listUserVisitRows(db: Database, userId: string): Promise<BookingRow[]> {
  return db
    .selectFrom('confirmed_bookings')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('booking_date')
    .orderBy('booking_time')
    .orderBy('id')
    .execute()
}

/** The columns a visit's state is worked out from: the visit, its order's payment, the venue's notice. */
function visitsQuery(db: Database) {
  return db
    .selectFrom('confirmed_bookings as b')
    .innerJoin('orders as o', 'o.id', 'b.order_id')
    .leftJoin('venues as v', 'v.id', 'b.venue_id')
    .leftJoin('booking_refunds as r', (join) =>
      // The cancellation's refund; a move's own refunds (migration 025) are not it.
      join.onRef('r.booking_id', '=', 'b.id').on('r.change_number', 'is', null),
    )
    .selectAll('b')
    .select([
      'o.payment_method',
      'o.contact_email',
      'o.language',
      'o.total_usd_cents',
      'o.total_fils as order_total_fils',
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

/** One account's visits, by visit date and hour (My Bookings), with what their state needs. */
export async function loadUserVisits(db: Database, userId: string) {
  return visitsQuery(db)
    .where('b.user_id', '=', userId)
    .orderBy('b.booking_date')
    .orderBy('b.booking_time')
    .orderBy('b.id')
    .execute()
}

function calendarVisitsQuery(db: Database) {
  return db
    .selectFrom('confirmed_bookings as b')
    .innerJoin('orders as o', 'o.id', 'b.order_id')
    .leftJoin('venues as v', 'v.id', 'b.venue_id')
    .select([
      'b.id',
      'b.order_id',
      'b.venue_id',
      'b.reference',
      'b.user_id',
      'b.manage_version',
      'b.date_changes',
      'b.venue_name',
      'b.venue_name_ar',
      'b.pass_name',
      'b.pass_name_ar',
      'b.location',
      'b.location_ar',
      'b.booking_date',
      'b.booking_time',
      'b.cancelled_at',
      'o.language',
      'v.latitude',
      'v.longitude',
      'v.weekly_hours',
    ])
}

/** A visit as its calendar entry needs it: the booker's language and the venue's position. */
export async function findCalendarVisit(db: Database, id: number) {
  return calendarVisitsQuery(db).where('b.id', '=', id).executeTakeFirst()
}

/** Every visit of an order as its calendar entries need them, in booking order, cancelled ones too. */
export async function findOrderCalendarVisits(db: Database, orderId: string) {
  return calendarVisitsQuery(db).where('b.order_id', '=', orderId).orderBy('b.id').execute()
}
