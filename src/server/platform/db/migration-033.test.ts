import { copyFile, mkdtemp, readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../../../tests/support/test-database.ts'
import type { DatabaseHandle } from './database.ts'
import { migrate } from './migrate.ts'

/**
 * Migration 033 on a database whose venues and applications name their areas in free text, in
 * either language and any spelling: each comes to refer to one area of the list, and a text that
 * names none becomes an area of its own (docs/decisions/053).
 */
const projectMigrations = new URL('./migrations/', import.meta.url)
let database: DatabaseHandle

/** Free text as venues and applications held it, and the area each should end up in. */
const venueAreas: [written: string, areaId: string][] = [
  ['Seef', 'seef'],
  ['السيف', 'seef'],
  ['السَّيف', 'seef'],
  ['  al-seef ', 'seef'],
  ['Seef, Manama', 'seef'],
  ['السيف، المنامة', 'seef'],
  ['Adliyah', 'adliya'],
  ['العدليه', 'adliya'],
  ['Madinat Isa', 'isa-town'],
  ['مدينه عيسي', 'isa-town'],
  ['Amwaj', 'amwaj-islands'],
  ['جزر امواج', 'amwaj-islands'],
  ['Diyar Al-Muharraq', 'diyar-al-muharraq'],
  ['Al Muharraq', 'muharraq'],
  ['Manamah', 'manama'],
  ['Bahrain Bay', 'bahrain-bay'],
]

beforeAll(async () => {
  const before = await mkdtemp(join(tmpdir(), 'migrations-before-033-'))
  for (const name of await readdir(fileURLToPath(projectMigrations)))
    if (/^\d{3}-/.test(name) && name < '033-')
      await copyFile(join(fileURLToPath(projectMigrations), name), join(before, name))
  database = await createTestDatabase(pathToFileURL(`${before}/`))
  const { pool } = database
  const written = [
    ...venueAreas.map(([text]) => text),
    'Zinj Gardens',
    'zinj  gardens',
    'حديقة الزنج الكبرى',
    '-',
  ]
  for (const [n, area] of written.entries())
    await pool.query(
      `INSERT INTO venues (id, name_en, name_ar, description_en, description_ar, area, location_en,
         location_ar, venue_type, rating, capacity_per_slot)
       VALUES ($1, $2, '', '', '', $3, '', '', 'hotel', NULL, 10)`,
      [`venue-${n}`, `Venue ${n}`, area],
    )
  await pool.query(`
    INSERT INTO vendor_applications (venue_name_en, venue_name_ar, venue_email, contact_first_name,
      contact_last_name, venue_type, day_passes, available_start_date, available_end_date, start_time,
      end_time, area, city, country, language)
    VALUES
      ('', 'نادي اللؤلؤة', 'pearl@example.bh', 'Huda', 'Ali', 'Gym', '[]', '2026-12-01', NULL, '06:00', '22:00',
       'الجُفَير', 'المنامة', 'BH', 'ar'),
      ('Sitra Club', '', 'sitra@example.bh', 'Ali', 'Hasan', 'Gym', '[]', '2026-12-01', NULL, '06:00', '22:00',
       'Sitra Industrial', 'Sitra', 'BH', 'en')`)
  expect(await migrate(pool)).toEqual(
    (await readdir(fileURLToPath(projectMigrations))).filter((name) => name >= '033-').sort(),
  )
})
afterAll(() => database.close())

const areaOf = async (venueId: string) =>
  (
    await database.db
      .selectFrom('venues')
      .select('area_id')
      .where('id', '=', venueId)
      .executeTakeFirstOrThrow()
  ).area_id

describe('migration 033', () => {
  it('lists Bahrain’s areas with their English and Arabic names', async () => {
    const areas = await database.db
      .selectFrom('areas')
      .select(['id', 'name_en', 'name_ar', 'active'])
      .execute()
    const byId = new Map(areas.map((area) => [area.id, area]))
    expect(byId.get('seef')).toEqual({ id: 'seef', name_en: 'Seef', name_ar: 'السيف', active: true })
    expect(byId.get('juffair')?.name_ar).toBe('الجفير')
    expect(byId.get('isa-town')?.name_ar).toBe('مدينة عيسى')
    expect(byId.get('amwaj-islands')?.name_ar).toBe('جزر أمواج')
  })

  it('gives each venue the listed area its free text names, whatever the language or spelling', async () => {
    for (const [n, [written, areaId]] of venueAreas.entries())
      expect(await areaOf(`venue-${n}`), written).toBe(areaId)
  })

  it('makes an area of a text that names none, once per spelling, so nothing is lost', async () => {
    const n = venueAreas.length
    const zinj = await areaOf(`venue-${n}`)
    expect(await areaOf(`venue-${n + 1}`)).toBe(zinj)
    expect(zinj).toBe('zinj-gardens')
    const arabic = await areaOf(`venue-${n + 2}`)
    expect(arabic).toMatch(/^area-[0-9a-f]{8}$/)
    const created = await database.db
      .selectFrom('areas')
      .select(['id', 'name_en', 'name_ar'])
      .where('id', 'in', [zinj, arabic, await areaOf(`venue-${n + 3}`)])
      .orderBy('name_en')
      .execute()
    expect(created.map(({ name_en, name_ar }) => [name_en, name_ar])).toEqual([
      ['Unnamed area', 'منطقة بلا اسم'],
      ['Zinj Gardens', 'Zinj Gardens'],
      ['حديقة الزنج الكبرى', 'حديقة الزنج الكبرى'],
    ])
  })

  it('gives each application its area, and refuses an area that does not exist or one in use being deleted', async () => {
    const applications = await database.db
      .selectFrom('vendor_applications')
      .select(['venue_email', 'area_id'])
      .orderBy('id')
      .execute()
    expect(applications).toEqual([
      { venue_email: 'pearl@example.bh', area_id: 'juffair' },
      { venue_email: 'sitra@example.bh', area_id: 'sitra-industrial' },
    ])
    await expect(
      database.pool.query(`UPDATE venues SET area_id = 'nowhere' WHERE id = 'venue-0'`),
    ).rejects.toThrow()
    await expect(database.pool.query(`DELETE FROM areas WHERE id = 'seef'`)).rejects.toThrow()
  })
})
