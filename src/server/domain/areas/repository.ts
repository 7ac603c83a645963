import { sql } from 'kysely'
import { areaKey } from '../../../shared/area-names.ts'
import type { AdminArea } from '../../../shared/areas.ts'
import type { Database } from '../../platform/db/database.ts'
import { type FieldErrors, HttpError } from '../../platform/http/errors.ts'

/**
 * The team's list of areas (docs/catalog.md, "Areas"; docs/decisions/053). The public pages read it
 * from the in-memory catalog; these are the writes, the team's list, and the checks a form's chosen
 * area passes on its way in.
 */

/** Refuses an area that is not on the list or no longer offered, unless it is the one `kept` already. */
export async function requireChoosableArea(db: Database, areaId: string, kept?: string): Promise<void> {
  const area = await db
    .selectFrom('areas')
    .select(['id', 'active'])
    .where('id', '=', areaId)
    .executeTakeFirst()
  if (area && (area.active || area.id === kept)) return
  throw new HttpError(400, 'AREA_UNKNOWN', { fields: { areaId: 'AREA_UNKNOWN' } })
}

/** Every area, active or not, with what stands in it, by English name. */
export async function listAdminAreas(db: Database): Promise<AdminArea[]> {
  const rows = await db
    .selectFrom('areas as a')
    .select((eb) => [
      'a.id',
      'a.name_en',
      'a.name_ar',
      'a.active',
      eb
        .selectFrom('venues')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('venues.area_id', '=', 'a.id')
        .as('venues'),
      eb
        .selectFrom('vendor_applications')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('vendor_applications.area_id', '=', 'a.id')
        .as('applications'),
    ])
    .execute()
  return rows
    .map((row) => ({
      id: row.id,
      name: { en: row.name_en, ar: row.name_ar },
      active: row.active,
      venues: Number(row.venues ?? 0),
      applications: Number(row.applications ?? 0),
    }))
    .sort((a, b) => a.name.en.localeCompare(b.name.en, 'en'))
}

export interface AreaRecord {
  id: string
  nameEn: string
  nameAr: string
  active: boolean
}

/**
 * The area as it is, the list locked against other writers until the transaction ends: two team
 * members adding "Seef" and «السيف» at once are checked one after the other.
 */
export async function lockAreas(trx: Database): Promise<AreaRecord[]> {
  await sql`LOCK TABLE areas IN SHARE ROW EXCLUSIVE MODE`.execute(trx)
  const rows = await trx.selectFrom('areas').select(['id', 'name_en', 'name_ar', 'active']).execute()
  return rows.map((row) => ({ id: row.id, nameEn: row.name_en, nameAr: row.name_ar, active: row.active }))
}

/**
 * Refuses names another area already has in either language, as spelled any way (area-names.ts
 * `areaKey`): «السيف» when Seef is listed, "Al-Seef" too.
 */
export function refuseTakenNames(
  areas: AreaRecord[],
  names: { nameEn: string; nameAr: string },
  self?: string,
) {
  const fields: FieldErrors = {}
  let clash = false
  for (const field of ['nameEn', 'nameAr'] as const) {
    const key = areaKey(names[field])
    const other = areas.find(
      (area) =>
        area.id !== self && key !== '' && (areaKey(area.nameEn) === key || areaKey(area.nameAr) === key),
    )
    if (other) {
      fields[field] = 'AREA_NAME_TAKEN'
      clash = true
    }
  }
  if (clash) throw new HttpError(409, 'AREA_NAME_TAKEN', { fields })
}

export async function insertArea(trx: Database, area: AreaRecord): Promise<void> {
  await trx
    .insertInto('areas')
    .values({ id: area.id, name_en: area.nameEn, name_ar: area.nameAr, active: area.active })
    .execute()
}

export async function updateArea(trx: Database, area: AreaRecord): Promise<void> {
  await trx
    .updateTable('areas')
    .set({ name_en: area.nameEn, name_ar: area.nameAr, active: area.active, updated_at: sql<Date>`now()` })
    .where('id', '=', area.id)
    .execute()
}

/** Deletes an area nothing stands in; false when a venue or an application is in it. */
export async function deleteUnusedArea(trx: Database, id: string): Promise<boolean> {
  const used = await trx
    .selectFrom('venues')
    .select('id')
    .where('area_id', '=', id)
    .union(
      trx.selectFrom('vendor_applications').select(sql<string>`id::text`.as('id')).where('area_id', '=', id),
    )
    .limit(1)
    .executeTakeFirst()
  if (used) return false
  await trx.deleteFrom('areas').where('id', '=', id).execute()
  return true
}
