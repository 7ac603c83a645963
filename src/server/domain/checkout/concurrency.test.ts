import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testOrigin } from '../../../../tests/support/accounts.ts'
import { createCheckoutTestApp, guest, line } from '../../../../tests/support/checkout.ts'
import type { TestApp } from '../../../../tests/support/test-app.ts'

let t: TestApp
let baseUrl: string

beforeAll(async () => {
  t = await createCheckoutTestApp()
  // A slot with 10 places.
  await t.database.db
    .updateTable('venues')
    .set({ capacity_per_slot: 10 })
    .where('id', '=', 'manama-marina-hotel')
    .execute()
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 })
})
afterAll(() => t.close())

describe('50 simultaneous checkouts for a slot with 10 places', () => {
  it('book exactly 10, and refuse the other 40 clearly', async () => {
    const order = () =>
      fetch(`${baseUrl}/api/checkout/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: testOrigin, 'idempotency-key': randomUUID() },
        body: JSON.stringify({ items: [line({ time: '14:00' })], paymentMethod: 'venue', guest: guest(t) }),
      }).then(async (response) => ({ status: response.status, body: await response.json() }))
    const answers = await Promise.all(Array.from({ length: 50 }, order))

    const booked = answers.filter((answer) => answer.status === 201)
    const refused = answers.filter((answer) => answer.status === 409)
    expect(booked).toHaveLength(10)
    expect(refused).toHaveLength(40)
    for (const answer of refused)
      expect(answer.body.error).toMatchObject({
        code: 'ITEMS_UNAVAILABLE',
        fields: { 'items.0': 'SLOT_FULL' },
      })

    const db = t.database.db
    const slot = await db
      .selectFrom('slot_occupancy')
      .select(['taken', 'capacity'])
      .where('venue_id', '=', 'manama-marina-hotel')
      .where('slot_date', '=', '2026-12-03')
      .where('slot_hour', '=', 14)
      .executeTakeFirstOrThrow()
    expect(slot).toEqual({ taken: 10, capacity: 10 })
    expect(await db.selectFrom('confirmed_bookings').select('id').execute()).toHaveLength(10)
    expect(await db.selectFrom('orders').select('id').execute()).toHaveLength(10)
    expect(await db.selectFrom('guest_users').select('id').execute()).toHaveLength(10)
    // A confirmation and a reminder per booking.
    const mails = await db.selectFrom('mail_outbox').select('template').execute()
    expect(mails.filter((mail) => mail.template === 'booking-confirmation')).toHaveLength(10)
    expect(mails.filter((mail) => mail.template === 'booking-reminder')).toHaveLength(10)
  })
})
