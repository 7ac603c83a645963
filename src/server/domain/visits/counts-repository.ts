import { sql } from 'kysely'
import { slotStart } from '../../../shared/bahrain-time.ts'
import type { Database } from '../../platform/db/database.ts'
import type { VenueScope } from '../../platform/identity/venue-scope.ts'

/** Figures over booked visits: the team's dashboard, the venue list, an account, a booker's caps. */

/**
 * Today in Bahrain, in figures (SQL kept in one query: each figure is a FILTER over the day's rows).
 * `bookings` and `paidOnlineFils` count what was booked today; the visitors and what is due at the
 * venues count today's visits. Staff see their venues' figures only (docs/operating.md, scoping).
 */
export async function todaysFigures(db: Database, today: string, scope: VenueScope) {
  const dayStart = slotStart(today, '00:00')
  const dayEnd = new Date(dayStart.getTime() + 24 * 3600 * 1000)
  const venues = scope.kind === 'all' ? null : scope.venueIds
  if (venues?.length === 0)
    return { bookings: 0, expected: 0, checkedIn: 0, paidOnlineFils: 0, dueAtVenueFils: 0 }
  const inScope = venues ? sql`AND venue_id IN (${sql.join(venues)})` : sql``
  const { rows } = await sql<Record<string, string | number | null>>`
    SELECT
      count(*) FILTER (WHERE created_at >= ${dayStart} AND created_at < ${dayEnd}) AS bookings,
      count(*) FILTER (WHERE booking_date = ${today} AND cancelled_at IS NULL) AS expected,
      count(*) FILTER (WHERE booking_date = ${today} AND checked_in_at IS NOT NULL) AS checked_in,
      coalesce(sum(price_fils) FILTER (WHERE created_at >= ${dayStart} AND created_at < ${dayEnd}
        AND payment_status = 'paid'), 0) AS paid_online,
      coalesce(sum(price_fils) FILTER (WHERE booking_date = ${today} AND payment_status = 'pay at venue'
        AND desk_paid_at IS NULL AND cancelled_at IS NULL), 0) AS due_at_venue
    FROM confirmed_bookings
    WHERE ((created_at >= ${dayStart} AND created_at < ${dayEnd}) OR booking_date = ${today}) ${inScope}
  `.execute(db)
  const row = rows[0] ?? {}
  return {
    bookings: Number(row.bookings ?? 0),
    expected: Number(row.expected ?? 0),
    checkedIn: Number(row.checked_in ?? 0),
    paidOnlineFils: Number(row.paid_online ?? 0),
    dueAtVenueFils: Number(row.due_at_venue ?? 0),
  }
}

/** Bookings on one date by venue id, cancelled ones too (the team's venue list). */
export async function bookingCountsOn(db: Database, date: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('confirmed_bookings')
    .select(['venue_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('booking_date', '=', date)
    .groupBy('venue_id')
    .execute()
  return new Map(rows.map((row) => [row.venue_id, Number(row.n)]))
}

/** How many visits an account has booked, cancelled ones too. */
export async function countUserBookings(db: Database, userId: string): Promise<number> {
  const row = await db
    .selectFrom('confirmed_bookings')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * Places a booker already holds at the venues and dates asked about, in people: the lines of their orders that
 * hold places (a card order still being paid) and their visits not cancelled (a confirmed order), by
 * account or by address ignoring case (`email` comes lower-cased).
 */
export async function bookerPlacesHeld(
  db: Database,
  booker: { email: string; userId: string | null },
  venueIds: readonly string[],
  dates: readonly string[],
) {
  const mine = sql`(lower(orders.contact_email) = ${booker.email} OR orders.user_id = ${booker.userId})`
  // A card order being paid holds its lines; a confirmed order, its visits not cancelled.
  const { rows } = await sql<{ venue_id: string; visit_date: string; places: number }>`
    SELECT venue_id, visit_date, sum(people)::integer AS places FROM (
      -- A line holds the places its units take (docs/decisions/054).
      SELECT l.venue_id, l.visit_date::text AS visit_date, l.quantity * l.places_per_unit AS people
        FROM order_lines AS l JOIN orders ON orders.id = l.order_id
       WHERE orders.status = 'awaiting_payment' AND ${mine}
         AND l.venue_id = ANY(${venueIds}::text[]) AND l.visit_date::text = ANY(${dates}::text[])
      UNION ALL
      SELECT b.venue_id, b.booking_date::text, 1
        FROM confirmed_bookings AS b JOIN orders ON orders.id = b.order_id
       WHERE orders.status = 'confirmed' AND b.cancelled_at IS NULL AND ${mine}
         AND b.venue_id = ANY(${venueIds}::text[]) AND b.booking_date::text = ANY(${dates}::text[])
    ) AS held
     GROUP BY 1, 2`.execute(db)
  return rows
}
