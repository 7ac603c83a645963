import { sql } from 'kysely'
import type { Database } from '../../db/database.ts'
import { type Booker, type VenueDay, venueDayKey } from './booking-caps.ts'

// The orders SQL behind the day cap (booking-caps.ts), apart from order-repository.ts so that
// pricing can count a signed-in booker's places without importing the order writer.

/**
 * Serialises one booker's orders for the same venues and dates until the transaction ends, so two
 * orders placed at once cannot both pass the day cap on counts that leave out the other. Keyed on the
 * address (an account's own, or the guest's): one person, one queue. Taken in a fixed order.
 */
export async function lockBookerDays(trx: Database, booker: Booker, days: VenueDay[]): Promise<void> {
  if (days.length === 0) return
  const keys = days.map((day) => `booker-day|${booker.email}|${venueDayKey(day)}`).sort()
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(key, 0))
              FROM unnest(${keys}::text[]) WITH ORDINALITY AS locks (key, position)
             ORDER BY position`.execute(trx)
}

/**
 * Places the booker already holds at each venue and date: the lines of their orders that hold places
 * (a card order still being paid) and their visits not cancelled (a confirmed order), by account
 * or by address ignoring case.
 */
export async function placesHeld(
  db: Database,
  booker: Booker,
  days: VenueDay[],
): Promise<Map<string, number>> {
  if (days.length === 0) return new Map()
  const gymIds = days.map((day) => day.gymId)
  const dates = days.map((day) => day.date)
  const mine = sql`(lower(orders.contact_email) = ${booker.email} OR orders.user_id = ${booker.userId ?? null})`
  // A card order being paid holds its lines; a confirmed order, its visits not cancelled.
  const { rows } = await sql<{ gym_id: string; visit_date: string; places: number }>`
    SELECT gym_id, visit_date, count(*)::integer AS places FROM (
      SELECT item->>'gymId' AS gym_id, item->>'date' AS visit_date
        FROM orders, jsonb_array_elements(orders.items) AS item
       WHERE orders.status = 'awaiting_payment' AND ${mine}
         AND item->>'gymId' = ANY(${gymIds}::text[]) AND item->>'date' = ANY(${dates}::text[])
      UNION ALL
      SELECT b.gym_id, b.booking_date::text
        FROM confirmed_bookings AS b JOIN orders ON orders.id = b.order_id
       WHERE orders.status = 'confirmed' AND b.cancelled_at IS NULL AND ${mine}
         AND b.gym_id = ANY(${gymIds}::text[]) AND b.booking_date::text = ANY(${dates}::text[])
    ) AS held
     GROUP BY 1, 2`.execute(db)
  return new Map(rows.map((row) => [venueDayKey({ gymId: row.gym_id, date: row.visit_date }), row.places]))
}
