import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts'
import { diskPhotoStorage, type PhotoStorage } from './storage.ts'

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
    // Strong: the content's hash, the same whichever store or server answers.
    expect(response.headers.etag).toBe(`"${createHash('sha256').update('uploaded').digest('hex')}"`)
    const head = await t.app.inject({
      method: 'HEAD',
      url: '/images/venues/barrys-fitness/p-0123456789ab-480.avif',
    })
    expect([head.statusCode, head.headers['content-length']]).toEqual([200, '8'])
  })

  it('answers 304 without the bytes when the browser has the file (If-None-Match)', async () => {
    const url = '/images/venues/barrys-fitness/p-0123456789ab-480.avif'
    const etag = String((await t.app.inject({ method: 'GET', url })).headers.etag)
    for (const ifNoneMatch of [etag, `"other", W/${etag}`, '*']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': ifNoneMatch } })
      expect(response.statusCode, ifNoneMatch).toBe(304)
      expect(response.body).toBe('')
      expect(response.headers.etag).toBe(etag)
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    }
    const changed = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': '"other"' } })
    expect([changed.statusCode, changed.body]).toEqual([200, 'uploaded'])
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

describe('/images/venues/ names', () => {
  it('reach no store unless they are a photo key: a traversal is refused before any store is asked', async () => {
    const asked: string[] = []
    // A store that would serve anything: only the route's own check stands between it and the request.
    const permissive: PhotoStorage = {
      put: async () => {},
      get: async (key) => {
        asked.push(key)
        return { body: Readable.from(Buffer.from('x')), size: 1, contentType: 'image/webp', sha256: 'x' }
      },
      delete: async () => {},
    }
    const spied = await createTestApp({}, () => ({ photoStorage: permissive }))
    try {
      for (const url of [
        '/images/venues/barrys-fitness/..%2F..%2Fpackage.json',
        '/images/venues/barrys-fitness/..%2Fp-0123456789ab-480.webp',
        '/images/venues/..%2Fetc/p-0123456789ab-480.webp',
        '/images/venues/barrys-fitness/p-0123456789ab-480.webp%00.png',
      ]) {
        const response = await spied.app.inject({ method: 'GET', url })
        expect(response.statusCode, url).toBe(404)
      }
      expect(asked).toEqual([])
      const photo = await spied.app.inject({
        method: 'GET',
        url: '/images/venues/barrys-fitness/p-0123456789ab-480.webp',
      })
      expect(photo.statusCode).toBe(200)
      expect(asked).toEqual(['barrys-fitness/p-0123456789ab-480.webp'])
    } finally {
      await spied.close()
    }
  })
})
