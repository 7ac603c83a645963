import { describe, expect, it } from 'vitest'
import { orderFor } from '../test-fixtures.ts'
import { bookingDestination } from './booking-confirmed.tsx'

describe('where a confirmed booking takes the visitor', () => {
  it('takes an account to My Bookings with the new visit marked', () => {
    expect(bookingDestination(orderFor('confirmed', 'venue'))).toBe('/bookings?highlight=1')
  })

  it('takes a guest to the page of their signed link, which their mail has too', () => {
    const order = orderFor('confirmed', 'venue')
    const token = `1.1.${'a'.repeat(43)}`
    const guestOrder = {
      ...order,
      bookings: order.bookings.map((booking) => ({ ...booking, manageToken: token })),
    }
    expect(bookingDestination(guestOrder)).toBe(`/booking/${token}`)
  })
})
