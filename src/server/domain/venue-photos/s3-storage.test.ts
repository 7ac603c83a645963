import { createHash } from 'node:crypto'
import { buffer } from 'node:stream/consumers'
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser, testOrigin } from '../../../../tests/support/accounts.ts'
import { samplePng } from '../../../../tests/support/photos.ts'
import { startTestS3, type TestS3 } from '../../../../tests/support/s3-server.ts'
import { createTestApp } from '../../../../tests/support/test-app.ts'
import { testConfig } from '../../platform/config.ts'
import { seedIfEmpty } from '../../seed.ts'
import type { PhotoStorage } from './storage.ts'
import { photoStorageFromConfig } from './storage-from-config.ts'

let s3: TestS3
let storage: PhotoStorage

beforeAll(async () => {
  s3 = await startTestS3()
  // Through the settings, as the server chooses it; the database is not read by this store.
  storage = await photoStorageFromConfig(testConfig(s3.settings), undefined as never)
})
afterAll(async () => {
  await s3.close()
})

const key = 'barrys-fitness/p-0123456789ab-960.webp'
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')
const bytes = Buffer.from(Array.from({ length: 1024 }, (_, n) => n % 256))

describe('s3PhotoStorage (PHOTO_STORAGE=s3)', () => {
  it('puts an object with its type and hash, reads it back whole, and deletes', async () => {
    await storage.put(key, bytes, 'image/webp')
    const stored = await storage.get(key)
    if (!stored) throw new Error('not stored')
    expect({ size: stored.size, type: stored.contentType, sha256: stored.sha256 }).toEqual({
      size: 1024,
      type: 'image/webp',
      sha256: sha256(bytes),
    })
    expect((await buffer(stored.body)).equals(bytes)).toBe(true)
    await storage.delete([key, 'barrys-fitness/p-0123456789ab-480.avif'])
    expect(await storage.get(key)).toBeUndefined()
    await storage.delete([])
  })

  it('hashes an object another tool put there without the hash', async () => {
    const other = 'barrys-fitness/p-0123456789ab-1440.avif'
    const client = new S3Client({
      region: 'us-east-1',
      endpoint: s3.settings.S3_ENDPOINT,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    })
    await client.send(
      new PutObjectCommand({
        Bucket: s3.settings.S3_BUCKET,
        Key: other,
        Body: bytes,
        ContentType: 'image/avif',
      }),
    )
    const stored = await storage.get(other)
    expect(stored && { type: stored.contentType, sha256: stored.sha256 }).toEqual({
      type: 'image/avif',
      sha256: sha256(bytes),
    })
    expect(stored && (await buffer(stored.body)).equals(bytes)).toBe(true)
    await storage.delete([other])
  })

  it('refuses keys outside the photo shape', async () => {
    await expect(storage.put('../escape/p-0123456789ab-960.webp', bytes, 'image/webp')).rejects.toThrow(
      /not a photo key/,
    )
    expect(await storage.get('../../package.json')).toBeUndefined()
    await expect(storage.delete(['../../package.json'])).rejects.toThrow(/not a photo key/)
  })

  it('serves an upload from the bucket, immutable, with the ETag and a 304', async () => {
    const t = await createTestApp({ ...s3.settings, PUBLIC_URL: testOrigin })
    try {
      await seedIfEmpty(t.database.db)
      const { cookie } = await signedInUser(t, 'photos-s3@example.bh', 'manager')
      const uploaded = await t.app.inject({
        method: 'POST',
        url: '/api/admin/venues/barrys-fitness/photos',
        headers: { origin: testOrigin, cookie, 'content-type': 'image/png' },
        payload: await samplePng(),
      })
      expect(uploaded.statusCode, uploaded.body).toBe(201)
      const url = `/images/venues/${uploaded.json().key}-480.webp`
      const served = await t.app.inject({ method: 'GET', url })
      expect(served.statusCode).toBe(200)
      expect(served.headers['content-type']).toBe('image/webp')
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(served.headers.etag).toBe(`"${sha256(served.rawPayload)}"`)
      const cached = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': String(served.headers.etag) },
      })
      expect([cached.statusCode, cached.body]).toEqual([304, ''])
      expect(await t.database.db.selectFrom('photo_files').select('key').execute()).toEqual([])
    } finally {
      await t.close()
    }
  })
})
