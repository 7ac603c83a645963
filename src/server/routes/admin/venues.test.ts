import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { guestSession, signedInUser } from '../../../../tests/support/accounts.ts'
import { createCheckoutTestApp, guest, line, placeOrder } from '../../../../tests/support/checkout.ts'
import type { TestApp } from '../../../../tests/support/test-app.ts'
import {
  adminRequest,
  unchangedDetails as detailsOf,
  insertCover,
  insertDraftVenue,
  passForm,
} from '../../../../tests/support/venue-admin.ts'
import type { AdminVenueDetail } from '../../../shared/venue-admin.ts'

let t: TestApp
let manager: string
let admin: string

beforeAll(async () => {
  t = await createCheckoutTestApp()
  manager = (await signedInUser(t, 'venue-manager@example.bh', 'manager')).cookie
  admin = (await signedInUser(t, 'venue-admin@example.bh', 'admin')).cookie
})
afterAll(() => t.close())

const db = () => t.database.db
const as = (cookie: string | undefined) => ({
  get: (url: string) => adminRequest(t, cookie, 'GET', url),
  send: (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object = {}) =>
    adminRequest(t, cookie, method, url, payload),
})

async function detail(id: string): Promise<AdminVenueDetail> {
  return (await as(manager).get(`/api/admin/venues/${id}`)).json()
}

const auditRows = (venueId: string) =>
  db().selectFrom('audit_log').selectAll().where('venue_id', '=', venueId).orderBy('id').execute()

describe('who may use the venue editor', () => {
  it('refuses anonymous visitors (401) and guests, users and staff (403), changing nothing', async () => {
    const guestCookie = await guestSession(t)
    const user = (await signedInUser(t, 'plain-user@example.bh')).cookie
    const staff = (await signedInUser(t, 'desk-staff@example.bh', 'staff')).cookie
    const before = await detail('manama-marina-hotel')
    const attempts = (cookie: string | undefined) => [
      as(cookie).get('/api/admin/venues'),
      as(cookie).get('/api/admin/venues/manama-marina-hotel'),
      as(cookie).get('/api/admin/venues/manama-marina-hotel/history'),
      as(cookie).send('PATCH', '/api/admin/venues/manama-marina-hotel', {
        ...detailsOf(before),
        nameEn: 'Hacked',
      }),
      as(cookie).send('POST', '/api/admin/venues/manama-marina-hotel/status', { status: 'suspended' }),
      as(cookie).send('POST', '/api/admin/venues/manama-marina-hotel/passes', passForm()),
      as(cookie).send(
        'PATCH',
        '/api/admin/venues/manama-marina-hotel/passes/manama-marina-hotel-gym',
        passForm(),
      ),
      as(cookie).send('POST', '/api/admin/venues/manama-marina-hotel/passes/manama-marina-hotel-gym/archive'),
      as(cookie).send('POST', '/api/admin/venues/manama-marina-hotel/passes/manama-marina-hotel-gym/restore'),
      as(cookie).send('PUT', '/api/admin/venues/manama-marina-hotel/passes/order', {
        ids: before.passes.map((pass) => pass.id).reverse(),
      }),
    ]
    for (const [cookie, status] of [
      [undefined, 401],
      [guestCookie, 401],
      [user, 403],
      [staff, 403],
    ] as const) {
      for (const response of await Promise.all(attempts(cookie))) {
        expect(response.statusCode, response.body).toBe(status)
        expect(response.headers['cache-control']).toBe('no-store')
      }
    }
    expect(await detail('manama-marina-hotel')).toEqual(before)
    expect(await auditRows('manama-marina-hotel')).toEqual([])
  })
})

describe('GET /api/admin/venues', () => {
  it('lists every venue whatever its status, with passes on sale and today’s bookings', async () => {
    await insertDraftVenue(t, 'listed-draft')
    const order = await placeOrder(t, {
      items: [line({ date: '2026-12-01', time: '10:00' }), line({ date: '2026-12-02' })],
      paymentMethod: 'venue',
      guest: guest(t),
    })
    expect(order.statusCode, order.body).toBe(201)

    const response = await as(admin).get('/api/admin/venues')
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    const venues: { id: string; status: string; activePasses: number; todaysBookings: number }[] =
      response.json().venues
    expect(venues).toHaveLength(9)
    expect(venues.find((venue) => venue.id === 'listed-draft')).toMatchObject({
      status: 'draft',
      area: { id: 'seef', name: { en: 'Seef', ar: 'السيف' } },
      activePasses: 0,
      todaysBookings: 0,
    })
    expect(venues.find((venue) => venue.id === 'manama-marina-hotel')).toMatchObject({
      status: 'published',
      activePasses: 3,
      todaysBookings: 1,
    })
  })

  it('searches names in both languages and the area', async () => {
    const search = async (text: string) =>
      (
        (await as(manager).get(`/api/admin/venues?search=${encodeURIComponent(text)}`)).json().venues as {
          id: string
        }[]
      ).map((venue) => venue.id)
    expect(await search('marina')).toEqual(['manama-marina-hotel'])
    expect(await search('مرسى')).toEqual(['manama-marina-hotel'])
    expect(await search('seef')).toContain('listed-draft')
    // The area's Arabic name finds it too.
    expect(await search('السيف')).toContain('listed-draft')
    expect((await as(manager).get(`/api/admin/venues?search=${'x'.repeat(201)}`)).statusCode).toBe(400)
  })
})

describe('GET /api/admin/venues/:id', () => {
  it('gives the editor the fields, passes, photos and hours, and what publishing would need', async () => {
    const body = await detail('manama-marina-hotel')
    expect(body.venue).toMatchObject({
      nameEn: 'Manama Marina Hotel',
      status: 'published',
      capacityPerSlot: 20,
    })
    expect(body.venue.weeklyHours).toHaveLength(7)
    expect(body.passes.map((pass) => pass.archivedAt)).toEqual([null, null, null])
    expect(body.images[0]?.position).toBe(0)
    expect(body.missing).toEqual([])
    expect((await detail('listed-draft')).missing).toEqual([
      'MISSING_ARABIC_TEXT',
      'MISSING_COVER_PHOTO',
      'MISSING_ACTIVE_PASS',
    ])
  })

  it('answers 404 for an unknown venue and 400 for a malformed id', async () => {
    expect((await as(manager).get('/api/admin/venues/no-such-venue')).json().error.code).toBe('GYM_NOT_FOUND')
    expect((await as(manager).get('/api/admin/venues/no-such-venue/history')).statusCode).toBe(404)
    expect((await as(manager).get('/api/admin/venues/Not%20A%20Slug')).statusCode).toBe(400)
  })
})

describe('PATCH /api/admin/venues/:id', () => {
  it('saves the details with an audit row of what changed, before and after', async () => {
    const loaded = await detail('listed-draft')
    const response = await as(manager).send('PATCH', '/api/admin/venues/listed-draft', {
      ...detailsOf(loaded),
      nameAr: 'سيف تاور للياقة',
      latitude: '26.2361',
      longitude: '50.5331',
      cancellationNoticeHours: 48,
    })
    expect(response.statusCode, response.body).toBe(200)
    const saved: AdminVenueDetail = response.json()
    expect(saved.venue).toMatchObject({ latitude: 26.2361, longitude: 50.5331, cancellationNoticeHours: 48 })
    const [row] = await auditRows('listed-draft')
    expect(row).toMatchObject({
      action: 'venue.update',
      actor_email: 'venue-manager@example.bh',
      before: { nameAr: '', latitude: null, longitude: null, cancellationNoticeHours: 24 },
      after: {
        nameAr: 'سيف تاور للياقة',
        latitude: 26.2361,
        longitude: 50.5331,
        cancellationNoticeHours: 48,
      },
    })
  })

  it('refuses with 409 when the venue changed since the editor loaded it, changing nothing', async () => {
    const stale = await detail('listed-draft')
    const first = await as(manager).send('PATCH', '/api/admin/venues/listed-draft', {
      ...detailsOf(stale),
      areaId: 'juffair',
    })
    expect(first.statusCode).toBe(200)
    const audits = (await auditRows('listed-draft')).length
    const second = await as(admin).send('PATCH', '/api/admin/venues/listed-draft', {
      ...detailsOf(stale),
      nameEn: 'Overwritten',
    })
    expect(second.statusCode).toBe(409)
    expect(second.json().error.code).toBe('VENUE_CHANGED_ELSEWHERE')
    expect((await detail('listed-draft')).venue).toMatchObject({
      nameEn: 'Seef Tower Fitness',
      areaId: 'juffair',
    })
    expect(await auditRows('listed-draft')).toHaveLength(audits)
  })

  it('is not refused after a change of status, which is no change of the details', async () => {
    const loaded = await detail('listed-draft')
    const suspend = await as(admin).send('POST', '/api/admin/venues/listed-draft/status', {
      status: 'suspended',
    })
    expect(suspend.statusCode).toBe(200)
    const saved = await as(manager).send('PATCH', '/api/admin/venues/listed-draft', {
      ...detailsOf(loaded),
      locationEn: 'Seef Tower, 12th floor',
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect((saved.json() as AdminVenueDetail).venue).toMatchObject({
      status: 'suspended',
      locationEn: 'Seef Tower, 12th floor',
    })
  })

  it('refuses invalid fields with 400 and their codes', async () => {
    const loaded = await detail('listed-draft')
    const response = await as(manager).send('PATCH', '/api/admin/venues/listed-draft', {
      ...detailsOf(loaded),
      nameEn: ' ',
      latitude: '26.2',
      longitude: '',
      rating: 6,
      cancellationNoticeHours: 721,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().error.fields).toMatchObject({
      nameEn: 'VENUE_NAME_REQUIRED',
      longitude: 'COORDINATES_BOTH',
      rating: 'RATING_RANGE',
      cancellationNoticeHours: 'NOTICE_HOURS_RANGE',
    })
    const outOfRange = await as(manager).send('PATCH', '/api/admin/venues/listed-draft', {
      ...detailsOf(loaded),
      latitude: '95',
      longitude: '50',
    })
    expect(outOfRange.json().error.fields).toEqual({ latitude: 'COORDINATES_INVALID' })
    expect((await detail('listed-draft')).venue.updatedAt).toBe(loaded.venue.updatedAt)
  })

  it('answers 404 for an unknown venue', async () => {
    const loaded = await detail('listed-draft')
    const response = await as(manager).send('PATCH', '/api/admin/venues/no-such-venue', detailsOf(loaded))
    expect(response.statusCode).toBe(404)
  })
})

describe('POST /api/admin/venues/:id/status', () => {
  const setStatus = (id: string, status: string) =>
    as(manager).send('POST', `/api/admin/venues/${id}/status`, { status })
  const publicIds = async () =>
    ((await as(undefined).get('/api/gyms')).json().gyms as { id: string }[]).map((gym) => gym.id)

  it('refuses to publish, naming each thing missing, until the venue is complete; then lists it', async () => {
    await insertDraftVenue(t, 'publish-me')
    const refused = await setStatus('publish-me', 'published')
    expect(refused.statusCode).toBe(422)
    expect(refused.json().error).toMatchObject({
      code: 'VENUE_NOT_READY',
      details: 'MISSING_ARABIC_TEXT,MISSING_COVER_PHOTO,MISSING_ACTIVE_PASS',
    })
    // Coming soon shows the text and the cover, but sells nothing yet.
    expect((await setStatus('publish-me', 'coming_soon')).json().error.details).toBe(
      'MISSING_ARABIC_TEXT,MISSING_COVER_PHOTO',
    )
    expect((await detail('publish-me')).venue.status).toBe('draft')

    await as(manager).send('PATCH', '/api/admin/venues/publish-me', {
      ...detailsOf(await detail('publish-me')),
      nameAr: 'برج السيف للياقة',
      descriptionAr: 'نادٍ على **السطح** يطل على الخليج.',
      locationAr: 'برج السيف، المنامة',
    })
    await insertCover(t, 'publish-me')
    expect((await setStatus('publish-me', 'published')).json().error.details).toBe('MISSING_ACTIVE_PASS')
    expect(await publicIds()).not.toContain('publish-me')

    expect(
      (await as(manager).send('POST', '/api/admin/venues/publish-me/passes', passForm())).statusCode,
    ).toBe(201)
    const published = await setStatus('publish-me', 'published')
    expect(published.statusCode, published.body).toBe(200)
    expect(published.json().venue.status).toBe('published')
    expect(await publicIds()).toContain('publish-me')
    const audit = (await auditRows('publish-me')).at(-1)
    expect(audit).toMatchObject({
      action: 'venue.status',
      before: { status: 'draft' },
      after: { status: 'published' },
    })
  })

  it('hides a suspended venue from visitors, keeping its bookings', async () => {
    const bookings = await db()
      .selectFrom('confirmed_bookings')
      .select('id')
      .where('venue_id', '=', 'manama-marina-hotel')
      .execute()
    expect(bookings.length).toBeGreaterThan(0)
    expect((await setStatus('manama-marina-hotel', 'suspended')).statusCode).toBe(200)
    expect((await as(undefined).get('/api/gyms/manama-marina-hotel')).statusCode).toBe(404)
    expect(await publicIds()).not.toContain('manama-marina-hotel')
    const kept = await db()
      .selectFrom('confirmed_bookings')
      .select('id')
      .where('venue_id', '=', 'manama-marina-hotel')
      .execute()
    expect(kept).toEqual(bookings)

    expect((await setStatus('manama-marina-hotel', 'published')).statusCode).toBe(200)
    expect((await as(undefined).get('/api/gyms/manama-marina-hotel')).statusCode).toBe(200)
  })

  it('refuses an unknown status (400) and an unknown venue (404)', async () => {
    expect((await setStatus('publish-me', 'deleted')).statusCode).toBe(400)
    expect((await setStatus('no-such-venue', 'draft')).statusCode).toBe(404)
  })

  it('lists the history newest first, with who, what and before → after', async () => {
    const response = await as(admin).get('/api/admin/venues/publish-me/history')
    expect(response.statusCode).toBe(200)
    const entries = response.json().entries as { action: string; actorEmail: string }[]
    expect(entries.map((entry) => entry.action)).toEqual(['venue.status', 'pass.create', 'venue.update'])
    expect(entries[0]?.actorEmail).toBe('venue-manager@example.bh')
  })
})
