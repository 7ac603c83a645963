import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser } from '../../../tests/support/accounts.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { adminRequest, unchangedDetails } from '../../../tests/support/venue-admin.ts'
import type { AdminVenueDetail } from '../../shared/venue-admin.ts'
import { seedIfEmpty } from '../seed.ts'

// The app as in production: the catalog kept 30 s, so a venue list's answer is shared for a second
// (docs/decisions/052). The clock stands still: only an edit can make an answer change.
let t: TestApp
beforeAll(async () => {
  const clock = new Date('2026-12-01T07:30:00Z')
  t = await createTestApp({ CATALOG_CACHE_SECONDS: 30 }, () => ({ now: () => clock }))
  await seedIfEmpty(t.database.db)
})
afterAll(() => t.close())

const list = (headers: Record<string, string> = {}) =>
  t.app.inject({ url: '/api/gyms?area=Seef&sort=price', headers })
const venueName = (body: string, id: string) =>
  (JSON.parse(body) as { gyms: { id: string; name: { en: string } }[] }).gyms.find((gym) => gym.id === id)
    ?.name.en

describe('the venue list’s shared answer', () => {
  it('is the first answer with its API security headers, its ETag and the request’s own id', async () => {
    const first = await list()
    const second = await list()
    expect(second.statusCode).toBe(200)
    expect(second.body).toBe(first.body)
    for (const header of [
      'content-security-policy',
      'x-frame-options',
      'x-content-type-options',
      'cross-origin-resource-policy',
      'cache-control',
      'etag',
      'vary',
      'content-type',
    ])
      expect(second.headers[header], header).toBe(first.headers[header])
    expect(second.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'")
    expect(second.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id'])
    const compressed = await list({ 'accept-encoding': 'br' })
    expect(compressed.headers['content-encoding']).toBe('br')
    expect((await list({ 'accept-encoding': 'br' })).rawPayload.equals(compressed.rawPayload)).toBe(true)
    expect((await list({ 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304)
  })

  it('is the same for a signed-in caller, whose session it never reads, and says nothing of them', async () => {
    const user = await signedInUser(t, 'shared-list@example.bh')
    const answer = await list({ cookie: user.cookie })
    expect(answer.headers['set-cookie']).toBeUndefined()
    expect(answer.headers['cache-control']).toBe('public, max-age=30')
    expect(answer.body).toBe((await list()).body)
  })

  it('is forgotten the moment the team edits a venue', async () => {
    const venue = 'seef-towers-residences'
    const before = await list()
    expect(venueName(before.body, venue)).toBeDefined()
    const manager = await signedInUser(t, 'shared-list-manager@example.bh', 'manager')
    const detail = (
      await adminRequest(t, manager.cookie, 'GET', `/api/admin/venues/${venue}`)
    ).json() as AdminVenueDetail
    const renamed = `${detail.venue.nameEn} (renamed)`
    const edit = await adminRequest(t, manager.cookie, 'PATCH', `/api/admin/venues/${venue}`, {
      ...unchangedDetails(detail),
      nameEn: renamed,
    })
    expect(edit.statusCode, edit.body).toBe(200)
    expect(venueName((await list()).body, venue)).toBe(renamed)
  })
})
