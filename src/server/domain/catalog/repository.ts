import { sql } from 'kysely'
import type { Database } from '../../platform/db/database.ts'

export type VenueRow = Awaited<ReturnType<typeof loadCatalogRows>>['venues'][number]
export type PassRow = Awaited<ReturnType<typeof loadCatalogRows>>['passes'][number]
export type ImageRow = Awaited<ReturnType<typeof loadCatalogRows>>['images'][number]
export type AreaRow = Awaited<ReturnType<typeof loadCatalogRows>>['areas'][number]
export type ExceptionRow = Awaited<ReturnType<typeof loadCatalogRows>>['exceptions'][number]

/**
 * The whole catalog in six queries: it is small (hundreds of venues), and the service caches it.
 * Date exceptions are read from `today` on; past ones no longer decide anything.
 */
export async function loadCatalogRows(db: Database, today: string) {
  const [venues, passes, images, exceptions, reviews, areas] = await Promise.all([
    db.selectFrom('venues').selectAll().orderBy('position').orderBy('id').execute(),
    db.selectFrom('passes').selectAll().orderBy('venue_id').orderBy('position').execute(),
    db.selectFrom('venue_images').selectAll().orderBy('venue_id').orderBy('position').execute(),
    db
      .selectFrom('venue_date_exceptions')
      .select(['venue_id', 'exception_date', 'closed_all_day', 'closed_hours', 'capacity'])
      .where('exception_date', '>=', today)
      .execute(),
    loadReviewTotals(db),
    db.selectFrom('areas').select(['id', 'name_en', 'name_ar', 'active']).orderBy('name_en').execute(),
  ])
  return { venues, passes, images, exceptions, reviews, areas }
}

/**
 * A digest of every row `loadCatalogRows` reads, worked out by the database: equal digests, equal
 * rows. The service asks it before reading the catalog again, so an unchanged catalog costs one
 * short answer instead of every row parsed (some 15 ms of the event loop at 200 venues).
 */
export async function catalogVersion(db: Database, today: string): Promise<string> {
  const { rows } = await sql<{ version: string }>`
    SELECT md5(concat_ws('|',
      coalesce((SELECT string_agg(v::text, ',' ORDER BY v::text) FROM venues v), ''),
      coalesce((SELECT string_agg(p::text, ',' ORDER BY p::text) FROM passes p), ''),
      coalesce((SELECT string_agg(i::text, ',' ORDER BY i::text) FROM venue_images i), ''),
      coalesce((SELECT string_agg(e::text, ',' ORDER BY e::text)
                  FROM venue_date_exceptions e WHERE e.exception_date >= ${today}), ''),
      coalesce((SELECT string_agg(r.venue_id || ':' || r.count || ':' || r.total, ',' ORDER BY r.venue_id)
                  FROM (SELECT venue_id, count(*) AS count, sum(stars) AS total
                          FROM venue_reviews WHERE hidden_at IS NULL GROUP BY venue_id) r), ''),
      coalesce((SELECT string_agg(h::text, ',' ORDER BY h::text) FROM public_holidays h), ''),
      coalesce((SELECT string_agg(a.id || ':' || a.name_en || ':' || a.name_ar || ':' || a.active, ',' ORDER BY a.id)
                  FROM areas a), '')
    )) AS version`.execute(db)
  return rows[0]?.version ?? ''
}

/** Each venue's visible reviews: how many and their stars' sum (docs/decisions/051). */
async function loadReviewTotals(db: Database): Promise<Map<string, { count: number; total: number }>> {
  const rows = await db
    .selectFrom('venue_reviews')
    .select((eb) => [
      'venue_id',
      eb.fn.countAll<number>().as('count'),
      eb.fn.sum<number>('stars').as('total'),
    ])
    .where('hidden_at', 'is', null)
    .groupBy('venue_id')
    .execute()
  return new Map(rows.map((row) => [row.venue_id, { count: Number(row.count), total: Number(row.total) }]))
}

export async function loadHolidays(db: Database) {
  return db.selectFrom('public_holidays').selectAll().execute()
}

/** Places taken per hour at one venue on one date. */
export async function loadOccupancy(
  db: Database,
  venueId: string,
  date: string,
): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('slot_occupancy')
    .select(['slot_hour', 'taken'])
    .where('venue_id', '=', venueId)
    .where('slot_date', '=', date)
    .execute()
  return new Map(rows.map((row) => [row.slot_hour, row.taken]))
}

/** Places taken per venue and hour on one date, for every venue at once: the list's next slots. */
export async function loadDayOccupancy(
  db: Database,
  date: string,
): Promise<Map<string, Map<number, number>>> {
  const rows = await db
    .selectFrom('slot_occupancy')
    .select(['venue_id', 'slot_hour', 'taken'])
    .where('slot_date', '=', date)
    .execute()
  const byVenue = new Map<string, Map<number, number>>()
  for (const row of rows) {
    const hours = byVenue.get(row.venue_id) ?? new Map<number, number>()
    hours.set(row.slot_hour, row.taken)
    byVenue.set(row.venue_id, hours)
  }
  return byVenue
}
