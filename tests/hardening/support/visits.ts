import { expect } from 'vitest'
import type { OrderLineRequest } from '../../../src/shared/checkout.ts'
import type { PaymentMethod } from '../../../src/shared/payment-methods.ts'
import { guest, line } from '../../support/checkout.ts'
import type { TestApp } from '../../support/test-app.ts'
import { requestAs, type Visitor } from './roles.ts'

let slots = 0
/**
 * A visit to book in an hour of its own (4 hours a day from 3 December 2026, after the checkout
 * clock's "today"), so no slot ever fills up, and no account reaches the venue's cap of places per
 * day (8 by default), however many a test books.
 */
export function freshLine(): OrderLineRequest {
  slots++
  const date = new Date(Date.UTC(2026, 11, 3 + Math.floor(slots / 4))).toISOString().slice(0, 10)
  return line({ date, time: `${String(9 + (slots % 4)).padStart(2, '0')}:00` })
}

let keys = 0
export const idempotencyKey = () => `hardening-order-${++keys}`

/** Books one visit as `visitor`: an account books as itself, anyone else as a guest with a proof. */
export async function placeOrderAs(t: TestApp, visitor: Visitor, paymentMethod: PaymentMethod) {
  const details = visitor.email ? undefined : guest(t)
  const response = await requestAs(t, visitor, {
    method: 'POST',
    url: '/api/checkout/orders',
    payload: { items: [freshLine()], paymentMethod, ...(details ? { guest: details } : {}) },
    headers: { 'idempotency-key': idempotencyKey() },
  })
  expect(response.statusCode, response.body).toBe(201)
  const order = response.json()
  /** What the order's payment calls carry: a guest's proof, or nothing for an account. */
  const access: { proof?: string } = details ? { proof: details.proof } : {}
  return {
    id: String(order.id),
    bookingIds: order.bookings.map((booking: { id: number }) => booking.id),
    /** A guest's links to manage each booking (null for an account's). */
    manageTokens: order.bookings.map((booking: { manageToken: string | null }) => booking.manageToken),
    access,
  }
}
