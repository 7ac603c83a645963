import { sql } from 'kysely'
import type { AffectedBooking } from '../../../shared/venue-schedule.ts'
import type { Database } from '../../platform/db/database.ts'

/** Lists of visits the team reads: a venue's bookings for its schedule, refunds waiting too long. */

/**
 * The venue's bookings from `from` on (or on one date), with who booked them: a guest's own name
 * and address, else the account's profile, else the order's contact address.
 */
export async function listVenueVisits(
  db: Database,
  venueId: string,
  dates: { from: string } | { on: string },
): Promise<AffectedBooking[]> {
  let query = db
    .selectFrom('confirmed_bookings as b')
    .innerJoin('orders as o', 'o.id', 'b.order_id')
    .leftJoin('users as u', 'u.id', 'b.user_id')
    .leftJoin('user_profiles as p', 'p.id', 'b.user_id')
    .select([
      'b.id',
      'b.reference',
      'b.booking_date',
      'b.booking_time',
      'b.pass_name',
      'b.pass_name_ar',
      'b.payment_status',
      sql<string>`coalesce(
        nullif(trim(concat_ws(' ', b.guest_first_name, b.guest_last_name)), ''),
        nullif(trim(concat_ws(' ', p.first_name, p.last_name)), ''),
        u.name,
        '')`.as('booker_name'),
      sql<string>`coalesce(b.guest_email, u.email, o.contact_email)`.as('booker_email'),
    ])
    .where('b.venue_id', '=', venueId)
  query =
    'on' in dates
      ? query.where('b.booking_date', '=', dates.on)
      : query.where('b.booking_date', '>=', dates.from)
  const rows = await query.orderBy('b.booking_date').orderBy('b.booking_time').orderBy('b.id').execute()
  return rows.map((row) => ({
    id: row.id,
    reference: row.reference,
    date: row.booking_date,
    time: row.booking_time,
    passName: { en: row.pass_name, ar: row.pass_name_ar },
    bookerName: row.booker_name,
    bookerEmail: row.booker_email,
    paymentStatus: row.payment_status,
  }))
}

/** Refunds still pending that were asked for before `before` (the team's list), with their visit. */
export async function stuckRefunds(db: Database, before: Date) {
  return db
    .selectFrom('booking_refunds as r')
    .innerJoin('confirmed_bookings as b', 'b.id', 'r.booking_id')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select([
      'o.payment_method',
      'r.id',
      'r.booking_id',
      'r.order_id',
      'r.amount_fils',
      'r.amount_usd_cents',
      'r.provider_status',
      'r.attempts',
      'r.last_error',
      'r.created_at',
      // 'infinity': waiting for a person, not for a retry.
      sql<Date | null>`nullif(r.next_attempt_at, 'infinity'::timestamptz)`.as('next_attempt_at'),
      'b.reference',
      'b.venue_name',
      'b.venue_id',
    ])
    .where('r.status', '=', 'pending')
    .where('r.created_at', '<', before)
    .orderBy('r.created_at')
    .limit(500)
    .execute()
}
