import { describe, expect, it } from 'vitest'
import {
  guest,
  line,
  sendOrder,
  setUpListeningCheckoutApp,
  slotOccupancy,
} from '../../../../tests/support/checkout.ts'

// A slot with 20 places.
const l = setUpListeningCheckoutApp(20)

describe('30 simultaneous orders of 3 people for a slot with 20 places', () => {
  it('book at most 20 people, and every refusal names the places left', async () => {
    const order = () =>
      sendOrder(l.baseUrl, {
        items: [line({ time: '14:00', quantity: 3 })],
        paymentMethod: 'venue',
        guest: guest(l.t),
      })
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

    const db = l.t.database.db
    expect(await slotOccupancy(db, '2026-12-03', 14)).toEqual({ taken: 18, capacity: 20 })
    const visits = await db.selectFrom('confirmed_bookings').select(['order_id']).execute()
    expect(visits).toHaveLength(18)
    // Each booked party is one order of three visits.
    const perOrder = new Map<string, number>()
    for (const visit of visits) perOrder.set(visit.order_id, (perOrder.get(visit.order_id) ?? 0) + 1)
    expect([...perOrder.values()]).toEqual([3, 3, 3, 3, 3, 3])
    expect(await db.selectFrom('orders').select('id').execute()).toHaveLength(6)
  })
})
