import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testOrigin } from '../../../../tests/support/accounts.ts'
import { createCheckoutTestApp, line } from '../../../../tests/support/checkout.ts'
import type { TestApp } from '../../../../tests/support/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createCheckoutTestApp()
})
afterAll(() => t.close())

function quote(items: object[]) {
  return t.app.inject({
    method: 'POST',
    url: '/api/checkout/quote',
    payload: { items },
    headers: { origin: testOrigin },
  })
}

describe('POST /api/checkout/quote', () => {
  it('names no weekend price where a pass costs the same at the weekend', async () => {
    const seef = { gymId: 'seef-towers-residences', passId: 'seef-towers-residences-gym' }
    const body = (await quote([line({ ...seef, date: '2026-12-04' }), line({ date: '2026-12-04' })])).json()
    expect(body.lines.map((l: { price: string }) => l.price)).toEqual(['BD 10.000', 'BD 12.000'])
    expect(body.lines.map((l: { priceNote: string | null }) => l.priceNote)).toEqual([null, 'weekend'])
  })

  it('prices each line for its own date: weekday, weekend and public holiday', async () => {
    const response = await quote([
      line({ date: '2026-12-03' }),
      line({ date: '2026-12-05' }),
      line({ date: '2026-12-16' }),
    ])
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body.lines.map((l: { price: string }) => l.price)).toEqual(['BD 10.000', 'BD 12.000', 'BD 14.000'])
    // Each names the price it takes, for the cart and checkout to say so.
    expect(body.lines.map((l: { dayType: string }) => l.dayType)).toEqual(['weekday', 'weekend', 'holiday'])
    expect(body.lines.map((l: { priceNote: string | null }) => l.priceNote)).toEqual([
      null,
      'weekend',
      'holiday',
    ])
    expect(body).toMatchObject({
      totalFils: 36000,
      total: 'BD 36.000',
      totalUsd: '95.40',
      bookable: true,
      payAtVenueOnly: false,
    })
    expect(body.lines[0]).toMatchObject({
      gymName: { en: 'Manama Marina Hotel' },
      passName: { en: 'Gym Day Pass - Gym access, lockers and towels' },
      problem: null,
    })
  })

  it('says why a line cannot be booked, and leaves it out of the total', async () => {
    const response = await quote([
      line(),
      line({ gymId: 'wyndham-grand-bahrain-bay', passId: 'wyndham-grand-bahrain-bay-health-club' }),
      line({ date: '2026-12-01', time: '08:00' }),
      line({ passId: 'no-such-pass' }),
      line({ gymId: 'no-such-gym' }),
      line({ time: '21:00' }),
      line({ date: '2026-02-30' }),
    ])
    const body = response.json()
    expect(body.lines.map((l: { problem: { code: string } | null }) => l.problem?.code ?? null)).toEqual([
      null,
      'COMING_SOON',
      'SLOT_PAST',
      'PASS_NOT_FOUND',
      'GYM_NOT_FOUND',
      // The venue sells 08:00 to 19:00 (a time not on the hour is refused by the request's schema).
      'SLOT_CLOSED',
      'INVALID_DATE',
    ])
    expect(body).toMatchObject({ bookable: false, totalFils: 10000 })
  })

  it('counts lines for the same hour together against the places left', async () => {
    await t.database.db
      .insertInto('slot_occupancy')
      .values({
        venue_id: 'manama-marina-hotel',
        slot_date: '2026-12-03',
        slot_hour: 12,
        capacity: 20,
        taken: 19,
      })
      .execute()
    const one = await quote([line({ time: '12:00' })])
    expect(one.json().bookable).toBe(true)
    const two = await quote([line({ time: '12:00' }), line({ time: '12:00' })])
    expect(two.json().lines[0].problem).toEqual({
      code: 'PLACES_LEFT',
      message: 'Only 1 place is left at this time. Choose fewer people or another time.',
      left: 1,
    })
  })

  it('prices a line for its people and says how many places are left when they do not fit', async () => {
    await t.database.db
      .insertInto('slot_occupancy')
      .values({
        venue_id: 'manama-marina-hotel',
        slot_date: '2026-12-03',
        slot_hour: 13,
        capacity: 20,
        taken: 18,
      })
      .execute()
    const three = await quote([line({ time: '11:00', quantity: 3 })])
    expect(three.json()).toMatchObject({ bookable: true, totalFils: 3 * 10000, total: 'BD 30.000' })
    expect(three.json().lines[0]).toMatchObject({ quantity: 3, priceFils: 10000 })
    const over = await quote([line({ time: '13:00', quantity: 3 })])
    expect(over.json()).toMatchObject({ bookable: false, totalFils: 0 })
    expect(over.json().lines[0].problem).toEqual({
      code: 'PLACES_LEFT',
      message: 'Only 2 places are left at this time. Choose fewer people or another time.',
      left: 2,
    })
    // A line without a quantity is one person.
    expect((await quote([line({ time: '13:00' })])).json().lines[0]).toMatchObject({
      quantity: 1,
      problem: null,
    })
  })

  it('refuses a quantity that is not a whole number of people from 1 to 50', async () => {
    for (const quantity of [0, -1, 1.5, 10_000, '2', null]) {
      const response = await quote([{ ...line(), quantity }])
      expect(response.statusCode, String(quantity)).toBe(400)
      expect(response.json().error.fields, String(quantity)).toEqual({
        'items.0.quantity': 'QUANTITY_INVALID',
      })
    }
  })

  it('marks an order with a pay-at-venue-only venue', async () => {
    const response = await quote([
      line(),
      line({ gymId: 'vida-beach-hotel', passId: 'vida-beach-hotel-beach-pool' }),
    ])
    expect(response.json()).toMatchObject({ payAtVenueOnly: true, bookable: true })
    expect(response.json().lines[1]).toMatchObject({ payAtVenueOnly: true, price: 'BD 18.000' })
  })

  it('refuses malformed and oversized requests', async () => {
    expect((await quote([])).json().error.message).toBe('Your cart is empty.')
    expect((await quote(Array.from({ length: 21 }, () => line()))).statusCode).toBe(400)
    expect((await quote([{ ...line(), time: '10:30' }])).statusCode).toBe(400)
  })
})
