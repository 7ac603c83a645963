import { sql } from 'kysely'
import type { Database } from '../../platform/db/database.ts'
import { bookerPlacesHeld } from '../visits/counts-repository.ts'
import { type CapHolder, type VenueDay, venueDayKey } from './booking-caps.ts'

// The locks and counts behind the day cap (booking-caps.ts), apart from order-repository.ts so that
// pricing can count a signed-in booker's places without importing the order writer.

/**
 * Serialises one booker's orders for the same venues and dates until the transaction ends, so two
 * orders placed at once cannot both pass the day cap on counts that leave out the other. Keyed on the
 * address (an account's own, or the guest's): one person, one queue. Taken in a fixed order.
 */
export async function lockBookerDays(trx: Database, booker: CapHolder, days: VenueDay[]): Promise<void> {
  if (days.length === 0) return
  const keys = days.map((day) => `booker-day|${booker.email}|${venueDayKey(day)}`).sort()
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(key, 0))
              FROM unnest(${keys}::text[]) WITH ORDINALITY AS locks (key, position)
             ORDER BY position`.execute(trx)
}

/** Places the booker already holds at each venue and date, by `venueDayKey` (visits/counts-repository.ts). */
export async function placesHeld(
  db: Database,
  booker: CapHolder,
  days: VenueDay[],
): Promise<Map<string, number>> {
  if (days.length === 0) return new Map()
  const rows = await bookerPlacesHeld(
    db,
    { email: booker.email, userId: booker.userId ?? null },
    days.map((day) => day.venueId),
    days.map((day) => day.date),
  )
  return new Map(
    rows.map((row) => [venueDayKey({ venueId: row.venue_id, date: row.visit_date }), row.places]),
  )
}
