import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser } from '../../../../tests/support/accounts.ts'
import { createCheckoutTestApp } from '../../../../tests/support/checkout.ts'
import type { TestApp } from '../../../../tests/support/test-app.ts'
import { adminRequest, insertDraftVenue, unchangedDetails } from '../../../../tests/support/venue-admin.ts'
import type { AdminVenueDetail } from '../../../shared/venue-admin.ts'

/** The editor's dates of sale, facilities, web address and "not rated" (docs/decisions/043). */
let t: TestApp
let manager: string
beforeAll(async () => {
  t = await createCheckoutTestApp()
  manager = (await signedInUser(t, 'sales-manager@example.bh', 'manager')).cookie
  await insertDraftVenue(t, 'seef-draft')
})
afterAll(() => t.close())

const detail = async (id: string): Promise<AdminVenueDetail> =>
  (await adminRequest(t, manager, 'GET', `/api/admin/venues/${id}`)).json()
const save = async (id: string, changes: object) =>
  adminRequest(t, manager, 'PATCH', `/api/admin/venues/${id}`, {
    ...unchangedDetails(await detail(id)),
    ...changes,
  })

describe('the editor’s dates of sale, facilities, address and rating', () => {
  it('shows and changes the dates of sale, the facilities and "not rated"', async () => {
    const before = (await detail('seef-draft')).venue
    expect(before).toMatchObject({
      slug: 'seef-draft',
      sellsFrom: null,
      sellsUntil: null,
      everPublished: false,
    })
    const response = await save('seef-draft', {
      sellsFrom: '2026-12-10',
      sellsUntil: '',
      facilities: ['spa', 'pool'],
      rating: null,
    })
    expect(response.statusCode, response.body).toBe(200)
    expect((await detail('seef-draft')).venue).toMatchObject({
      sellsFrom: '2026-12-10',
      sellsUntil: null,
      facilities: ['pool', 'spa'],
      rating: null,
    })
  })

  it('refuses a last day of sale before the first, and unknown facilities, with their codes', async () => {
    const backwards = await save('seef-draft', { sellsFrom: '2026-12-10', sellsUntil: '2026-12-01' })
    expect(backwards.statusCode).toBe(400)
    expect(backwards.json().error.fields).toEqual({ sellsUntil: 'SELLS_UNTIL_BEFORE_FROM' })
    // An older editor sends no first day: the stored one still holds.
    const { sellsFrom: _left, ...withoutFrom } = unchangedDetails(await detail('seef-draft'))
    const onlyUntil = await adminRequest(t, manager, 'PATCH', '/api/admin/venues/seef-draft', {
      ...withoutFrom,
      sellsUntil: '2026-12-01',
    })
    expect(onlyUntil.statusCode).toBe(400)
    expect(onlyUntil.json().error).toMatchObject({
      code: 'SELLS_UNTIL_BEFORE_FROM',
      fields: { sellsUntil: 'SELLS_UNTIL_BEFORE_FROM' },
    })
    const helipad = await save('seef-draft', { facilities: ['helipad'] })
    expect(helipad.statusCode).toBe(400)
    expect(helipad.json().error.fields).toEqual({ 'facilities.0': 'FACILITY_INVALID' })
  })

  it('changes the web address until publishing, never to one another venue uses', async () => {
    const bad = await save('seef-draft', { slug: 'Seef Tower!' })
    expect(bad.json().error.fields).toEqual({ slug: 'SLUG_INVALID' })
    for (const taken of ['vida-beach-hotel', 'manama-marina-hotel']) {
      const response = await save('seef-draft', { slug: taken })
      expect(response.statusCode, taken).toBe(409)
      expect(response.json().error).toMatchObject({ code: 'SLUG_TAKEN', fields: { slug: 'SLUG_TAKEN' } })
    }
    expect((await save('seef-draft', { slug: 'seef-tower-fitness' })).statusCode).toBe(200)
    expect((await detail('seef-draft')).venue.slug).toBe('seef-tower-fitness')
  })

  it('gives a draft named in Arabic only an address from its first English name', async () => {
    await insertDraftVenue(t, 'venue-41')
    await t.database.db
      .updateTable('venues')
      .set({ name_en: '', name_ar: 'نادي شاطئ أمواج', slug: 'venue-41' })
      .where('id', '=', 'venue-41')
      .execute()
    await insertDraftVenue(t, 'amwaj-beach-club')
    const saved = await save('venue-41', { nameEn: 'Amwaj Beach Club' })
    expect(saved.statusCode, saved.body).toBe(200)
    // Taken by the other draft (its id is its address): the next one free.
    expect((await detail('venue-41')).venue.slug).toBe('amwaj-beach-club-2')
    // Once it is a real address, a new English name leaves it alone.
    await save('venue-41', { nameEn: 'Amwaj Beach & Pool' })
    expect((await detail('venue-41')).venue.slug).toBe('amwaj-beach-club-2')
  })

  it('keeps a published venue’s address fixed', async () => {
    expect((await detail('vida-beach-hotel')).venue.everPublished).toBe(true)
    const response = await save('vida-beach-hotel', { slug: 'vida' })
    expect(response.statusCode).toBe(409)
    expect(response.json().error.code).toBe('SLUG_LOCKED')
    // Sending it unchanged is no change.
    expect((await save('vida-beach-hotel', { slug: 'vida-beach-hotel' })).statusCode).toBe(200)
  })
})
