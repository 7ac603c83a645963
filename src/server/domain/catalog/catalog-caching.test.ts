import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts'
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
