import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser, testOrigin } from '../../../tests/support/accounts.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { vendorApplicationInput } from '../../../tests/support/vendor-application.ts'
import type { AreaList } from '../../shared/areas.ts'
import type { VenueList } from '../../shared/catalog-api.ts'
import { CatalogService } from '../domain/catalog/service.ts'
import { seedIfEmpty } from '../seed.ts'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp({}, (database) => ({
    catalog: new CatalogService(database.db, { cacheMs: 0, now: () => new Date() }),
  }))
  await seedIfEmpty(t.database.db)
})
afterAll(() => t.close())

async function list(query = ''): Promise<VenueList> {
  const response = await t.app.inject({ method: 'GET', url: `/api/gyms${query ? `?${query}` : ''}` })
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

describe('an application written in Arabic, in «السيف»', () => {
  it('chooses «السيف» from the list the form offers: Seef, one area named in both languages', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/areas' })
    expect(response.statusCode).toBe(200)
    const seefs = (response.json() as AreaList).areas.filter((area) => area.name.ar === 'السيف')
    expect(seefs).toEqual([{ id: 'seef', name: { en: 'Seef', ar: 'السيف' } }])
  })

  it('is approved into a venue found under the one Seef of the area filter, and by searching Seef', async () => {
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/vendor-applications',
      payload: vendorApplicationInput({
        venueNameEn: '',
        venueNameAr: 'نادي اللؤلؤة',
        areaId: 'seef',
        city: 'المنامة',
      }),
      headers: { origin: testOrigin, cookie: 'lang=ar' },
    })
    expect(applied.statusCode, applied.body).toBe(201)
    const manager = await signedInUser(t, 'manager-areas@example.bh', 'manager')
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/vendor-applications/${applied.json().id}/approve`,
      headers: { origin: testOrigin, cookie: manager.cookie },
    })
    expect(approved.statusCode, approved.body).toBe(200)
    const venueId: string = approved.json().venueId
    // Listed as Coming Soon: what the area filter is about, without the publish checks' photos and passes.
    await t.database.db
      .updateTable('venues')
      .set({ status: 'coming_soon' })
      .where('id', '=', venueId)
      .execute()

    const seefs = (await list()).areas.filter((area) => /seef|سيف/i.test(JSON.stringify(area)))
    expect(seefs).toEqual([{ id: 'seef', name: { en: 'Seef', ar: 'السيف' } }])
    const ids = (body: VenueList) => body.gyms.map((gym) => gym.id)
    const underSeef = await list('area=seef')
    expect(ids(underSeef)).toContain(venueId)
    expect(underSeef.gyms.find((gym) => gym.id === venueId)?.area).toEqual(seefs[0])
    // Older links named the area: in English or Arabic, it is the same one.
    expect((await list('area=Seef')).query).toBe('area=seef')
    expect(ids(await list(`area=${encodeURIComponent('السيف')}`))).toEqual(ids(underSeef))
    expect(ids(await list('search=Seef'))).toContain(venueId)
    expect(ids(await list(`search=${encodeURIComponent('السيف')}`))).toContain(venueId)
  })
})
