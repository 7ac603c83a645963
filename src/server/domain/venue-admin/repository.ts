import { sql } from 'kysely'
import type { Database } from '../../platform/db/database.ts'
import type { BookingNoticeMode, PassesTable, VenueStatus } from '../../platform/db/schema.ts'
import { bookingCountsOn } from '../visits/counts-repository.ts'

/** The editor's SQL, in one place. Writes take the transaction their change and audit row share. */

/** Every venue, whatever its status, with its passes on sale and its confirmed bookings for `today`. */
export async function listVenues(db: Database, today: string) {
  const [venues, bookings] = await Promise.all([
    db
      .selectFrom('venues as v')
      .innerJoin('areas as a', 'a.id', 'v.area_id')
      .select([
        'v.id',
        'v.name_en',
        'v.name_ar',
        'v.area_id',
        'a.name_en as area_name_en',
        'a.name_ar as area_name_ar',
        'v.status',
        (eb) =>
          eb
            .selectFrom('passes as p')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('p.venue_id', '=', 'v.id')
            .where('p.archived_at', 'is', null)
            .as('active_passes'),
      ])
      .orderBy('v.position')
      .orderBy('v.id')
      .execute(),
    bookingCountsOn(db, today),
  ])
  return venues.map((venue) => ({ ...venue, todays_bookings: bookings.get(venue.id) ?? 0 }))
}

export type VenueRow = NonNullable<Awaited<ReturnType<typeof findVenue>>>

export async function findVenue(db: Database, id: string) {
  return db.selectFrom('venues').selectAll().where('id', '=', id).executeTakeFirst()
}

/** The venue, locked until the transaction ends: changes to it and its passes are decided one at a time. */
export async function lockVenue(trx: Database, id: string) {
  return trx.selectFrom('venues').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()
}

export type PassRow = Awaited<ReturnType<typeof findPasses>>[number]

/** A venue's passes, archived ones too, in the visitors' order. */
export async function findPasses(db: Database, venueId: string) {
  return db
    .selectFrom('passes')
    .selectAll()
    .where('venue_id', '=', venueId)
    .orderBy('position')
    .orderBy('id')
    .execute()
}

export async function findImages(db: Database, venueId: string) {
  return db
    .selectFrom('venue_images')
    .selectAll()
    .where('venue_id', '=', venueId)
    .orderBy('position')
    .execute()
}

export interface VenueDetailsValues {
  name_en: string
  name_ar: string
  description_en: string
  description_ar: string
  area_id: string
  location_en: string
  location_ar: string
  latitude: number | null
  longitude: number | null
  rating: number | null
  pay_at_venue_only: boolean
  cancellation_notice_hours: number
  /** 1500 = 15% (migration 016). */
  commission_basis_points: number
  venue_type: string
  facilities: string[]
  slug: string
  /** yyyy-mm-dd or null. */
  sells_from: string | null
  sells_until: string | null
}

/** Whether another venue uses `slug` as its URL name or its id (old links by id keep working). */
export async function slugTaken(trx: Database, slug: string, exceptId: string) {
  const row = await trx
    .selectFrom('venues')
    .select('id')
    .where((eb) => eb.or([eb('slug', '=', slug), eb('id', '=', slug)]))
    .where('id', '<>', exceptId)
    .executeTakeFirst()
  return row !== undefined
}

/** Saves the details; `updated_at` is their version, which the editor sends back with its next save. */
export async function updateVenue(trx: Database, id: string, values: VenueDetailsValues) {
  // Millisecond precision, so the `updatedAt` the editor sends back compares equal.
  await trx
    .updateTable('venues')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute()
}

/**
 * A status is not a detail: it leaves `updated_at` alone, so publishing does not turn a colleague's
 * (or one's own unsaved) edit of the details into a conflict.
 */
export async function setVenueStatus(trx: Database, id: string, status: VenueStatus) {
  await trx.updateTable('venues').set({ status }).where('id', '=', id).execute()
}

/** Like a status, the notice settings leave `updated_at` (the details' version) alone. */
export async function setVenueNotices(
  trx: Database,
  id: string,
  values: { bookings_email: string | null; booking_notices: BookingNoticeMode; notice_language: 'en' | 'ar' },
) {
  await trx.updateTable('venues').set(values).where('id', '=', id).execute()
}

/** The VAT terms (migration 028) leave `updated_at` alone too. */
export async function setVenueVat(
  trx: Database,
  id: string,
  values: { vat_registered: boolean; vat_number: string | null; prices_include_vat: boolean },
) {
  await trx.updateTable('venues').set(values).where('id', '=', id).execute()
}

export type NewPass = Omit<PassesTable, 'position' | 'archived_at'>

/** Adds a pass after the venue's others. */
export async function insertPass(trx: Database, pass: NewPass) {
  return trx
    .insertInto('passes')
    .values({
      ...pass,
      position: sql<number>`(select coalesce(max(position), -1) + 1 from passes where venue_id = ${pass.venue_id})`,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function updatePass(
  trx: Database,
  id: string,
  values: Partial<Omit<NewPass, 'id' | 'venue_id'>> & { archived_at?: Date | null },
) {
  return trx.updateTable('passes').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow()
}

export async function passIdTaken(trx: Database, id: string): Promise<boolean> {
  const row = await trx.selectFrom('passes').select('id').where('id', '=', id).executeTakeFirst()
  return row !== undefined
}

/** Sets each pass's position to its index in `ids` (all of them the venue's). */
export async function setPassPositions(trx: Database, venueId: string, ids: string[]) {
  for (const [position, id] of ids.entries()) {
    await trx
      .updateTable('passes')
      .set({ position })
      .where('id', '=', id)
      .where('venue_id', '=', venueId)
      .execute()
  }
}

/** Whether the venue has a cover: the photo at position 0. */
export async function hasCover(trx: Database, venueId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('venue_images')
    .select('position')
    .where('venue_id', '=', venueId)
    .where('position', '=', 0)
    .executeTakeFirst()
  return row !== undefined
}
