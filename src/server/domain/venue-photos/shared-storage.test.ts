import { createHash } from 'node:crypto'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser, testOrigin } from '../../../../tests/support/accounts.ts'
import { samplePng } from '../../../../tests/support/photos.ts'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts'
import { buildApp } from '../../app.ts'
import { testConfig } from '../../platform/config.ts'
import { seedIfEmpty } from '../../seed.ts'

/**
 * Two servers behind a load balancer: two apps on one database, each with a DATA_DIR of its own,
 * photos in the database (PHOTO_STORAGE=database, the default on PostgreSQL).
 */
let first: TestApp
let second: FastifyInstance
const dataDirs: string[] = []
let manager: string
const venue = 'barrys-fitness'

beforeAll(async () => {
  for (const name of ['first', 'second']) dataDirs.push(await mkdtemp(join(tmpdir(), `photos-${name}-`)))
  const settings = { PUBLIC_URL: testOrigin, PHOTO_STORAGE: 'database' as const }
  first = await createTestApp({ ...settings, DATA_DIR: dataDirs[0] })
  await seedIfEmpty(first.database.db)
  second = await buildApp({
    config: testConfig({ ...settings, WEB_DIST_DIR: '/nonexistent', DATA_DIR: dataDirs[1] }),
    database: first.database,
    now: first.now,
  })
  manager = (await signedInUser(first, 'photos-shared@example.bh', 'manager')).cookie
})
afterAll(async () => {
  await second.close()
  await first.close()
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true })
})

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

describe('photos in the database, behind a load balancer', () => {
  it('serves through the second server a photo uploaded through the first, and drops it there once deleted', async () => {
    const uploaded = await first.app.inject({
      method: 'POST',
      url: `/api/admin/venues/${venue}/photos`,
      headers: { origin: testOrigin, cookie: manager, 'content-type': 'image/png' },
      payload: await samplePng(),
    })
    expect(uploaded.statusCode, uploaded.body).toBe(201)
    const { key, photoId } = uploaded.json()
    const url = `/images/venues/${key}-960.avif`

    const served = await second.inject({ method: 'GET', url })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/avif')
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(served.headers.etag).toBe(`"${sha256(served.rawPayload)}"`)
    // The first server answers with the same bytes and the same ETag.
    const again = await first.app.inject({ method: 'GET', url })
    expect(again.headers.etag).toBe(served.headers.etag)
    expect(again.rawPayload.equals(served.rawPayload)).toBe(true)

    const cached = await second.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(served.headers.etag) },
    })
    expect([cached.statusCode, cached.body]).toEqual([304, ''])
    // Nothing went to either server's disk.
    for (const dir of dataDirs) expect(await readdir(dir)).not.toContain('images')

    const removed = await second.inject({
      method: 'DELETE',
      url: `/api/admin/venues/${venue}/photos/${photoId}`,
      headers: { origin: testOrigin, cookie: manager },
    })
    expect(removed.statusCode, removed.body).toBe(200)
    expect((await first.app.inject({ method: 'GET', url })).statusCode).toBe(404)
    expect(await first.database.db.selectFrom('photo_files').select('key').execute()).toEqual([])
  })

  it('refuses a name outside the photo shape, however it is encoded', async () => {
    for (const url of [
      '/images/venues/..%2F..%2Fpackage.json/p-0123456789ab-480.webp',
      `/images/venues/${venue}/..%2Fp-0123456789ab-480.webp`,
      `/images/venues/${venue}/p-0123456789ab-480.webp%00.png`,
      '/images/venues/%2e%2e/%2e%2e%2fpackage.json',
    ]) {
      const response = await second.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400)
      expect(response.statusCode, url).toBeLessThan(500)
      expect(String(response.headers['content-type']), url).not.toMatch(/^image\//)
    }
  })
})
