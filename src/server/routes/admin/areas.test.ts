import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { guestSession, signedInUser, testOrigin } from '../../../../tests/support/accounts.ts'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts'
import { vendorApplicationInput } from '../../../../tests/support/vendor-application.ts'
import { adminRequest, unchangedDetails } from '../../../../tests/support/venue-admin.ts'
import type { AdminAreaList, AreaList } from '../../../shared/areas.ts'
import type { VenueList } from '../../../shared/catalog-api.ts'
import { CatalogService } from '../../domain/catalog/service.ts'
import { seedIfEmpty } from '../../seed.ts'

/** The team keeps the list of areas (docs/operating.md, "Areas"). */
let t: TestApp
let manager: string
let admin: string

beforeAll(async () => {
  t = await createTestApp({}, (database) => ({
    catalog: new CatalogService(database.db, { cacheMs: 0, now: () => new Date() }),
  }))
  await seedIfEmpty(t.database.db)
  manager = (await signedInUser(t, 'areas-manager@example.bh', 'manager')).cookie
  admin = (await signedInUser(t, 'areas-admin@example.bh', 'admin')).cookie
})
afterAll(() => t.close())

const send = (
  cookie: string | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: object,
) => adminRequest(t, cookie, method, url, body)
const teamList = async () => (await send(manager, 'GET', '/api/admin/areas')).json() as AdminAreaList
const offered = async () => ((await t.app.inject({ url: '/api/areas' })).json() as AreaList).areas
const audit = (id: string) =>
  t.database.db
    .selectFrom('audit_log')
    .select(['action', 'actor_email', 'before', 'after'])
    .where('entity_type', '=', 'area')
    .where('entity_id', '=', id)
    .orderBy('id')
    .execute()
const everything = async () => ({
  areas: await t.database.db.selectFrom('areas').selectAll().orderBy('id').execute(),
  audit: await t.database.db.selectFrom('audit_log').selectAll().orderBy('id').execute(),
})

describe('the list of areas, for the team', () => {
  it('refuses anyone without the venues permission, and writes nothing', async () => {
    const before = await everything()
    const user = (await signedInUser(t, 'areas-user@example.bh', 'user')).cookie
    const staff = (await signedInUser(t, 'areas-staff@example.bh', 'staff')).cookie
    const guest = await guestSession(t)
    const requests = [
      ['GET', '/api/admin/areas', undefined],
      ['POST', '/api/admin/areas', { nameEn: 'Karbabad', nameAr: 'كرباباد' }],
      ['PUT', '/api/admin/areas/seef', { nameEn: 'Seef Hacked', nameAr: 'السيف', active: false }],
      ['DELETE', '/api/admin/areas/awali', undefined],
    ] as const
    for (const [method, url, body] of requests) {
      expect((await send(undefined, method, url, body)).statusCode, `${method} ${url} anonymous`).toBe(401)
      expect((await send(guest, method, url, body)).statusCode, `${method} ${url} guest`).toBe(401)
      expect((await send(user, method, url, body)).statusCode, `${method} ${url} user`).toBe(403)
      expect((await send(staff, method, url, body)).statusCode, `${method} ${url} staff`).toBe(403)
    }
    // From another site, even a manager's cookie changes nothing.
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/admin/areas',
      payload: { nameEn: 'Karbabad', nameAr: 'كرباباد' },
      headers: { origin: 'https://evil.example', cookie: manager },
    })
    expect(foreign.statusCode).toBe(403)
    expect(await everything()).toEqual(before)
  })

  it('adds an area named in both languages, audited, and offers it to the forms at once', async () => {
    const response = await send(manager, 'POST', '/api/admin/areas', {
      nameEn: ' Karbabad ',
      nameAr: 'كرباباد',
    })
    expect(response.statusCode, response.body).toBe(201)
    const added = (response.json() as AdminAreaList).areas.find((area) => area.id === 'karbabad')
    expect(added).toEqual({
      id: 'karbabad',
      name: { en: 'Karbabad', ar: 'كرباباد' },
      active: true,
      venues: 0,
      applications: 0,
    })
    expect(await offered()).toContainEqual({ id: 'karbabad', name: { en: 'Karbabad', ar: 'كرباباد' } })
    expect(await audit('karbabad')).toEqual([
      {
        action: 'area.create',
        actor_email: 'areas-manager@example.bh',
        before: null,
        after: { id: 'karbabad', nameEn: 'Karbabad', nameAr: 'كرباباد', active: true },
      },
    ])
  })

  it('refuses a second Seef however it is spelled, a Latin Arabic name and a missing one, writing nothing', async () => {
    const before = await everything()
    for (const [names, fields] of [
      [{ nameEn: 'Al-Seef', nameAr: 'حي جديد' }, { nameEn: 'AREA_NAME_TAKEN' }],
      [{ nameEn: 'Seef Park', nameAr: 'السَّيف' }, { nameAr: 'AREA_NAME_TAKEN' }],
      [
        { nameEn: 'Juffair', nameAr: 'الجفير' },
        { nameEn: 'AREA_NAME_TAKEN', nameAr: 'AREA_NAME_TAKEN' },
      ],
    ] as const) {
      const response = await send(manager, 'POST', '/api/admin/areas', names)
      expect(response.statusCode, JSON.stringify(names)).toBe(409)
      expect(response.json().error).toMatchObject({ code: 'AREA_NAME_TAKEN', fields })
    }
    const latin = await send(manager, 'POST', '/api/admin/areas', { nameEn: 'Karzakan', nameAr: 'Karzakan' })
    expect(latin.statusCode).toBe(400)
    expect(latin.json().error.fields).toEqual({ nameAr: 'AREA_NAME_AR_NOT_ARABIC' })
    const missing = await send(manager, 'POST', '/api/admin/areas', { nameEn: ' ', nameAr: '' })
    expect(missing.json().error.fields).toEqual({
      nameEn: 'AREA_NAME_EN_REQUIRED',
      nameAr: 'AREA_NAME_AR_REQUIRED',
    })
    expect(await everything()).toEqual(before)
  })

  it('adds one area of two added at once under the same name', async () => {
    const [a, b] = await Promise.all([
      send(manager, 'POST', '/api/admin/areas', { nameEn: 'Nuwaidrat', nameAr: 'النويدرات' }),
      send(admin, 'POST', '/api/admin/areas', { nameEn: 'Nuwaidrat', nameAr: 'نويدرات' }),
    ])
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409])
    expect((await teamList()).areas.filter((area) => area.name.en === 'Nuwaidrat')).toHaveLength(1)
  })

  it('renames an area in both languages: its venues are listed and found under the new names', async () => {
    const response = await send(manager, 'PUT', '/api/admin/areas/seef', {
      nameEn: 'Seef District',
      nameAr: 'ضاحية السيف',
      active: true,
    })
    expect(response.statusCode, response.body).toBe(200)
    const list = (await t.app.inject({ url: '/api/gyms?area=seef' })).json() as VenueList
    expect(list.areas).toContainEqual({ id: 'seef', name: { en: 'Seef District', ar: 'ضاحية السيف' } })
    expect(list.gyms.map((gym) => gym.area.name.ar)).toEqual(list.gyms.map(() => 'ضاحية السيف'))
    const found = (await t.app.inject({ url: `/api/gyms?search=${encodeURIComponent('ضاحية')}` })).json()
    expect((found as VenueList).gyms.map((gym) => gym.id).sort()).toEqual(
      list.gyms.map((gym) => gym.id).sort(),
    )
    expect((await audit('seef')).at(-1)).toMatchObject({
      action: 'area.update',
      before: { nameEn: 'Seef', nameAr: 'السيف', active: true },
      after: { nameEn: 'Seef District', nameAr: 'ضاحية السيف', active: true },
    })
    await send(manager, 'PUT', '/api/admin/areas/seef', { nameEn: 'Seef', nameAr: 'السيف', active: true })
  })

  it('deactivates an area: no longer offered, refused to a new application, kept by the venue in it', async () => {
    const response = await send(manager, 'PUT', '/api/admin/areas/juffair', {
      nameEn: 'Juffair',
      nameAr: 'الجفير',
      active: false,
    })
    expect(response.statusCode, response.body).toBe(200)
    expect((await offered()).map((area) => area.id)).not.toContain('juffair')
    // Its venues are still listed, and still found under it.
    const listed = (await t.app.inject({ url: '/api/gyms?area=juffair' })).json() as VenueList
    expect(listed.gyms.length).toBeGreaterThan(0)

    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/vendor-applications',
      payload: vendorApplicationInput({ areaId: 'juffair' }),
      headers: { origin: testOrigin },
    })
    expect(applied.statusCode).toBe(400)
    expect(applied.json().error.fields).toEqual({ areaId: 'AREA_UNKNOWN' })

    const venueId = listed.gyms[0]?.id as string
    const detail = (await send(manager, 'GET', `/api/admin/venues/${venueId}`)).json()
    expect(
      (await send(manager, 'PATCH', `/api/admin/venues/${venueId}`, unchangedDetails(detail))).statusCode,
    ).toBe(200)
    const other = (await send(manager, 'GET', '/api/admin/venues/manama-marina-hotel')).json()
    const moved = await send(manager, 'PATCH', '/api/admin/venues/manama-marina-hotel', {
      ...unchangedDetails(other),
      areaId: 'juffair',
    })
    expect(moved.statusCode).toBe(400)
    expect(moved.json().error.fields).toEqual({ areaId: 'AREA_UNKNOWN' })
    const unknown = await send(manager, 'PATCH', '/api/admin/venues/manama-marina-hotel', {
      ...unchangedDetails(other),
      areaId: 'atlantis',
    })
    expect(unknown.json().error.fields).toEqual({ areaId: 'AREA_UNKNOWN' })
    await send(manager, 'PUT', '/api/admin/areas/juffair', {
      nameEn: 'Juffair',
      nameAr: 'الجفير',
      active: true,
    })
  })

  it('deletes an area nothing stands in, and refuses one a venue is in', async () => {
    const before = await everything()
    const used = await send(manager, 'DELETE', '/api/admin/areas/seef')
    expect(used.statusCode).toBe(409)
    expect(used.json().error.code).toBe('AREA_IN_USE')
    expect((await send(manager, 'DELETE', '/api/admin/areas/atlantis')).statusCode).toBe(404)
    expect(await everything()).toEqual(before)

    const removed = await send(manager, 'DELETE', '/api/admin/areas/awali')
    expect(removed.statusCode, removed.body).toBe(200)
    expect((removed.json() as AdminAreaList).areas.map((area) => area.id)).not.toContain('awali')
    expect((await audit('awali')).map((row) => row.action)).toEqual(['area.delete'])
  })
})
