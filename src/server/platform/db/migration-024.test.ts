import { copyFile, mkdtemp, readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../../../tests/support/test-database.ts'
import type { DatabaseHandle } from './database.ts'
import { migrate } from './migrate.ts'

/**
 * Migration 024 on a database that already holds an application and a venue from before it: old
 * applications still display, and venues keep working (docs/decisions/043).
 */
const projectMigrations = new URL('./migrations/', import.meta.url)
let database: DatabaseHandle

beforeAll(async () => {
  const before = await mkdtemp(join(tmpdir(), 'migrations-before-024-'))
  for (const name of await readdir(fileURLToPath(projectMigrations)))
    if (/^\d{3}-/.test(name) && name < '024-')
      await copyFile(join(fileURLToPath(projectMigrations), name), join(before, name))
  database = await createTestDatabase(pathToFileURL(`${before}/`))
  const { pool } = database
  await pool.query(`
    INSERT INTO vendor_applications (venue_name, venue_email, contact_first_name, contact_last_name,
      venue_type, facility_item, facility_options, other_facility_option, day_passes,
      available_start_date, available_end_date, start_time, end_time, area, city, country, language)
    VALUES
      ('نادي الشاطئ', 'beach@example.bh', 'Huda', 'Al Mannai', 'Gym', 'Both', '{Sauna Room,Kids Play area,Other}',
       'Padel court', '[{"option":"other","label":"تذكرة الأطفال","priceFils":3000}]',
       '2026-12-01', '2027-06-01', '06:00', '22:00', 'Juffair', 'Manama', 'Bahrain', 'ar'),
      ('Seef Gym', 'seef@example.bh', 'Ali', 'Hasan', 'Hotel', 'Gym', '{}', NULL, '[]',
       '2026-12-01', '2027-06-01', '06:00', '22:00', 'Seef', 'Manama', 'Kingdom of Saudi Arabia', 'en')`)
  await pool.query(`
    INSERT INTO venues (id, name_en, name_ar, description_en, description_ar, area, location_en,
      location_ar, venue_type, rating, capacity_per_slot)
    VALUES ('old-venue', 'Old Venue', 'مكان قديم', 'A rooftop pool, a sauna and yoga classes.', '', 'Seef',
      'Seef', 'سيف', 'hotel', 4, 10)`)
  expect(await migrate(pool)).toEqual(
    (await readdir(fileURLToPath(projectMigrations))).filter((name) => name >= '024-').sort(),
  )
})
afterAll(() => database.close())

describe('migration 024', () => {
  it('moves an Arabic name to the Arabic column and reads the old answers into codes', async () => {
    const rows = await database.db
      .selectFrom('vendor_applications')
      .select([
        'venue_name_en',
        'venue_name_ar',
        'contact_phone',
        'facilities',
        'country',
        'available_end_date',
      ])
      .orderBy('id')
      .execute()
    expect(rows).toEqual([
      {
        venue_name_en: '',
        venue_name_ar: 'نادي الشاطئ',
        contact_phone: '',
        facilities: ['gym', 'sauna', 'kids-area', 'group-classes'],
        country: 'BH',
        available_end_date: '2027-06-01',
      },
      {
        venue_name_en: 'Seef Gym',
        venue_name_ar: '',
        contact_phone: '',
        facilities: ['gym'],
        country: 'Kingdom of Saudi Arabia',
        available_end_date: '2027-06-01',
      },
    ])
  })

  it('gives an existing venue its id as slug, the facilities its description names, and no dates', async () => {
    const venue = await database.db
      .selectFrom('venues')
      .select(['slug', 'facilities', 'sells_from', 'sells_until', 'rating'])
      .where('id', '=', 'old-venue')
      .executeTakeFirstOrThrow()
    expect(venue).toEqual({
      slug: 'old-venue',
      facilities: ['pool', 'sauna', 'group-classes'],
      sells_from: null,
      sells_until: null,
      rating: 4,
    })
  })

  it('gives a venue added later without a slug its id, and refuses a slug taken twice', async () => {
    const { pool } = database
    await pool.query(`
      INSERT INTO venues (id, name_en, name_ar, description_en, description_ar, area_id, location_en,
        location_ar, venue_type, rating, capacity_per_slot)
      VALUES ('new-venue', 'New', '', '', '', 'seef', '', '', 'beach-club', NULL, 10)`)
    const { rows } = await pool.query(`SELECT slug, rating FROM venues WHERE id = 'new-venue'`)
    expect(rows).toEqual([{ slug: 'new-venue', rating: null }])
    await expect(pool.query(`UPDATE venues SET slug = 'old-venue' WHERE id = 'new-venue'`)).rejects.toThrow()
  })
})
