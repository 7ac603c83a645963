import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts'
import { seedIfEmpty } from '../../seed.ts'
import { catalogVersion } from './repository.ts'

let t: TestApp
const today = '2026-12-01'

beforeAll(async () => {
  t = await createTestApp()
  await seedIfEmpty(t.database.db)
})
afterAll(() => t.close())

/** Applies an edit and says whether the catalog's digest saw it. */
async function seen(edit: () => Promise<unknown>): Promise<boolean> {
  const before = await catalogVersion(t.database.db, today)
  await edit()
  return (await catalogVersion(t.database.db, today)) !== before
}

describe("the catalog's digest", () => {
  it('is the same while nothing the catalog reads has changed, places taken included', async () => {
    const db = t.database.db
    expect(await catalogVersion(db, today)).toMatch(/^[0-9a-f]{32}$/)
    expect(
      await seen(() =>
        db
          .insertInto('slot_occupancy')
          .values({ venue_id: 'manama-marina-hotel', slot_date: today, slot_hour: 9, capacity: 20, taken: 3 })
          .execute(),
      ),
    ).toBe(false)
  })

  it('changes with a venue, a pass, an image, a closure, a holiday or an area', async () => {
    const db = t.database.db
    const venue = 'manama-marina-hotel'
    expect(
      await seen(() =>
        db.updateTable('venues').set({ area_id: 'juffair' }).where('id', '=', venue).execute(),
      ),
    ).toBe(true)
    expect(
      await seen(() =>
        db.updateTable('passes').set({ weekday_price_fils: 9_000 }).where('venue_id', '=', venue).execute(),
      ),
    ).toBe(true)
    expect(
      await seen(() =>
        db.updateTable('venue_images').set({ alt_en: 'A new view' }).where('venue_id', '=', venue).execute(),
      ),
    ).toBe(true)
    expect(
      await seen(() =>
        db
          .insertInto('venue_date_exceptions')
          .values({ venue_id: venue, exception_date: today, closed_all_day: true })
          .execute(),
      ),
    ).toBe(true)
    // A closure before `today` no longer decides anything, and is not read.
    expect(
      await seen(() =>
        db
          .insertInto('venue_date_exceptions')
          .values({ venue_id: venue, exception_date: '2026-11-01', closed_all_day: true })
          .execute(),
      ),
    ).toBe(false)
    expect(
      await seen(() =>
        db
          .insertInto('public_holidays')
          .values({ holiday_date: '2026-12-30', name_en: 'A day off', name_ar: 'يوم عطلة' })
          .onConflict((c) => c.doNothing())
          .execute(),
      ),
    ).toBe(true)
  })
})
