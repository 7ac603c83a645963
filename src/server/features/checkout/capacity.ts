import { sql } from 'kysely'
import type { Database } from '../../db/database.ts'
import { type PricedLine, slotKey } from './pricing.ts'

export interface SlotClaim {
  gymId: string
  date: string
  hour: number
  capacity: number
  count: number
  /** The order's lines that booked this slot, by position. */
  lineIndexes: number[]
}

/** Groups lines by venue, date and hour, in a fixed order so that concurrent orders lock slots alike. */
export function slotClaims(lines: Pick<PricedLine, 'gymId' | 'date' | 'hour' | 'capacity'>[]): SlotClaim[] {
  const claims = new Map<string, SlotClaim>()
  lines.forEach((line, index) => {
    const key = slotKey(line)
    const claim = claims.get(key) ?? { ...line, count: 0, lineIndexes: [] }
    claim.count++
    claim.lineIndexes.push(index)
    claims.set(key, claim)
  })
  return [...claims.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, claim]) => claim)
}

/**
 * Takes the places in the database. The upsert locks the slot's row, so concurrent checkouts queue
 * on it and each sees the others' places; the WHERE (and the table's CHECK on the first insert)
 * refuses a claim past capacity. Returns the claims that did not fit; the caller rolls back.
 */
export async function takePlaces(trx: Database, claims: SlotClaim[]): Promise<SlotClaim[]> {
  const refused: SlotClaim[] = []
  for (const claim of claims) {
    if (claim.count > claim.capacity) {
      refused.push(claim)
      continue
    }
    const { rows } = await sql<{ taken: number }>`
      INSERT INTO slot_occupancy (venue_id, slot_date, slot_hour, capacity, taken)
      VALUES (${claim.gymId}, ${claim.date}, ${claim.hour}, ${claim.capacity}, ${claim.count})
      ON CONFLICT (venue_id, slot_date, slot_hour) DO UPDATE
         SET taken = slot_occupancy.taken + EXCLUDED.taken
       WHERE slot_occupancy.taken + EXCLUDED.taken <= slot_occupancy.capacity
      RETURNING taken`.execute(trx)
    if (rows.length === 0) refused.push(claim)
  }
  return refused
}

/** Gives places back, when an unpaid order's hold runs out or its payment fails. */
export async function releasePlaces(trx: Database, claims: SlotClaim[]): Promise<void> {
  for (const claim of claims) {
    await trx
      .updateTable('slot_occupancy')
      .set({ taken: sql<number>`greatest(taken - ${claim.count}, 0)` })
      .where('venue_id', '=', claim.gymId)
      .where('slot_date', '=', claim.date)
      .where('slot_hour', '=', claim.hour)
      .execute()
  }
}
