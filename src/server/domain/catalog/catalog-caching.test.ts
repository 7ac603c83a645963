import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts'
import { noFilters, readVenueFilters } from '../../../shared/catalog-filters.ts'
import { seedIfEmpty } from '../../seed.ts'
import { CatalogService, filteredListMs } from './service.ts'

let t: TestApp
/** The one clock, moved by the tests of the filtered lists' moments. */
let clock = new Date('2026-12-01T07:30:00Z')

beforeAll(async () => {
  const now = () => clock
  t = await createTestApp({}, (database) => ({
    now,
    catalog: new CatalogService(database.db, { cacheMs: 60_000, now }),
  }))
  await seedIfEmpty(t.database.db)
})
afterAll(() => t.close())

const get = (headers: Record<string, string> = {}, url = '/api/gyms') =>
  t.app.inject({ method: 'GET', url, headers })

describe('the cached venue list', () => {
  it('has an ETag and stays publicly cacheable for 30 seconds', async () => {
    const response = await get()
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(response.headers['cache-control']).toBe('public, max-age=30')
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/)
    expect(response.json().gyms).toHaveLength(8)
  })

  it('answers 304 without a body when the browser already holds it', async () => {
    const { headers } = await get()
    const response = await get({ 'if-none-match': String(headers.etag) })
    expect(response.statusCode).toBe(304)
    expect(response.body).toBe('')
    expect(response.headers.etag).toBe(headers.etag)
    expect(response.headers['cache-control']).toBe('public, max-age=30')
    expect((await get({ 'if-none-match': '"something-else"' })).statusCode).toBe(200)
  })

  it('sends the same JSON compressed with brotli or gzip, as the client accepts', async () => {
    const plain = (await get()).body
    const brotli = await get({ 'accept-encoding': 'gzip, deflate, br' })
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.headers.vary).toContain('accept-encoding')
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain)
    const gzip = await get({ 'accept-encoding': 'gzip, br;q=0' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain)
  })

  it('filters a search, with an ETag of its own', async () => {
    const all = await get()
    const response = await get({}, '/api/gyms?search=juffair')
    expect(response.statusCode).toBe(200)
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/)
    expect(response.headers.etag).not.toBe(all.headers.etag)
    expect(response.json().gyms.map((gym: { id: string }) => gym.id)).toContain('juffair-grand-suites')
  })

  it('answers the same filters again as they were for moments only, then reads the places afresh', async () => {
    const url = '/api/gyms?search=juffair&date=2026-12-03&hour=10'
    const placesAt10 = async () =>
      (await get({}, url)).json().gyms.find((gym: { id: string }) => gym.id === 'juffair-grand-suites')
        ?.nextSlot?.remaining
    const before = await placesAt10()
    expect(before).toBeGreaterThan(1)
    // Someone books two places at 10:00.
    await t.database.db
      .insertInto('slot_occupancy')
      .values({
        venue_id: 'juffair-grand-suites',
        slot_date: '2026-12-03',
        slot_hour: 10,
        capacity: before,
        taken: 2,
      })
      .execute()
    expect(await placesAt10()).toBe(before)
    clock = new Date(clock.getTime() + filteredListMs)
    expect(await placesAt10()).toBe(before - 2)
  })
})

describe('a burst of the same link', () => {
  const juffairAt10 = readVenueFilters(new URLSearchParams('search=juffair&date=2026-12-04&hour=10')).filters
  const placesIn = (list: { gyms: { id: string; nextSlot: { remaining: number } | null }[] }) =>
    list.gyms.find((gym) => gym.id === 'juffair-grand-suites')?.nextSlot?.remaining
  const book = (taken: number) =>
    t.database.db
      .insertInto('slot_occupancy')
      .values({
        venue_id: 'juffair-grand-suites',
        slot_date: '2026-12-04',
        slot_hour: 10,
        capacity: 20,
        taken,
      })
      .onConflict((conflict) =>
        conflict.columns(['venue_id', 'slot_date', 'slot_hour']).doUpdateSet({ taken }),
      )
      .execute()

  it('builds a list once for requests that arrive together', async () => {
    const catalog = new CatalogService(t.database.db, { cacheMs: 60_000, now: () => clock })
    const lists = await Promise.all(Array.from({ length: 20 }, () => catalog.listVenues(juffairAt10)))
    expect(new Set(lists).size).toBe(1)
    const unfiltered = await Promise.all(Array.from({ length: 20 }, () => catalog.listVenues(noFilters)))
    expect(new Set(unfiltered).size).toBe(1)
  })

  it('answers from the list being replaced while one request rebuilds it, which has the places afresh', async () => {
    const catalog = new CatalogService(t.database.db, { cacheMs: 60_000, now: () => clock })
    await book(1)
    const first = await catalog.listVenues(juffairAt10)
    await book(3)
    clock = new Date(clock.getTime() + filteredListMs)
    // The first request after the moment rebuilds and waits; the others meanwhile get the last answer.
    const rebuilding = catalog.listVenues(juffairAt10)
    const meanwhile = await Promise.all(Array.from({ length: 5 }, () => catalog.listVenues(juffairAt10)))
    for (const list of meanwhile) expect(list).toBe(first)
    const rebuilt = await rebuilding
    expect(placesIn(rebuilt)).toBe((placesIn(first) ?? 0) - 2)
    expect(await catalog.listVenues(juffairAt10)).toBe(rebuilt)
  })

  it('gives the same list again after its moment while no place has been taken, a new one once one is', async () => {
    const catalog = new CatalogService(t.database.db, { cacheMs: 60_000, now: () => clock })
    await book(4)
    const first = await catalog.listVenues(juffairAt10)
    clock = new Date(clock.getTime() + filteredListMs)
    // The day's places were read again and are the same: the same object, whose bytes the route keeps.
    expect(await catalog.listVenues(juffairAt10)).toBe(first)
    clock = new Date(clock.getTime() + filteredListMs)
    expect(await catalog.listVenues(juffairAt10)).toBe(first)
    await book(5)
    clock = new Date(clock.getTime() + filteredListMs)
    const afterBooking = await catalog.listVenues(juffairAt10)
    expect(afterBooking).not.toBe(first)
    expect(placesIn(afterBooking)).toBe((placesIn(first) ?? 0) - 1)
    // The next hour is another list, whatever the places.
    clock = new Date(clock.getTime() + 60 * 60_000)
    expect(await catalog.listVenues(juffairAt10)).not.toBe(afterBooking)
  })

  /** An edit made behind the catalog's back (no change notice): only a read of the rows sees it. */
  let edits = 0
  const editBehindItsBack = () =>
    t.database.db
      .updateTable('venues')
      .set({ location_en: `Manama Marina ${++edits}` })
      .where('id', '=', 'manama-marina-hotel')
      .execute()

  it('kept for no time, answers a caller during a read from that read, not the one before', async () => {
    const catalog = new CatalogService(t.database.db, { cacheMs: 0, now: () => clock })
    const first = await catalog.listVenues(noFilters)
    await editBehindItsBack()
    const reading = catalog.listVenues(noFilters)
    const meanwhile = await catalog.listVenues(noFilters)
    expect(meanwhile).not.toBe(first)
    expect(meanwhile).toBe(await reading)
  })

  it('answers from the expired catalog while it is read again, and from none after an edit', async () => {
    const catalog = new CatalogService(t.database.db, { cacheMs: 1, now: () => clock })
    const first = await catalog.listVenues(noFilters)
    await editBehindItsBack()
    await new Promise((resolve) => setTimeout(resolve, 5))
    const reading = catalog.listVenues(noFilters)
    expect(await catalog.listVenues(noFilters)).toBe(first)
    const afterRead = await reading
    expect(afterRead).not.toBe(first)
    catalog.invalidate()
    expect(await catalog.listVenues(noFilters)).not.toBe(afterRead)
  })

  it('keeps its lists when a read finds the rows as they were', async () => {
    const catalog = new CatalogService(t.database.db, { cacheMs: 1, now: () => clock })
    const first = await catalog.listVenues(noFilters)
    await new Promise((resolve) => setTimeout(resolve, 5))
    await catalog.listVenues(noFilters)
    // Read again (the expired one answered meanwhile), nothing changed: the same list, the same object.
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(await catalog.listVenues(noFilters)).toBe(first)
    await editBehindItsBack()
    // The next read sees the edit; until it is done, the list before it is answered.
    let edited = first
    for (let tries = 0; edited === first && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 5))
      edited = await catalog.listVenues(noFilters)
    }
    expect(edited).not.toBe(first)
    expect(edited.gyms.find((gym) => gym.id === 'manama-marina-hotel')?.location.en).toBe(
      `Manama Marina ${edits}`,
    )
  })
})
