import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts'
import { seedIfEmpty } from '../../seed.ts'
import { CatalogService } from './service.ts'

let t: TestApp

beforeAll(async () => {
  const now = () => new Date('2026-12-01T07:30:00Z')
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

  it('still filters a search, without the shared ETag', async () => {
    const response = await get({}, '/api/gyms?search=juffair')
    expect(response.statusCode).toBe(200)
    expect(response.headers.etag).toBeUndefined()
    expect(response.json().gyms.map((gym: { id: string }) => gym.id)).toContain('juffair-grand-suites')
  })
})
