import { sql } from 'kysely'
import type { Database } from '../../platform/db/database.ts'
import type { VenueStatus } from '../../platform/db/schema.ts'
import type { DateException } from '../catalog/slot-rules.ts'
import { slotKey } from './impact.ts'

/** What the team edits of a venue's schedule, as stored. */
export interface ScheduleVenueRow {
  id: string
  status: VenueStatus
  weeklyHours: number[][]
  capacityPerSlot: number
}

export interface ExceptionRecord extends DateException {
  date: string
  closedHours: number[]
  note: string
}

/**
 * The venue's schedule, its row locked until the transaction ends (FOR UPDATE): two managers'
 * edits of one venue queue here, so each one's check of the bookings sees the other's change.
 * Bookings themselves are not locked: an order placed meanwhile is judged by the catalog it read,
 * which the announcement after the commit refreshes.
 */
export async function lockVenueSchedule(
  trx: Database,
  venueId: string,
): Promise<ScheduleVenueRow | undefined> {
  const row = await trx
    .selectFrom('venues')
    .select(['id', 'status', 'weekly_hours', 'capacity_per_slot'])
    .where('id', '=', venueId)
    .forUpdate()
    .executeTakeFirst()
  return row && toVenue(row)
}

export async function findVenueSchedule(
  db: Database,
  venueId: string,
): Promise<ScheduleVenueRow | undefined> {
  const row = await db
    .selectFrom('venues')
    .select(['id', 'status', 'weekly_hours', 'capacity_per_slot'])
    .where('id', '=', venueId)
    .executeTakeFirst()
  return row && toVenue(row)
}

function toVenue(row: {
  id: string
  status: VenueStatus
  weekly_hours: number[][]
  capacity_per_slot: number
}): ScheduleVenueRow {
  return {
    id: row.id,
    status: row.status,
    weeklyHours: row.weekly_hours,
    capacityPerSlot: row.capacity_per_slot,
  }
}

/** The venue's exceptions from `fromDate` on (or on that one date), in date order. */
export async function listExceptions(
  db: Database,
  venueId: string,
  dates: { from: string } | { on: string },
): Promise<ExceptionRecord[]> {
  let query = db
    .selectFrom('venue_date_exceptions')
    .select(['exception_date', 'closed_all_day', 'closed_hours', 'capacity', 'note'])
    .where('venue_id', '=', venueId)
  query =
    'on' in dates
      ? query.where('exception_date', '=', dates.on)
      : query.where('exception_date', '>=', dates.from)
  const rows = await query.orderBy('exception_date').execute()
  return rows.map((row) => ({
    date: row.exception_date,
    closedAllDay: row.closed_all_day,
    closedHours: [...row.closed_hours].sort((a, b) => a - b),
    capacity: row.capacity,
    note: row.note,
  }))
}

/** Places taken per slot (`date|hour`), from `from` on or on one date. */
export async function takenPlaces(
  db: Database,
  venueId: string,
  dates: { from: string } | { on: string },
): Promise<Map<string, number>> {
  let query = db
    .selectFrom('slot_occupancy')
    .select(['slot_date', 'slot_hour', 'taken'])
    .where('venue_id', '=', venueId)
  query = 'on' in dates ? query.where('slot_date', '=', dates.on) : query.where('slot_date', '>=', dates.from)
  const rows = await query.execute()
  return new Map(rows.map((row) => [slotKey(row.slot_date, row.slot_hour), row.taken]))
}

export async function saveWeeklyHours(
  trx: Database,
  venueId: string,
  weeklyHours: number[][],
  capacityPerSlot: number,
): Promise<void> {
  await trx
    .updateTable('venues')
    .set({
      weekly_hours: JSON.stringify(weeklyHours),
      capacity_per_slot: capacityPerSlot,
      updated_at: new Date(),
    })
    .where('id', '=', venueId)
    .execute()
}

export async function saveException(
  trx: Database,
  venueId: string,
  exception: ExceptionRecord,
): Promise<void> {
  const values = {
    closed_all_day: exception.closedAllDay,
    closed_hours: exception.closedHours,
    capacity: exception.capacity,
    note: exception.note,
  }
  await trx
    .insertInto('venue_date_exceptions')
    .values({ venue_id: venueId, exception_date: exception.date, ...values })
    .onConflict((conflict) => conflict.columns(['venue_id', 'exception_date']).doUpdateSet(values))
    .execute()
}

export async function deleteException(trx: Database, venueId: string, date: string): Promise<void> {
  await trx
    .deleteFrom('venue_date_exceptions')
    .where('venue_id', '=', venueId)
    .where('exception_date', '=', date)
    .execute()
}

/**
 * Brings the stored capacity of booked slots in line with a change of places. The slot rules read
 * a slot's places from the catalog, and the next booking replaces the stored capacity anyway
 * (checkout/capacity.ts); this keeps the table telling the truth meanwhile. The table's CHECK
 * wants taken ≤ capacity, and a confirmed change may leave a slot with more places taken than it
 * now has: that slot keeps capacity = taken (greatest of the two). Its bookings stay; the slot
 * rules, reading the lower capacity from the catalog, show it full and refuse new places there.
 * `dates` is one date (an exception), or every date from a day on that has no exception of its
 * own setting the places (the week's places changed).
 */
export async function alignSlotCapacity(
  trx: Database,
  venueId: string,
  capacity: number,
  dates: { on: string } | { from: string },
): Promise<void> {
  let query = trx
    .updateTable('slot_occupancy')
    .set({ capacity: sql<number>`greatest(${capacity}::integer, taken)` })
    .where('venue_id', '=', venueId)
  if ('on' in dates) query = query.where('slot_date', '=', dates.on)
  else
    query = query
      .where('slot_date', '>=', dates.from)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('venue_date_exceptions as e')
              .select('e.venue_id')
              .whereRef('e.venue_id', '=', 'slot_occupancy.venue_id')
              .whereRef('e.exception_date', '=', 'slot_occupancy.slot_date')
              .where('e.capacity', 'is not', null),
          ),
        ),
      )
  await query.execute()
}
