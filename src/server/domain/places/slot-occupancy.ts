import { sql } from 'kysely'
import type { Database } from '../../platform/db/database.ts'

/**
 * A slot's places, taken by checkout and given back when a hold ends, a payment fails or a visit is
 * cancelled (table slot_occupancy). Whether a slot may sell is the slot rules' (catalog/slot-rules.ts).
 */

/** The key of one bookable hour at one venue. */
export function slotKey(venueId: string, date: string, hour: number) {
  return `${venueId}|${date}|${hour}`
}

/** What one order line asks of its slot: the places it takes at a venue's date and hour. */
export interface SlotDemand {
  venueId: string
  date: string
  hour: number
  places: number
}

/** One slot's share of an order: the places its lines take there. */
export interface SlotCount {
  venueId: string
  date: string
  hour: number
  count: number
  /** The order's lines that booked this slot, by position. */
  lineIndexes: number[]
}

/** A slot's count to take, under the capacity the catalog gives the slot now. */
export interface SlotClaim extends SlotCount {
  capacity: number
}

/**
 * Groups lines by venue, date and hour, counting their places, in a fixed order so that concurrent
 * orders lock slots alike.
 */
export function slotCounts(lines: readonly SlotDemand[]): SlotCount[] {
  const counts = new Map<string, SlotCount>()
  lines.forEach((line, index) => {
    const key = slotKey(line.venueId, line.date, line.hour)
    const count = counts.get(key) ?? {
      venueId: line.venueId,
      date: line.date,
      hour: line.hour,
      count: 0,
      lineIndexes: [],
    }
    count.count += line.places
    count.lineIndexes.push(index)
    counts.set(key, count)
  })
  return [...counts.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, count]) => count)
}

/** `slotCounts`, each slot under the capacity its lines were quoted with. */
export function slotClaims(lines: readonly (SlotDemand & { capacity: number })[]): SlotClaim[] {
  return slotCounts(lines).map((count) => ({
    ...count,
    capacity: lines[count.lineIndexes[0] ?? 0]?.capacity ?? 0,
  }))
}

/** The stored rows of the slots named, one query for them all. */
function slotRows(trx: Database, slots: readonly Pick<SlotCount, 'venueId' | 'date' | 'hour'>[]) {
  return trx
    .selectFrom('slot_occupancy')
    .select(['venue_id', 'slot_date', 'slot_hour', 'capacity', 'taken'])
    .where((eb) =>
      eb.or(
        slots.map((slot) =>
          eb.and([
            eb('venue_id', '=', slot.venueId),
            eb('slot_date', '=', slot.date),
            eb('slot_hour', '=', slot.hour),
          ]),
        ),
      ),
    )
    .execute()
}

/**
 * The slots' capacities as their rows stand, for places taken again without a quote (a payment that
 * came after its order ended): a slot without a row has none to give.
 */
export async function storedClaims(trx: Database, counts: readonly SlotCount[]): Promise<SlotClaim[]> {
  if (counts.length === 0) return []
  const rows = await slotRows(trx, counts)
  const capacities = new Map(
    rows.map((row) => [slotKey(row.venue_id, row.slot_date, row.slot_hour), row.capacity]),
  )
  return counts.map((count) => ({
    ...count,
    capacity: capacities.get(slotKey(count.venueId, count.date, count.hour)) ?? 0,
  }))
}

/**
 * Takes the places in the database, every slot in one statement. A claim carries the slot's
 * capacity as the catalog has it now (its hours, or a date's change), which replaces the stored one.
 * The upsert locks each slot's row
 * in the claims' order, so concurrent checkouts queue on it and each sees the others' places; the
 * WHERE (and the table's CHECK on the first insert) refuses a claim past capacity. Returns the
 * claims that did not fit; the caller rolls back.
 */
export async function takePlaces(trx: Database, claims: SlotClaim[]): Promise<SlotClaim[]> {
  const fitting = claims.filter((claim) => claim.count <= claim.capacity)
  if (fitting.length === 0) return claims
  const rows = fitting.map(
    (claim) =>
      sql`(${claim.venueId}, ${claim.date}::date, ${claim.hour}::smallint, ${claim.capacity}::integer, ${claim.count}::integer)`,
  )
  const { rows: taken } = await sql<{ venue_id: string; slot_date: string; slot_hour: number }>`
    INSERT INTO slot_occupancy (venue_id, slot_date, slot_hour, capacity, taken)
    VALUES ${sql.join(rows)}
    ON CONFLICT (venue_id, slot_date, slot_hour) DO UPDATE
       SET taken = slot_occupancy.taken + EXCLUDED.taken, capacity = EXCLUDED.capacity
     WHERE slot_occupancy.taken + EXCLUDED.taken <= EXCLUDED.capacity
    RETURNING venue_id, slot_date, slot_hour`.execute(trx)
  const granted = new Set(taken.map((row) => slotKey(row.venue_id, row.slot_date, row.slot_hour)))
  return claims.filter((claim) => !granted.has(slotKey(claim.venueId, claim.date, claim.hour)))
}

/**
 * The places each refused claim's slot has left, by the claim's position, read after `takePlaces`
 * refused them in the same transaction: the upsert locked the slots' rows, so the count is current.
 */
export async function placesLeft(trx: Database, claims: SlotClaim[]): Promise<number[]> {
  if (claims.length === 0) return []
  const taken = await slotRows(trx, claims)
  const byKey = new Map(taken.map((row) => [slotKey(row.venue_id, row.slot_date, row.slot_hour), row.taken]))
  return claims.map((claim) =>
    Math.max(0, claim.capacity - (byKey.get(slotKey(claim.venueId, claim.date, claim.hour)) ?? 0)),
  )
}

/** One slot whose places went back, as the features told of it see it. */
export type FreedSlot = Pick<SlotCount, 'venueId' | 'date' | 'hour'>

/**
 * A feature told when places go back, inside the transaction that gave them back (the waiting list
 * offers them to the next in line there). The slot's row is locked by then. Features register here
 * (the composition does it, app.ts); this module never imports them.
 */
export type PlacesFreedListener = (trx: Database, slots: FreedSlot[], now: Date) => Promise<void>

const placesFreedListeners = new Set<PlacesFreedListener>()

export function onPlacesFreed(listener: PlacesFreedListener): void {
  placesFreedListeners.add(listener)
}

/** Tells the registered features of the slots whose places just went back, in a fixed order. */
async function placesFreed(trx: Database, slots: FreedSlot[], now: Date | undefined): Promise<void> {
  if (!now || slots.length === 0) return
  const unique = new Map(slots.map((slot) => [slotKey(slot.venueId, slot.date, slot.hour), slot]))
  const ordered = [...unique.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, slot]) => slot)
  for (const listener of placesFreedListeners) await listener(trx, ordered, now)
}

/**
 * Gives places back, when an unpaid order's hold runs out or its payment fails. With `now`, the
 * features listening (`onPlacesFreed`) hear of it in the same transaction.
 */
export async function releasePlaces(trx: Database, claims: SlotCount[], now?: Date): Promise<void> {
  await releaseCounts(trx, claims)
  await placesFreed(trx, claims, now)
}

async function releaseCounts(trx: Database, claims: readonly SlotCount[]): Promise<void> {
  for (const claim of claims) {
    await trx
      .updateTable('slot_occupancy')
      .set({ taken: sql<number>`greatest(taken - ${claim.count}, 0)` })
      .where('venue_id', '=', claim.venueId)
      .where('slot_date', '=', claim.date)
      .where('slot_hour', '=', claim.hour)
      .execute()
  }
}

/** One slot, as a claim names it: its venue, date, hour and capacity as the catalog has it now. */
export type Slot = Pick<SlotClaim, 'venueId' | 'date' | 'hour' | 'capacity'>

/**
 * Changes how many places one booking holds on its slot, for a party that grows or shrinks: more are
 * taken under the slot's capacity as a checkout takes them, fewer are given back. False when the
 * slot has no room for the growth; the caller rolls back.
 */
export async function resizePlaces(
  trx: Database,
  slot: Slot,
  from: number,
  to: number,
  now?: Date,
): Promise<boolean> {
  if (to > from) return (await takePlaces(trx, [{ ...slot, count: to - from, lineIndexes: [] }])).length === 0
  if (to < from) await releasePlaces(trx, [{ ...slot, count: from - to, lineIndexes: [] }], now)
  return true
}

/** Gives one place back to each cancelled (or moved) visit's slot; the listeners hear of it. */
export async function releaseVisitPlaces(
  trx: Database,
  visits: readonly { venue_id: string; booking_date: string; booking_time: string }[],
  now: Date,
): Promise<void> {
  for (const visit of visits) {
    await trx
      .updateTable('slot_occupancy')
      .set({ taken: sql<number>`greatest(taken - 1, 0)` })
      .where('venue_id', '=', visit.venue_id)
      .where('slot_date', '=', visit.booking_date)
      .where('slot_hour', '=', Number(visit.booking_time.slice(0, 2)))
      .execute()
  }
  await placesFreed(
    trx,
    visits.map((visit) => ({
      venueId: visit.venue_id,
      date: visit.booking_date,
      hour: Number(visit.booking_time.slice(0, 2)),
    })),
    now,
  )
}

/**
 * Locks one slot's row (SELECT … FOR UPDATE) and reads its capacity and places taken, for a feature
 * that hands out the free places itself (the waiting list). With `capacity` (the catalog's now), a
 * slot without a row gets one and that capacity is the one read. Every take and release of the
 * slot's places waits for this lock until the caller's transaction ends.
 */
export async function lockSlotPlaces(
  trx: Database,
  slot: FreedSlot,
  capacity?: number,
): Promise<{ capacity: number; taken: number } | undefined> {
  if (capacity !== undefined)
    await sql`
      INSERT INTO slot_occupancy (venue_id, slot_date, slot_hour, capacity, taken)
      VALUES (${slot.venueId}, ${slot.date}::date, ${slot.hour}::smallint, ${capacity}::integer, 0)
      ON CONFLICT (venue_id, slot_date, slot_hour) DO NOTHING`.execute(trx)
  const row = await trx
    .selectFrom('slot_occupancy')
    .select(['capacity', 'taken'])
    .where('venue_id', '=', slot.venueId)
    .where('slot_date', '=', slot.date)
    .where('slot_hour', '=', slot.hour)
    .forUpdate()
    .executeTakeFirst()
  return row && { capacity: capacity ?? row.capacity, taken: row.taken }
}

/**
 * Takes `count` places on a slot the caller has locked (`lockSlotPlaces`) and found room on, and
 * stores the capacity it checked against.
 */
export async function takeLockedPlaces(trx: Database, slot: FreedSlot, count: number, capacity: number) {
  await trx
    .updateTable('slot_occupancy')
    .set({ taken: sql<number>`taken + ${count}::integer`, capacity })
    .where('venue_id', '=', slot.venueId)
    .where('slot_date', '=', slot.date)
    .where('slot_hour', '=', slot.hour)
    .execute()
}

/** Gives `count` places of one slot back without telling the listeners: the caller hands them on. */
export async function giveBackPlaces(trx: Database, slot: FreedSlot, count: number): Promise<void> {
  if (count > 0) await releaseCounts(trx, [{ ...slot, count, lineIndexes: [] }])
}
