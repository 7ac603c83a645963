import { sql } from 'kysely'
import type { Database } from '../../platform/db/database.ts'

/**
 * The reports' SQL, in one place. A report reads bookings by visit date through
 * confirmed_bookings_report_idx (migration 016), which holds every column it counts; a statement
 * reads one venue's month through confirmed_bookings_desk_idx (venue_id, booking_date).
 */

/** One venue's figures on one date: what the report adds up by day, by venue and in total. */
export interface ReportRow {
  date: string
  venueId: string
  bookings: number
  checkedIn: number
  noShows: number
  cancellations: number
  onlineFils: number
  atVenueFils: number
  refundedFils: number
  refundsPendingFils: number
  /** Visits not cancelled, and their prices: the average price's terms. */
  activeBookings: number
  activeGrossFils: number
}

/** Every visit dated from `from` to `to` (Bahrain dates, both included), grouped by date and venue. */
export function reportRowsQuery(db: Database, from: string, to: string, venueId?: string) {
  let query = db
    .selectFrom('confirmed_bookings as b')
    .leftJoin('booking_refunds as r', (join) =>
      // The cancellation's refund; a move's own refunds (migration 025) are not it.
      join.onRef('r.booking_id', '=', 'b.id').on('r.change_number', 'is', null),
    )
    .select([
      'b.booking_date as date',
      'b.venue_id as venueId',
      sql<number>`count(*)`.as('bookings'),
      sql<number>`count(b.checked_in_at)`.as('checkedIn'),
      sql<number>`count(b.no_show_at)`.as('noShows'),
      sql<number>`count(b.cancelled_at)`.as('cancellations'),
      sql<number>`coalesce(sum(b.price_fils) filter (where b.payment_status = 'paid'), 0)`.as('onlineFils'),
      sql<number>`coalesce(sum(b.price_fils) filter (where b.desk_paid_at is not null), 0)`.as('atVenueFils'),
      // Card refunds PayPal confirmed, and desk payments given back at the desk.
      sql<number>`coalesce(sum(r.amount_fils) filter (where r.status = 'refunded'), 0) + coalesce(sum(b.desk_refund_fils), 0)`.as(
        'refundedFils',
      ),
      sql<number>`coalesce(sum(r.amount_fils) filter (where r.status = 'pending'), 0)`.as(
        'refundsPendingFils',
      ),
      sql<number>`count(*) filter (where b.cancelled_at is null)`.as('activeBookings'),
      sql<number>`coalesce(sum(b.price_fils) filter (where b.cancelled_at is null), 0)`.as('activeGrossFils'),
    ])
    .where('b.booking_date', '>=', from)
    .where('b.booking_date', '<=', to)
    .groupBy(['b.booking_date', 'b.venue_id'])
    .orderBy('b.booking_date')
    .orderBy('b.venue_id')
  if (venueId) query = query.where('b.venue_id', '=', venueId)
  return query
}

export async function reportRows(
  db: Database,
  from: string,
  to: string,
  venueId?: string,
): Promise<ReportRow[]> {
  const rows = await reportRowsQuery(db, from, to, venueId).execute()
  // Sums and counts arrive as numbers (bigint is parsed as a number: src/server/platform/db/database.ts).
  return rows.map((row) => ({ ...row, date: String(row.date) }))
}

/** Every venue, in the catalog's order: the report's picker and the names of its rows. */
export async function listVenues(db: Database) {
  return db
    .selectFrom('venues')
    .select(['id', 'name_en', 'name_ar', 'commission_basis_points'])
    .orderBy('position')
    .orderBy('id')
    .execute()
}

/**
 * The visits of one venue and month that a statement charges (docs/decisions/026 and 031): money
 * was collected and kept. Paid online and not refunded (a manager may cancel a visit and keep its
 * payment), or paid at the desk and not given back there: a cancelled visit stays on the statement
 * until its money went back. Each at the commission it was booked under.
 */
export async function statementVisits(db: Database, venueId: string, from: string, to: string) {
  return db
    .selectFrom('confirmed_bookings as b')
    .leftJoin('booking_refunds as r', (join) =>
      // The cancellation's refund; a move's own refunds (migration 025) are not it.
      join.onRef('r.booking_id', '=', 'b.id').on('r.change_number', 'is', null),
    )
    .select([
      'b.id',
      'b.order_id',
      'b.pass_id',
      'b.reference',
      'b.booking_date',
      'b.booking_time',
      'b.pass_name',
      'b.pass_name_ar',
      'b.price_fils',
      'b.payment_status',
      'b.desk_payment_method',
      'b.checked_in_at',
      'b.no_show_at',
      'b.cancelled_at',
      'b.commission_basis_points',
    ])
    .where('b.venue_id', '=', venueId)
    .where('b.booking_date', '>=', from)
    .where('b.booking_date', '<=', to)
    .where((eb) =>
      eb.or([
        eb.and([eb('b.payment_status', '=', 'paid'), eb('r.id', 'is', null)]),
        eb.and([eb('b.desk_paid_at', 'is not', null), eb('b.desk_refunded_at', 'is', null)]),
      ]),
    )
    .orderBy('b.booking_date')
    .orderBy('b.booking_time')
    .orderBy('b.id')
    .execute()
}
