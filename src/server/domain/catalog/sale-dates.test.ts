import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testOrigin } from '../../../../tests/support/accounts.ts'
import { createCheckoutTestApp, line } from '../../../../tests/support/checkout.ts'
import type { TestApp } from '../../../../tests/support/test-app.ts'

/**
 * A venue sells from its first day of sale and until its last (migration 024): availability and the
 * quote both refuse a date outside, with one code. Its public address is its slug, and its old
 * address by id keeps working. The checkout clock is 1 December 2026.
 */
let t: TestApp
beforeAll(async () => {
  t = await createCheckoutTestApp()
  await t.database.db
    .updateTable('venues')
    .set({ sells_from: '2026-12-05', sells_until: '2026-12-20', slug: 'marina-gym' })
    .where('id', '=', 'manama-marina-hotel')
    .execute()
})
afterAll(() => t.close())

const get = (url: string) => t.app.inject({ method: 'GET', url })
const quote = (items: object[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/checkout/quote',
    payload: { items },
    headers: { origin: testOrigin },
  })

describe('a venue’s dates of sale', () => {
  it('answers availability only from the first day of sale to the last', async () => {
    for (const date of ['2026-12-03', '2026-12-21']) {
      const response = await get(`/api/gyms/manama-marina-hotel/availability?date=${date}`)
      expect(response.statusCode, date).toBe(400)
      expect(response.json().error).toMatchObject({
        code: 'NOT_SOLD_ON_DATE',
        message: 'This venue does not sell visits on that date. Please choose another date.',
      })
    }
    for (const date of ['2026-12-05', '2026-12-20']) {
      const response = await get(`/api/gyms/manama-marina-hotel/availability?date=${date}`)
      expect(response.statusCode, date).toBe(200)
      expect(
        response.json().slots.some((slot: { status: string }) => slot.status === 'open'),
        date,
      ).toBe(true)
    }
  })

  it('leaves a line before the first day or after the last out of the quote, saying why', async () => {
    const response = await quote([
      line({ date: '2026-12-03' }),
      line({ date: '2026-12-06' }),
      line({ date: '2026-12-21' }),
    ])
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body.lines.map((l: { problem: { code: string } | null }) => l.problem?.code ?? null)).toEqual([
      'NOT_SOLD_ON_DATE',
      null,
      'NOT_SOLD_ON_DATE',
    ])
    expect(body.bookable).toBe(false)
  })

  it('opens the venue at /gyms/<slug> and still at its old address by id', async () => {
    const bySlug = await get('/api/gyms/marina-gym')
    expect(bySlug.statusCode).toBe(200)
    // The dates of sale go with it, so the booking calendar offers only those.
    expect(bySlug.json().gym).toMatchObject({
      id: 'manama-marina-hotel',
      slug: 'marina-gym',
      sellsFrom: '2026-12-05',
      sellsUntil: '2026-12-20',
    })
    const byId = await get('/api/gyms/manama-marina-hotel')
    expect(byId.json().gym.slug).toBe('marina-gym')
    expect((await get('/api/gyms/marina-gym/availability?date=2026-12-06')).json().gymId).toBe(
      'manama-marina-hotel',
    )
    const listed = (await get('/api/gyms'))
      .json()
      .gyms.find((gym: { id: string }) => gym.id === 'manama-marina-hotel')
    expect(listed.slug).toBe('marina-gym')
    expect(listed.facilities).toEqual(['pool', 'gym', 'sauna', 'steam-room'])
  })

  it('shows no rating for a venue nobody has rated', async () => {
    await t.database.db
      .updateTable('venues')
      .set({ rating: null })
      .where('id', '=', 'vida-beach-hotel')
      .execute()
    expect((await get('/api/gyms/vida-beach-hotel')).json().gym.rating).toBeNull()
  })
})
