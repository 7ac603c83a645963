import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser, testOrigin } from '../../../../tests/support/accounts.ts'
import { bombPngHeader, jpegWithExif, samplePng } from '../../../../tests/support/photos.ts'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts'
import { seedIfEmpty } from '../../seed.ts'
import { photoUploadRateLimit } from './venue-photos.ts'

let t: TestApp
let dataDir: string
let manager: string
const venue = 'barrys-fitness'
const otherVenue = 'vida-beach-hotel'

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'venue-photos-'))
  t = await createTestApp({ PUBLIC_URL: testOrigin, DATA_DIR: dataDir })
  await seedIfEmpty(t.database.db)
  manager = (await signedInUser(t, 'photos-manager@example.bh', 'manager')).cookie
})
afterAll(async () => {
  await t.close()
  await rm(dataDir, { recursive: true, force: true })
})

let address = 0
function call(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  options: { cookie?: string; body?: Buffer | object; contentType?: string } = {},
) {
  address++
  const { cookie = manager, body, contentType } = options
  return t.app.inject({
    method,
    url,
    headers: {
      origin: testOrigin,
      ...(cookie ? { cookie } : {}),
      ...(contentType ? { 'content-type': contentType } : {}),
    },
    ...(body === undefined ? {} : { payload: body }),
    remoteAddress: `10.9.${address >> 8}.${address & 255}`,
  })
}

const upload = (bytes: Buffer, contentType = 'image/jpeg', cookie?: string, to = venue) =>
  call('POST', `/api/admin/venues/${to}/photos`, { body: bytes, contentType, cookie })

async function storedFiles(of = venue): Promise<string[]> {
  return (await readdir(join(dataDir, 'images', 'venues', of)).catch(() => [])).sort()
}
const rows = (of = venue) =>
  t.database.db
    .selectFrom('venue_images')
    .select(['position', 'image_key', 'alt_en', 'alt_ar'])
    .where('venue_id', '=', of)
    .orderBy('position')
    .execute()
const audits = (action: string) =>
  t.database.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute()

describe('POST /api/admin/venues/:id/photos', () => {
  it('takes a PNG sent as image/webp (the bytes decide), stores 6 files and lists it last', async () => {
    const before = await rows()
    const response = await upload(await samplePng(), 'image/webp')
    expect(response.statusCode, response.body).toBe(201)
    const photo = response.json()
    expect(photo.photoId).toMatch(/^p-[0-9a-f]{12}$/)
    expect(photo).toMatchObject({ key: `${venue}/${photo.photoId}`, position: before.length, cover: false })
    expect(photo).toMatchObject({ uploaded: true, altEn: '', altAr: '' })
    const files = (await storedFiles()).filter((name) => name.startsWith(photo.photoId))
    expect(files).toEqual(
      ['1440.avif', '1440.webp', '480.avif', '480.webp', '960.avif', '960.webp'].map(
        (end) => `${photo.photoId}-${end}`,
      ),
    )
    for (const width of [480, 960, 1440])
      for (const format of ['avif', 'webp'] as const) {
        const served = await call('GET', `/images/venues/${photo.key}-${width}.${format}`)
        expect(served.statusCode).toBe(200)
        expect(served.headers['content-type']).toBe(`image/${format}`)
        expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable')
        const meta = await sharp(served.rawPayload).metadata()
        expect([meta.width, meta.height]).toEqual([width, (width * 2) / 3])
        expect(meta.format).toBe(format === 'avif' ? 'heif' : 'webp')
      }
    expect((await rows()).map((row) => row.image_key)).toEqual([
      ...before.map((row) => row.image_key),
      photo.key,
    ])
    const [audit] = (await audits('photo.add')).filter((row) => row.entity_id === photo.key)
    expect(audit).toMatchObject({ venue_id: venue, actor_email: 'photos-manager@example.bh' })
  })

  it('strips EXIF (camera, orientation) from every file', async () => {
    expect((await sharp(await jpegWithExif()).metadata()).exif).toBeDefined()
    const response = await upload(await jpegWithExif())
    expect(response.statusCode, response.body).toBe(201)
    for (const format of ['avif', 'webp']) {
      const served = await call('GET', `/images/venues/${response.json().key}-960.${format}`)
      const meta = await sharp(served.rawPayload).metadata()
      expect(meta.exif).toBeUndefined()
      expect(meta.orientation).toBeUndefined()
      expect(served.rawPayload.includes(Buffer.from('PhoneCo'))).toBe(false)
    }
  })

  it('refuses an HTML file sent as image/jpeg, storing nothing', async () => {
    const before = { files: await storedFiles(), rows: await rows() }
    const html = Buffer.from('<!doctype html><script>alert(1)</script>')
    const response = await upload(html, 'image/jpeg')
    expect(response.statusCode).toBe(415)
    expect(response.json().error.code).toBe('PHOTO_NOT_AN_IMAGE')
    const asText = await upload(html, 'text/html')
    expect([asText.statusCode, asText.json().error.code]).toEqual([415, 'PHOTO_NOT_AN_IMAGE'])
    expect({ files: await storedFiles(), rows: await rows() }).toEqual(before)
  })

  it('refuses a 20 000 × 20 000 PNG from its header, without decoding it', async () => {
    const bomb = bombPngHeader()
    expect(bomb.length).toBeLessThan(200)
    const started = performance.now()
    const response = await upload(bomb, 'image/png')
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('PHOTO_TOO_MANY_PIXELS')
    // Decoding 400 megapixels would take seconds and 1.2 GB; the header takes a moment.
    expect(performance.now() - started).toBeLessThan(1000)
  })

  it('refuses a body over 15 MB with 413 and the photo’s code', async () => {
    const response = await upload(Buffer.alloc(16 * 1024 * 1024, 1), 'image/jpeg')
    expect(response.statusCode).toBe(413)
    expect(response.json().error.code).toBe('PHOTO_TOO_LARGE')
  })

  it('answers 401 to the anonymous, 403 to users and staff, and stores nothing', async () => {
    const user = (await signedInUser(t, 'photos-user@example.bh', 'user')).cookie
    const staff = (await signedInUser(t, 'photos-staff@example.bh', 'staff')).cookie
    const before = { files: await storedFiles(), rows: await rows() }
    const png = await samplePng()
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/admin/venues/${venue}/photos`,
      headers: { origin: testOrigin, 'content-type': 'image/png' },
      payload: png,
    })
    expect(anonymous.statusCode).toBe(401)
    expect((await upload(png, 'image/png', user)).statusCode).toBe(403)
    expect((await upload(png, 'image/png', staff)).statusCode).toBe(403)
    expect((await call('GET', `/api/admin/venues/${venue}/photos`, { cookie: staff })).statusCode).toBe(403)
    expect({ files: await storedFiles(), rows: await rows() }).toEqual(before)
  })

  it(`takes ${photoUploadRateLimit.max} uploads per account in 10 minutes, then answers 429`, async () => {
    const busy = (await signedInUser(t, 'photos-busy@example.bh', 'manager')).cookie
    const html = Buffer.from('<html></html>')
    for (let i = 0; i < photoUploadRateLimit.max; i++)
      expect((await upload(html, 'image/jpeg', busy)).statusCode).toBe(415)
    const refused = await upload(await samplePng(), 'image/png', busy)
    expect([refused.statusCode, refused.json().error.code]).toEqual([429, 'TOO_MANY_ATTEMPTS'])
    // Another account is counted on its own.
    expect((await upload(html, 'image/jpeg')).statusCode).toBe(415)
  })

  it('answers 404 for an unknown venue', async () => {
    const response = await upload(await samplePng(), 'image/png', undefined, 'no-such-venue')
    expect([response.statusCode, response.json().error.code]).toEqual([404, 'GYM_NOT_FOUND'])
  })
})

describe('managing the photos', () => {
  it('lists, edits alt texts, reorders (the first is the cover) and deletes, auditing each', async () => {
    const added = (await upload(await samplePng(), 'image/png', undefined, otherVenue)).json()
    const list = await call('GET', `/api/admin/venues/${otherVenue}/photos`)
    expect(list.statusCode).toBe(200)
    const keys: string[] = list.json().photos.map((photo: { key: string }) => photo.key)
    expect(keys.at(-1)).toBe(added.key)

    const alt = await call('PATCH', `/api/admin/venues/${otherVenue}/photos/${added.photoId}`, {
      body: { altEn: '  The pool at dusk ', altAr: 'المسبح عند الغروب' },
    })
    expect(alt.statusCode, alt.body).toBe(200)
    expect(alt.json()).toMatchObject({ altEn: 'The pool at dusk', altAr: 'المسبح عند الغروب' })
    const tooLong = await call('PATCH', `/api/admin/venues/${otherVenue}/photos/${added.photoId}`, {
      body: { altEn: 'a'.repeat(201), altAr: '' },
    })
    expect([tooLong.statusCode, tooLong.json().error.fields?.altEn]).toEqual([400, 'ALT_TEXT_TOO_LONG'])

    // "Make cover": the new photo first, the rest as they were.
    const order = [added.key, ...keys.slice(0, -1)]
    const reordered = await call('PUT', `/api/admin/venues/${otherVenue}/photos/order`, {
      body: { keys: order },
    })
    expect(reordered.statusCode, reordered.body).toBe(200)
    expect(reordered.json().photos[0]).toMatchObject({ key: added.key, cover: true, position: 0 })
    expect((await rows(otherVenue)).map((row) => [row.position, row.image_key])).toEqual(
      order.map((key, position) => [position, key]),
    )
    const stale = await call('PUT', `/api/admin/venues/${otherVenue}/photos/order`, {
      body: { keys: order.slice(1) },
    })
    expect([stale.statusCode, stale.json().error.code]).toEqual([409, 'PHOTO_ORDER_INVALID'])

    // Deleting the cover: its files go, the next photo becomes the cover.
    const deleted = await call('DELETE', `/api/admin/venues/${otherVenue}/photos/${added.photoId}`)
    expect(deleted.statusCode, deleted.body).toBe(200)
    expect(deleted.json().photos.map((photo: { key: string }) => photo.key)).toEqual(keys.slice(0, -1))
    expect(deleted.json().photos[0].cover).toBe(true)
    expect(await storedFiles(otherVenue)).toEqual([])
    expect((await call('GET', `/images/venues/${added.key}-480.webp`)).statusCode).toBe(404)

    // A seed picture leaves the list; its file in public/ is not the storage's to remove.
    const seedPhoto = keys[0]?.split('/')[1]
    const seedDeleted = await call('DELETE', `/api/admin/venues/${otherVenue}/photos/${seedPhoto}`)
    expect(seedDeleted.statusCode).toBe(200)
    expect((await rows(otherVenue)).map((row) => [row.position, row.image_key])).toEqual(
      keys.slice(1, -1).map((key, position) => [position, key]),
    )

    const history = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id'])
      .where('venue_id', '=', otherVenue)
      .orderBy('id')
      .execute()
    expect(history.map((row) => row.action)).toEqual([
      'photo.add',
      'photo.update',
      'photo.reorder',
      'photo.delete',
      'photo.delete',
    ])
  })

  it('answers 404 for another venue’s photo, changing nothing', async () => {
    const theirs = (await upload(await samplePng(), 'image/png', undefined, otherVenue)).json()
    const before = await rows(otherVenue)
    const patch = await call('PATCH', `/api/admin/venues/${venue}/photos/${theirs.photoId}`, {
      body: { altEn: 'x', altAr: 'y' },
    })
    expect([patch.statusCode, patch.json().error.code]).toEqual([404, 'PHOTO_NOT_FOUND'])
    const removed = await call('DELETE', `/api/admin/venues/${venue}/photos/${theirs.photoId}`)
    expect([removed.statusCode, removed.json().error.code]).toEqual([404, 'PHOTO_NOT_FOUND'])
    const order = await call('PUT', `/api/admin/venues/${venue}/photos/order`, {
      body: { keys: [theirs.key] },
    })
    expect(order.statusCode).toBe(409)
    expect(await rows(otherVenue)).toEqual(before)
  })
})

describe('GET /images/venues/:venue/:file', () => {
  it('answers 404 to names outside the photo shape, however they are encoded', async () => {
    const probes = [
      '/images/venues/../../package.json',
      '/images/venues/x/..%2F..%2F..%2Fpackage.json',
      '/images/venues/x/%2e%2e%2fpackage.json',
      '/images/venues/%2e%2e/%2e%2e%2fconfig.ts',
      '/images/venues/barrys-fitness/p-000000000000-480.webp',
      '/images/venues/barrys-fitness/p-000000000000-480.png',
      '/images/venues/barrys-fitness/..%5C..%5Cpackage.json',
      '/images/venues/barrys-fitness/cover-480.webp',
    ]
    for (const url of probes) {
      const response = await call('GET', url, { cookie: '' })
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400)
      expect(response.statusCode, url).toBeLessThan(500)
      expect(response.headers['content-type'], url).not.toMatch(/^image\//)
    }
  })
})
