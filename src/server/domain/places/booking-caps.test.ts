import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser, testOrigin } from '../../../../tests/support/accounts.ts'
import {
  createCheckoutTestApp,
  guest,
  line,
  placeOrder,
  whatOrdersWrote,
} from '../../../../tests/support/checkout.ts'
import type { TestApp } from '../../../../tests/support/test-app.ts'

let t: TestApp
let baseUrl: string
let sara: { id: string; cookie: string }

beforeAll(async () => {
  t = await createCheckoutTestApp()
  sara = await signedInUser(t, 'sara.caps@example.bh')
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 })
})
afterAll(() => t.close())

const db = () => t.database.db
const hours = (date: string, ...list: number[]) =>
  list.map((hour) => line({ date, time: `${String(hour).padStart(2, '0')}:00` }))

/** Everything an order writes, to prove a refused one wrote nothing. */
const written = () => whatOrdersWrote(db())

function quote(items: object[], cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/checkout/quote',
    payload: { items },
    headers: { origin: testOrigin, ...(cookie ? { cookie } : {}) },
  })
}

describe('places one booker can take (venue caps, migration 008)', () => {
  it('gives every venue the default caps: 4 places per slot in one order, 8 per booker and day', async () => {
    const venues = await db()
      .selectFrom('venues')
      .select(['max_places_per_slot_per_order', 'max_places_per_day_per_booker'])
      .execute()
    expect(venues.length).toBeGreaterThan(0)
    for (const venue of venues)
      expect(venue).toEqual({ max_places_per_slot_per_order: 4, max_places_per_day_per_booker: 8 })
  })

  it('refuses 5 places of one slot in one order, with the cap’s code, and writes nothing', async () => {
    const before = await written()
    const response = await placeOrder(
      t,
      { items: hours('2026-12-08', 10, 10, 10, 10, 10), paymentMethod: 'venue' },
      { cookie: sara.cookie },
    )
    expect(response.statusCode).toBe(409)
    expect(response.json().error).toEqual({
      code: 'SLOT_CAP_EXCEEDED',
      message:
        'Your booking has more places in one time slot than the venue allows in a single booking. Remove some from your cart.',
      fields: { 'items.4': 'SLOT_CAP_EXCEEDED' },
      params: { limit: 4 },
    })
    expect(await written()).toEqual(before)
  })

  it('says so in the quote, on the line past the cap, with the venue’s number', async () => {
    const response = await quote(hours('2026-12-08', 10, 10, 10, 10, 10, 11))
    const body = response.json()
    expect(body.bookable).toBe(false)
    expect(body.lines.map((l: { problem: { code: string } | null }) => l.problem?.code ?? null)).toEqual([
      null,
      null,
      null,
      null,
      'SLOT_CAP_EXCEEDED',
      null,
    ])
    expect(body.lines[4].problem.limit).toBe(4)
    expect(body.totalFils).toBe(50000)
  })

  it('follows the venue’s own setting', async () => {
    await db()
      .updateTable('venues')
      .set({ max_places_per_slot_per_order: 2 })
      .where('id', '=', 'manama-marina-hotel')
      .execute()
    try {
      const three = await quote(hours('2026-12-08', 12, 12, 12))
      expect(three.json().lines[2].problem).toMatchObject({ code: 'SLOT_CAP_EXCEEDED', limit: 2 })
      expect(three.json().lines[2].problem.message).toContain('at most 2 places')
    } finally {
      await db()
        .updateTable('venues')
        .set({ max_places_per_slot_per_order: 4 })
        .where('id', '=', 'manama-marina-hotel')
        .execute()
    }
  })

  it('counts an account’s places at a venue over the day across its orders, held card orders included', async () => {
    const date = '2026-12-09'
    const first = await placeOrder(
      t,
      { items: hours(date, 9, 10, 11, 12), paymentMethod: 'venue' },
      { cookie: sara.cookie },
    )
    expect(first.statusCode).toBe(201)
    // A card order that is still being paid holds its places, so it counts.
    const held = await placeOrder(
      t,
      { items: hours(date, 13, 14), paymentMethod: 'card' },
      { cookie: sara.cookie },
    )
    expect(held.json()).toMatchObject({ status: 'awaiting_payment' })
    // Another venue, or another day, is another count.
    const elsewhere = await placeOrder(
      t,
      {
        items: [
          line({
            gymId: 'seef-towers-residences',
            passId: 'seef-towers-residences-gym',
            date,
            time: '09:00',
          }),
          ...hours('2026-12-10', 9),
        ],
        paymentMethod: 'venue',
      },
      { cookie: sara.cookie },
    )
    expect(elsewhere.statusCode).toBe(201)

    const before = await written()
    const third = await placeOrder(
      t,
      { items: hours(date, 15, 16, 17), paymentMethod: 'venue' },
      { cookie: sara.cookie },
    )
    expect(third.statusCode).toBe(409)
    expect(third.json().error).toEqual({
      code: 'DAY_CAP_EXCEEDED',
      message:
        'You have reached the number of places one person can book at this venue on that day. Remove some from your cart or choose another day.',
      fields: { 'items.2': 'DAY_CAP_EXCEEDED' },
      params: { limit: 8 },
    })
    expect(await written()).toEqual(before)

    // The quote of a signed-in account counts what it already holds; a visitor's does not know whose it is.
    const mine = await quote(hours(date, 15, 16, 17), sara.cookie)
    expect(
      mine.json().lines.map((l: { problem: { code: string } | null }) => l.problem?.code ?? null),
    ).toEqual([null, null, 'DAY_CAP_EXCEEDED'])
    expect((await quote(hours(date, 15, 16, 17))).json().bookable).toBe(true)

    const fits = await placeOrder(
      t,
      { items: hours(date, 15, 16), paymentMethod: 'venue' },
      { cookie: sara.cookie },
    )
    expect(fits.statusCode).toBe(201)
  })

  it('frees the count when a held card order ends unpaid', async () => {
    const date = '2026-12-11'
    const held = await placeOrder(
      t,
      { items: hours(date, 9, 10, 11, 12, 13, 14, 15, 16), paymentMethod: 'card' },
      { cookie: sara.cookie },
    )
    expect(held.statusCode).toBe(201)
    const refused = await placeOrder(
      t,
      { items: hours(date, 17), paymentMethod: 'venue' },
      { cookie: sara.cookie },
    )
    expect(refused.json().error.code).toBe('DAY_CAP_EXCEEDED')
    await db().updateTable('orders').set({ status: 'expired' }).where('id', '=', held.json().id).execute()
    const after = await placeOrder(
      t,
      { items: hours(date, 17), paymentMethod: 'venue' },
      { cookie: sara.cookie },
    )
    expect(after.statusCode).toBe(201)
  })

  it('counts a guest’s e-mail address ignoring case', async () => {
    const date = '2026-12-14'
    const first = await placeOrder(t, {
      items: hours(date, 9, 10, 11, 12, 13, 14),
      paymentMethod: 'venue',
      guest: guest(t, 'Layla.Caps@Example.BH'),
    })
    expect(first.statusCode).toBe(201)
    const before = await written()
    const second = await placeOrder(t, {
      items: hours(date, 15, 16, 17),
      paymentMethod: 'venue',
      guest: guest(t, 'layla.caps@example.bh'),
    })
    expect(second.statusCode).toBe(409)
    expect(second.json().error).toMatchObject({
      code: 'DAY_CAP_EXCEEDED',
      fields: { 'items.2': expect.any(String) },
    })
    expect(await written()).toEqual(before)
    // Someone else books that day as usual.
    const other = await placeOrder(t, {
      items: hours(date, 15, 16, 17),
      paymentMethod: 'venue',
      guest: guest(t),
    })
    expect(other.statusCode).toBe(201)
  })

  it('lets only as many of one booker’s simultaneous orders through as the day cap allows', async () => {
    const date = '2026-12-15'
    const email = `rush-${randomUUID().slice(0, 8)}@example.bh`
    // Six orders of 3 places each at once, every one in other slots: 2 fit under 8, the rest must not.
    const orders = [9, 12, 15, 9, 12, 15].map((start) =>
      fetch(`${baseUrl}/api/checkout/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: testOrigin, 'idempotency-key': randomUUID() },
        body: JSON.stringify({
          items: hours(date, start, start + 1, start + 2),
          paymentMethod: 'venue',
          guest: guest(t, email),
        }),
      }).then(async (response) => ({ status: response.status, body: await response.json() })),
    )
    const answers = await Promise.all(orders)
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(2)
    for (const answer of answers.filter((one) => one.status !== 201))
      expect([answer.status, answer.body.error.code]).toEqual([409, 'DAY_CAP_EXCEEDED'])
    const booked = await db()
      .selectFrom('confirmed_bookings')
      .select('id')
      .where('guest_email', '=', email)
      .where('booking_date', '=', date)
      .execute()
    expect(booked).toHaveLength(6)
  })
})
