import { describe, expect, it } from 'vitest'
import {
  guest,
  line,
  sendOrder,
  setUpListeningCheckoutApp,
  slotOccupancy,
} from '../../../../tests/support/checkout.ts'

// A slot with 10 places.
const l = setUpListeningCheckoutApp(10)

describe('50 simultaneous checkouts for a slot with 10 places', () => {
  it('book exactly 10, and refuse the other 40 clearly', async () => {
    const order = () =>
      sendOrder(l.baseUrl, { items: [line({ time: '14:00' })], paymentMethod: 'venue', guest: guest(l.t) })
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

    const db = l.t.database.db
    expect(await slotOccupancy(db, '2026-12-03', 14)).toEqual({ taken: 10, capacity: 10 })
    expect(await db.selectFrom('confirmed_bookings').select('id').execute()).toHaveLength(10)
    expect(await db.selectFrom('orders').select('id').execute()).toHaveLength(10)
    expect(await db.selectFrom('guest_users').select('id').execute()).toHaveLength(10)
    // A confirmation and a reminder per booking.
    const mails = await db.selectFrom('mail_outbox').select('template').execute()
    expect(mails.filter((mail) => mail.template === 'booking-confirmation')).toHaveLength(10)
    expect(mails.filter((mail) => mail.template === 'booking-reminder')).toHaveLength(10)
  })
})
