import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testOrigin } from '../../../../tests/support/accounts.ts'
import { createCheckoutTestApp, guest, line } from '../../../../tests/support/checkout.ts'
import type { TestApp } from '../../../../tests/support/test-app.ts'

let t: TestApp
let baseUrl: string

beforeAll(async () => {
  t = await createCheckoutTestApp()
  // A slot with 20 places.
  await t.database.db
    .updateTable('venues')
    .set({ capacity_per_slot: 20 })
    .where('id', '=', 'manama-marina-hotel')
    .execute()
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 })
})
afterAll(() => t.close())

describe('30 simultaneous orders of 3 people for a slot with 20 places', () => {
  it('book at most 20 people, and every refusal names the places left', async () => {
    const order = () =>
      fetch(`${baseUrl}/api/checkout/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: testOrigin, 'idempotency-key': randomUUID() },
        body: JSON.stringify({
          items: [line({ time: '14:00', quantity: 3 })],
          paymentMethod: 'venue',
          guest: guest(t),
        }),
      }).then(async (response) => ({ status: response.status, body: await response.json() }))
    const answers = await Promise.all(Array.from({ length: 30 }, order))

    const booked = answers.filter((answer) => answer.status === 201)
    const refused = answers.filter((answer) => answer.status !== 201)
    // Six parties of three fit in twenty places; the two places left fit no party of three.
    expect(booked).toHaveLength(6)
    expect(refused).toHaveLength(24)
    for (const answer of refused)
      expect(answer.body.error).toEqual({
        code: 'PLACES_LEFT',
        message: 'Only 2 places are left at this time. Choose fewer people or another time.',
        fields: { 'items.0': 'PLACES_LEFT' },
        params: { left: 2 },
      })

    const db = t.database.db
    const slot = await db
      .selectFrom('slot_occupancy')
      .select(['taken', 'capacity'])
      .where('venue_id', '=', 'manama-marina-hotel')
      .where('slot_date', '=', '2026-12-03')
      .where('slot_hour', '=', 14)
      .executeTakeFirstOrThrow()
    expect(slot).toEqual({ taken: 18, capacity: 20 })
    const visits = await db.selectFrom('confirmed_bookings').select(['order_id']).execute()
    expect(visits).toHaveLength(18)
    // Each booked party is one order of three visits.
    const perOrder = new Map<string, number>()
    for (const visit of visits) perOrder.set(visit.order_id, (perOrder.get(visit.order_id) ?? 0) + 1)
    expect([...perOrder.values()]).toEqual([3, 3, 3, 3, 3, 3])
    expect(await db.selectFrom('orders').select('id').execute()).toHaveLength(6)
  })
})
