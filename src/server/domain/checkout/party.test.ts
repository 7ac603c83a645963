import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser, testOrigin } from '../../../../tests/support/accounts.ts'
import { placesTaken } from '../../../../tests/support/cancellation.ts'
import {
  checkoutClock,
  createCheckoutTestApp,
  guest,
  line,
  placeOrder,
  whatOrdersWrote,
} from '../../../../tests/support/checkout.ts'
import type { TestApp } from '../../../../tests/support/test-app.ts'
import { todaysFigures } from '../visits/counts-repository.ts'
import { endOrder } from './card-payment.ts'

// A party on one cart line: its quantity is its people, and people are what places and caps count.

let t: TestApp
let layla: { id: string; cookie: string }

beforeAll(async () => {
  t = await createCheckoutTestApp()
  layla = await signedInUser(t, 'layla.party@example.bh')
})
afterAll(() => t.close())

const db = () => t.database.db

/** Everything an order writes, to prove a refused one wrote nothing. */
const written = () => whatOrdersWrote(db())
const taken = (date: string, hour: number) => placesTaken(t, hour, date)

async function fillSlot(date: string, hour: number, capacity: number, booked: number) {
  await db()
    .insertInto('slot_occupancy')
    .values({ venue_id: 'manama-marina-hotel', slot_date: date, slot_hour: hour, capacity, taken: booked })
    .execute()
}

describe('a party on one line', () => {
  it('books one visit per person under one order, each with its own reference, for price × people', async () => {
    const response = await placeOrder(t, {
      items: [line({ date: '2026-12-03', time: '09:00', quantity: 3 })],
      paymentMethod: 'venue',
      guest: guest(t),
    })
    expect(response.statusCode).toBe(201)
    const order = response.json()
    expect(order).toMatchObject({ status: 'confirmed', totalFils: 30000, total: 'BD 30.000' })
    expect(order.bookings).toHaveLength(3)
    const references = order.bookings.map((booking: { reference: string }) => booking.reference)
    expect(new Set(references).size).toBe(3)
    const rows = await db()
      .selectFrom('confirmed_bookings')
      .select(['order_id', 'price_fils', 'booking_time'])
      .where('order_id', '=', order.id)
      .execute()
    expect(rows).toEqual(Array(3).fill({ order_id: order.id, price_fils: 10000, booking_time: '09:00' }))
    expect(await taken('2026-12-03', 9)).toBe(3)
    // The desk's day counts people: three expected visitors.
    expect((await todaysFigures(db(), '2026-12-03', { kind: 'all' })).expected).toBe(3)
  })

  it('refuses more people than the slot has left, naming how many, and takes nothing', async () => {
    await fillSlot('2026-12-03', 15, 20, 18)
    const before = await written()
    const response = await placeOrder(t, {
      items: [line({ time: '15:00', quantity: 3 })],
      paymentMethod: 'venue',
      guest: guest(t),
    })
    expect(response.statusCode).toBe(409)
    expect(response.json().error).toEqual({
      code: 'PLACES_LEFT',
      message: 'Only 2 places are left at this time. Choose fewer people or another time.',
      fields: { 'items.0': 'PLACES_LEFT' },
      params: { left: 2 },
    })
    expect(await written()).toEqual(before)
    // The two that are left can be booked.
    const two = await placeOrder(t, {
      items: [line({ time: '15:00', quantity: 2 })],
      paymentMethod: 'venue',
      guest: guest(t),
    })
    expect(two.statusCode).toBe(201)
    expect(await taken('2026-12-03', 15)).toBe(20)
  })

  it('calls a slot with no place left full, as for one person', async () => {
    await fillSlot('2026-12-03', 16, 20, 20)
    const response = await placeOrder(t, {
      items: [line({ time: '16:00', quantity: 2 })],
      paymentMethod: 'venue',
      guest: guest(t),
    })
    expect(response.statusCode).toBe(409)
    expect(response.json().error).toMatchObject({
      code: 'ITEMS_UNAVAILABLE',
      fields: { 'items.0': 'SLOT_FULL' },
    })
  })

  it('refuses a quantity of 0, negative, fractional, 10 000 or not a number with a 400, changing nothing', async () => {
    const before = await written()
    for (const quantity of [0, -2, 2.5, 10_000, 'three', '3', null]) {
      const response = await placeOrder(t, {
        items: [{ ...line({ time: '17:00' }), quantity }],
        paymentMethod: 'venue',
        guest: guest(t),
      })
      expect(response.statusCode, String(quantity)).toBe(400)
      expect(response.json().error.fields, String(quantity)).toEqual({
        'items.0.quantity': 'QUANTITY_INVALID',
      })
    }
    expect(await written()).toEqual(before)
  })
})

describe('the venue’s caps count people', () => {
  it('refuses 5 people in one slot of one order (cap 4), and writes nothing', async () => {
    const before = await written()
    const response = await placeOrder(
      t,
      { items: [line({ date: '2026-12-10', time: '10:00', quantity: 5 })], paymentMethod: 'venue' },
      { cookie: layla.cookie },
    )
    expect(response.statusCode).toBe(409)
    expect(response.json().error).toMatchObject({
      code: 'SLOT_CAP_EXCEEDED',
      fields: { 'items.0': 'SLOT_CAP_EXCEEDED' },
      params: { limit: 4 },
    })
    expect(await written()).toEqual(before)
  })

  it('counts a booker’s people over the day, a card order being paid included (cap 8)', async () => {
    const date = '2026-12-11'
    const venue = await placeOrder(
      t,
      { items: [line({ date, time: '09:00', quantity: 4 })], paymentMethod: 'venue' },
      { cookie: layla.cookie },
    )
    expect(venue.statusCode).toBe(201)
    const card = await placeOrder(
      t,
      { items: [line({ date, time: '10:00', quantity: 3 })], paymentMethod: 'card' },
      { cookie: layla.cookie },
    )
    // A Friday: the weekend's price, 3 × BD 12.000.
    expect(card.json()).toMatchObject({ status: 'awaiting_payment', totalFils: 36000 })
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/quote',
      payload: { items: [line({ date, time: '11:00', quantity: 2 })] },
      headers: { origin: testOrigin, cookie: layla.cookie },
    })
    expect(quote.json().lines[0].problem).toMatchObject({ code: 'DAY_CAP_EXCEEDED', limit: 8 })
    const over = await placeOrder(
      t,
      { items: [line({ date, time: '11:00', quantity: 2 })], paymentMethod: 'venue' },
      { cookie: layla.cookie },
    )
    expect(over.json().error).toMatchObject({ code: 'DAY_CAP_EXCEEDED', params: { limit: 8 } })
    const one = await placeOrder(
      t,
      { items: [line({ date, time: '11:00', quantity: 1 })], paymentMethod: 'venue' },
      { cookie: layla.cookie },
    )
    expect(one.statusCode).toBe(201)

    // A card order that runs out gives back all its people's places.
    expect(await taken(date, 10)).toBe(3)
    expect(await endOrder(db(), card.json().id, 'expired', undefined, checkoutClock)).toBe(true)
    expect(await taken(date, 10)).toBe(0)
  })
})
