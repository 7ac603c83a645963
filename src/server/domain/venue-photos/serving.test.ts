import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts'
import { diskPhotoStorage } from './storage.ts'

let t: TestApp
let dist: string
let dataDir: string

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'web-dist-'))
  dataDir = await mkdtemp(join(tmpdir(), 'photo-data-'))
  await writeFile(
    join(dist, 'index.html'),
    '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
  )
  await mkdir(join(dist, 'images', 'venues', 'barrys-fitness'), { recursive: true })
  await writeFile(join(dist, 'images', 'venues', 'barrys-fitness', 'cover-480.webp'), 'seed picture')
  await diskPhotoStorage(dataDir).put(
    'barrys-fitness/p-0123456789ab-480.avif',
    Buffer.from('uploaded'),
    'image/avif',
  )
  t = await createTestApp({ WEB_DIST_DIR: dist, DATA_DIR: dataDir })
})
afterAll(async () => {
  await t.close()
  await rm(dist, { recursive: true, force: true })
  await rm(dataDir, { recursive: true, force: true })
})

describe('/images/venues/ with the built site', () => {
  it('serves the seed picture from the build, as before', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/images/venues/barrys-fitness/cover-480.webp',
    })
    expect(response.statusCode).toBe(200)
    expect(response.body).toBe('seed picture')
    expect(response.headers['content-type']).toBe('image/webp')
    expect(response.headers['cache-control']).toBe('public, max-age=3600')
    expect(response.headers['content-security-policy']).toContain("default-src 'self'")
  })

  it('serves an uploaded photo from the storage, immutable, with its type and the same headers', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/images/venues/barrys-fitness/p-0123456789ab-480.avif',
    })
    expect(response.statusCode).toBe(200)
    expect(response.body).toBe('uploaded')
    expect(response.headers['content-type']).toBe('image/avif')
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(response.headers['content-security-policy']).toContain("default-src 'self'")
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    const head = await t.app.inject({
      method: 'HEAD',
      url: '/images/venues/barrys-fitness/p-0123456789ab-480.avif',
    })
    expect([head.statusCode, head.headers['content-length']]).toEqual([200, '8'])
  })

  it('answers 404 for a name that is neither', async () => {
    for (const url of [
      '/images/venues/barrys-fitness/p-0123456789ab-960.avif',
      '/images/venues/barrys-fitness/gym-480.webp',
      '/images/venues/barrys-fitness/..%2F..%2Findex.html',
    ]) {
      const response = await t.app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(404)
      expect(String(response.headers['cache-control']), url).not.toContain('immutable')
    }
  })
})
