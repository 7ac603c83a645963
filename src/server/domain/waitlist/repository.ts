import type { Selectable } from 'kysely'
import type { Database } from '../../platform/db/database.ts'
import type { WaitlistEntriesTable } from '../../platform/db/schema.ts'

export type WaitlistRow = Selectable<WaitlistEntriesTable>

/** One slot of one venue, as the waiting list names it. */
export interface WaitlistSlot {
  venueId: string
  date: string
  hour: number
}

/** The statuses of a request still in line: waiting, or holding offered places. */
export const openStatuses = ['waiting', 'offered'] as const

export async function loadEntry(db: Database, id: number): Promise<WaitlistRow | undefined> {
  return db.selectFrom('waitlist_entries').selectAll().where('id', '=', id).executeTakeFirst()
}

/** The request this address already has open for the slot, if any (one per address and slot). */
export async function openEntryOf(db: Database, slot: WaitlistSlot, email: string) {
  return db
    .selectFrom('waitlist_entries')
    .selectAll()
    .where('venue_id', '=', slot.venueId)
    .where('slot_date', '=', slot.date)
    .where('slot_hour', '=', slot.hour)
    .where('email', '=', email)
    .where('status', 'in', openStatuses)
    .executeTakeFirst()
}

/** How many requests are still waiting before this one for its slot. */
export async function aheadOf(db: Database, entry: WaitlistRow): Promise<number> {
  const row = await db
    .selectFrom('waitlist_entries')
    .select((eb) => eb.fn.countAll<string>().as('ahead'))
    .where('venue_id', '=', entry.venue_id)
    .where('slot_date', '=', entry.slot_date)
    .where('slot_hour', '=', entry.slot_hour)
    .where('status', '=', 'waiting')
    .where((eb) =>
      eb.or([
        eb('joined_at', '<', entry.joined_at),
        eb.and([eb('joined_at', '=', entry.joined_at), eb('id', '<', entry.id)]),
      ]),
    )
    .executeTakeFirstOrThrow()
  return Number(row.ahead)
}

/** One venue's requests on one date, in line order, for the team. */
export async function venueDayEntries(db: Database, venueId: string, date: string): Promise<WaitlistRow[]> {
  return db
    .selectFrom('waitlist_entries')
    .selectAll()
    .where('venue_id', '=', venueId)
    .where('slot_date', '=', date)
    .orderBy('slot_hour')
    .orderBy('joined_at')
    .orderBy('id')
    .execute()
}

/** The slots with requests waiting: where the job looks for places to offer (or closes the line). */
export async function slotsWithWaiting(db: Database): Promise<WaitlistSlot[]> {
  const rows = await db
    .selectFrom('waitlist_entries')
    .select(['venue_id', 'slot_date', 'slot_hour'])
    .where('status', '=', 'waiting')
    .groupBy(['venue_id', 'slot_date', 'slot_hour'])
    .orderBy('venue_id')
    .orderBy('slot_date')
    .orderBy('slot_hour')
    .execute()
  return rows.map((row) => ({ venueId: row.venue_id, date: row.slot_date, hour: row.slot_hour }))
}

/** The slots with an offer unanswered at `now`. */
export async function slotsWithExpiredOffers(db: Database, now: Date): Promise<WaitlistSlot[]> {
  const rows = await db
    .selectFrom('waitlist_entries')
    .select(['venue_id', 'slot_date', 'slot_hour'])
    .where('status', '=', 'offered')
    .where('offer_expires_at', '<=', now)
    .groupBy(['venue_id', 'slot_date', 'slot_hour'])
    .orderBy('venue_id')
    .orderBy('slot_date')
    .orderBy('slot_hour')
    .execute()
  return rows.map((row) => ({ venueId: row.venue_id, date: row.slot_date, hour: row.slot_hour }))
}

/** A request with its venue's and pass's names, for the mails about it. */
export async function loadEntryMailRow(db: Database, entryId: number) {
  return db
    .selectFrom('waitlist_entries as entry')
    .innerJoin('venues', 'venues.id', 'entry.venue_id')
    .leftJoin('passes', 'passes.id', 'entry.pass_id')
    .select([
      'entry.id',
      'entry.slot_date',
      'entry.slot_hour',
      'entry.people',
      'entry.offer_expires_at',
      'venues.name_en as venue_en',
      'venues.name_ar as venue_ar',
      'passes.name_en as pass_en',
      'passes.name_ar as pass_ar',
    ])
    .where('entry.id', '=', entryId)
    .executeTakeFirstOrThrow()
}
