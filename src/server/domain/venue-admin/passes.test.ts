import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser } from '../../../../tests/support/accounts.ts'
import { createCheckoutTestApp, line } from '../../../../tests/support/checkout.ts'
import type { TestApp } from '../../../../tests/support/test-app.ts'
import { adminRequest, passForm } from '../../../../tests/support/venue-admin.ts'
import type { AdminVenueDetail } from '../../../shared/venue-admin.ts'

let t: TestApp
let manager: string

beforeAll(async () => {
  t = await createCheckoutTestApp()
  manager = (await signedInUser(t, 'pass-manager@example.bh', 'manager')).cookie
})
afterAll(() => t.close())

const venue = 'manama-marina-hotel'
const send = (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object = {}) =>
  adminRequest(t, manager, method, url, payload)
const passes = async (id = venue): Promise<AdminVenueDetail['passes']> =>
  (await adminRequest(t, manager, 'GET', `/api/admin/venues/${id}`)).json().passes
const passRow = (id: string) =>
  t.database.db.selectFrom('passes').selectAll().where('id', '=', id).executeTakeFirst()
const audits = (entityId: string) =>
  t.database.db.selectFrom('audit_log').selectAll().where('entity_id', '=', entityId).orderBy('id').execute()

function quote(passId: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/checkout/quote',
    payload: { items: [line({ passId })] },
    headers: { origin: 'http://localhost:3000' },
  })
}

describe('POST /api/admin/venues/:id/passes', () => {
  it('adds a pass with an id from its name; its weekend price is Friday’s', async () => {
    const response = await send('POST', `/api/admin/venues/${venue}/passes`, {
      ...passForm({ nameEn: 'Ladies’ Swim', weekdayPrice: '9.5', weekendPrice: '12.250' }),
    })
    expect(response.statusCode, response.body).toBe(201)
    const added = (response.json() as AdminVenueDetail).passes.at(-1)
    expect(added).toMatchObject({
      id: 'manama-marina-hotel-ladies-swim',
      weekdayPriceFils: 9500,
      weekendPriceFils: 12250,
      holidayPriceFils: null,
      archivedAt: null,
    })
    const priceOn = async (date: string) => {
      const body = (await t.app.inject({ url: `/api/gyms/${venue}/availability?date=${date}` })).json()
      return body.passes.find((pass: { id: string }) => pass.id === added?.id)?.priceFils
    }
    expect(await priceOn('2026-12-03')).toBe(9500) // Thursday
    expect(await priceOn('2026-12-04')).toBe(12250) // Friday
    expect(await audits('manama-marina-hotel-ladies-swim')).toMatchObject([
      { action: 'pass.create', before: null, after: { nameEn: 'Ladies’ Swim', weekendPriceFils: 12250 } },
    ])

    const namesake = await send(
      'POST',
      `/api/admin/venues/${venue}/passes`,
      passForm({ nameEn: 'Ladies Swim' }),
    )
    expect((namesake.json() as AdminVenueDetail).passes.at(-1)?.id).toBe('manama-marina-hotel-ladies-swim-2')
  })

  it('refuses prices that are not BD with up to 3 decimals, zero, negative or above BD 1000', async () => {
    const before = await passes()
    const priceError = async (price: string) => {
      const response = await send(
        'POST',
        `/api/admin/venues/${venue}/passes`,
        passForm({ weekdayPrice: price }),
      )
      expect(response.statusCode).toBe(400)
      return response.json().error.fields.weekdayPrice
    }
    expect(await priceError('14.0001')).toBe('PRICE_INVALID')
    expect(await priceError('0.000')).toBe('PRICE_ZERO')
    expect(await priceError('-3')).toBe('PRICE_INVALID')
    expect(await priceError('1000.001')).toBe('PRICE_TOO_HIGH')
    expect(await priceError('')).toBe('PRICE_REQUIRED')
    const other = await send('POST', `/api/admin/venues/${venue}/passes`, {
      ...passForm({ weekendPrice: '1,5' }),
      type: 'Sauna',
      nameAr: '',
    })
    expect(other.json().error.fields).toEqual({
      type: 'PASS_TYPE_REQUIRED',
      nameAr: 'NAME_REQUIRED',
      weekendPrice: 'PRICE_INVALID',
    })
    expect(await passes()).toEqual(before)
  })

  it('answers 404 for an unknown venue', async () => {
    expect((await send('POST', '/api/admin/venues/no-such-venue/passes', passForm())).statusCode).toBe(404)
  })
})

describe('PATCH /api/admin/venues/:id/passes/:passId', () => {
  it('changes a pass, auditing the prices before and after', async () => {
    const response = await send(
      'PATCH',
      `/api/admin/venues/${venue}/passes/manama-marina-hotel-gym`,
      passForm({ nameEn: 'Gym Day Pass', weekdayPrice: '13.000', weekendPrice: '15' }),
    )
    expect(response.statusCode, response.body).toBe(200)
    expect(await passRow('manama-marina-hotel-gym')).toMatchObject({
      weekday_price_fils: 13000,
      weekend_price_fils: 15000,
    })
    const [audit] = await audits('manama-marina-hotel-gym')
    expect(audit).toMatchObject({ action: 'pass.update', venue_id: venue })
    expect(audit?.before).toMatchObject({ weekdayPriceFils: 10000 })
    expect(audit?.after).toMatchObject({ weekdayPriceFils: 13000, weekendPriceFils: 15000 })
  })

  it('answers 404 for another venue’s pass, whatever is asked, and changes nothing', async () => {
    const foreign = 'vida-beach-hotel-kids'
    const before = await passRow(foreign)
    expect(before).toBeDefined()
    const url = `/api/admin/venues/${venue}/passes/${foreign}`
    for (const response of [
      await send('PATCH', url, passForm({ weekdayPrice: '1.000' })),
      await send('POST', `${url}/archive`),
      await send('POST', `${url}/restore`),
    ]) {
      expect(response.statusCode).toBe(404)
      expect(response.json().error.code).toBe('PASS_NOT_FOUND')
    }
    expect(await passRow(foreign)).toEqual(before)
    expect(await audits(foreign)).toEqual([])
  })
})

describe('archiving and restoring passes', () => {
  it('takes an archived pass out of a visitor’s cart with PASS_NOT_FOUND, and back in when restored', async () => {
    const pass = 'manama-marina-hotel-health-club'
    expect((await quote(pass)).json().lines[0].problem).toBeNull()

    const archived = await send('POST', `/api/admin/venues/${venue}/passes/${pass}/archive`)
    expect(archived.statusCode, archived.body).toBe(200)
    expect((archived.json() as AdminVenueDetail).passes.find((p) => p.id === pass)?.archivedAt).toEqual(
      expect.any(String),
    )
    expect((await quote(pass)).json().lines[0].problem.code).toBe('PASS_NOT_FOUND')
    const gym = (await t.app.inject({ url: `/api/gyms/${venue}` })).json().gym
    expect(gym.passes.map((p: { id: string }) => p.id)).not.toContain(pass)

    expect((await send('POST', `/api/admin/venues/${venue}/passes/${pass}/restore`)).statusCode).toBe(200)
    expect((await quote(pass)).json().lines[0].problem).toBeNull()
    expect((await audits(pass)).map((row) => [row.action, row.before, row.after])).toEqual([
      ['pass.archive', { archivedAt: null }, { archivedAt: expect.any(String) }],
      ['pass.restore', { archivedAt: expect.any(String) }, { archivedAt: null }],
    ])
  })

  it('refuses to archive the last pass on sale of a published venue (409), not of a suspended one', async () => {
    const id = 'vida-beach-hotel'
    const onSale = (await passes(id)).filter((pass) => pass.archivedAt === null)
    for (const pass of onSale.slice(1))
      expect((await send('POST', `/api/admin/venues/${id}/passes/${pass.id}/archive`)).statusCode).toBe(200)
    const last = onSale[0]?.id
    const refused = await send('POST', `/api/admin/venues/${id}/passes/${last}/archive`)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error.code).toBe('LAST_ACTIVE_PASS')
    expect((await passRow(String(last)))?.archived_at).toBeNull()

    expect((await send('POST', `/api/admin/venues/${id}/status`, { status: 'suspended' })).statusCode).toBe(
      200,
    )
    expect((await send('POST', `/api/admin/venues/${id}/passes/${last}/archive`)).statusCode).toBe(200)
    // Publishing again asks for a pass on sale.
    const publish = await send('POST', `/api/admin/venues/${id}/status`, { status: 'published' })
    expect(publish.json().error.details).toBe('MISSING_ACTIVE_PASS')
  })
})

describe('two archives at once', () => {
  it('leave a published venue one pass on sale: the venue is locked while each decides', async () => {
    // A coming-soon venue of the seed, published here with exactly two passes on sale.
    const target = 'wyndham-grand-bahrain-bay'
    await t.database.db.updateTable('venues').set({ status: 'published' }).where('id', '=', target).execute()
    await t.database.db
      .updateTable('passes')
      .set({ archived_at: null })
      .where('venue_id', '=', target)
      .execute()
    const onSale = (await passes(target)).slice(0, 2)
    await t.database.db
      .updateTable('passes')
      .set({ archived_at: new Date() })
      .where('venue_id', '=', target)
      .where(
        'id',
        'not in',
        onSale.map((pass) => pass.id),
      )
      .execute()
    const answers = await Promise.all(
      onSale.map((pass) => send('POST', `/api/admin/venues/${target}/passes/${pass.id}/archive`)),
    )
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
    expect((await passes(target)).filter((pass) => pass.archivedAt === null)).toHaveLength(1)
  })
})

describe('PUT /api/admin/venues/:id/passes/order', () => {
  it('puts the passes in the order given, as visitors then see them', async () => {
    const ids = (await passes()).map((pass) => pass.id).reverse()
    const response = await send('PUT', `/api/admin/venues/${venue}/passes/order`, { ids })
    expect(response.statusCode, response.body).toBe(200)
    expect((response.json() as AdminVenueDetail).passes.map((pass) => pass.id)).toEqual(ids)
    const listed = (await t.app.inject({ url: `/api/gyms/${venue}` }))
      .json()
      .gym.passes.map((p: { id: string }) => p.id)
    expect(listed).toEqual(ids)
    expect((await audits(venue)).at(-1)).toMatchObject({ action: 'pass.reorder', after: { order: ids } })
  })

  it('refuses an order that leaves out a pass, repeats one or names another venue’s', async () => {
    const ids = (await passes()).map((pass) => pass.id)
    for (const wrong of [ids.slice(1), [...ids, ids[0]], [...ids.slice(1), 'vida-beach-hotel-kids']]) {
      const response = await send('PUT', `/api/admin/venues/${venue}/passes/order`, { ids: wrong })
      expect(response.statusCode).toBe(400)
    }
    expect((await passes()).map((pass) => pass.id)).toEqual(ids)
  })
})
