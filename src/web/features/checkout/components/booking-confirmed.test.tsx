import { describe, expect, it } from 'vitest'
import { orderFor } from '../test-fixtures.ts'
import { orderPagePath } from './booking-confirmed.tsx'

describe('the page a confirmed order lives at', () => {
  it('is an account’s order page, by the order’s id', () => {
    const order = orderFor('confirmed', 'venue')
    expect(orderPagePath(order)).toBe(`/bookings/orders/${order.id}`)
  })

  it('is, for a guest, the order page of their signed link, which their mail has too', () => {
    const order = orderFor('confirmed', 'venue')
    const token = `1.1.${'a'.repeat(43)}`
    const guestOrder = {
      ...order,
      bookings: order.bookings.map((booking) => ({ ...booking, manageToken: token })),
    }
    expect(orderPagePath(guestOrder)).toBe(`/booking/${token}`)
  })
})
