import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { testOrigin } from '../../support/accounts.ts'
import { bookingsAndMails, createPayPalCheckoutApp, guest, line, placeOrder } from '../../support/checkout.ts'
import { FakePayPal } from '../../support/fake-paypal.ts'
import type { TestApp } from '../../support/test-app.ts'

/**
 * PayPal fails or times out during the capture. src/server/domain/checkout/card-payment.test.ts
 * already shows that neither books anything as paid and leaves the order payable; this shows the
 * visitor's retry then succeeds with exactly one paid booking and one confirmation per visit, and
 * that a capture PayPal completed after our timeout is not taken twice.
 */

const paypal = new FakePayPal()
let t: TestApp

beforeAll(async () => {
  await paypal.start()
  ;({ t } = await createPayPalCheckoutApp(paypal))
})
afterAll(async () => {
  await paypal.stop()
  await t.close()
})
beforeEach(() => paypal.reset())

const db = () => t.database.db

function post(url: string, payload: object) {
  return t.app.inject({ method: 'POST', url, payload, headers: { origin: testOrigin } })
}

/** A guest's card order for three visits, with its PayPal order created: what the capture needs. */
async function cardOrderAwaitingCapture(hours: number[]) {
  const visitor = guest(t)
  const placed = await placeOrder(t, {
    items: hours.map((hour) => line({ time: `${String(hour).padStart(2, '0')}:00` })),
    paymentMethod: 'card',
    language: 'en',
    guest: visitor,
  })
  expect(placed.statusCode).toBe(201)
  const orderId: string = placed.json().id
  const started = await post(`/api/checkout/orders/${orderId}/payment`, { proof: visitor.proof })
  const { providerOrderId } = started.json()
  return {
    orderId,
    providerOrderId: providerOrderId as string,
    capture: () => post(`/api/checkout/orders/${orderId}/capture`, { providerOrderId, proof: visitor.proof }),
  }
}

describe('a capture that fails or times out, then is retried', () => {
  it('after a PayPal error: the retry books each visit once, as paid', async () => {
    const order = await cardOrderAwaitingCapture([9, 10, 11])
    paypal.failRequests = 1
    expect((await order.capture()).statusCode).toBe(502)
    expect(await bookingsAndMails(db(), order.orderId)).toEqual({ statuses: [], confirmations: 0 })

    const retried = await order.capture()
    expect(retried.statusCode).toBe(200)
    expect(retried.json().status).toBe('confirmed')
    expect(await bookingsAndMails(db(), order.orderId)).toEqual({
      statuses: ['paid', 'paid', 'paid'],
      confirmations: 1,
    })
    expect(paypal.orders.get(order.providerOrderId)?.captures).toHaveLength(1)
  })

  it('after a timeout that PayPal completed anyway: the retry gets that capture back, not a second one', async () => {
    const order = await cardOrderAwaitingCapture([12, 13, 14])
    paypal.delayMs = 4000
    expect((await order.capture()).statusCode).toBe(502)
    expect(await bookingsAndMails(db(), order.orderId)).toEqual({ statuses: [], confirmations: 0 })
    // PayPal finishes the capture we stopped waiting for.
    while (paypal.orders.get(order.providerOrderId)?.status !== 'COMPLETED')
      await new Promise((resolve) => setTimeout(resolve, 20))

    paypal.delayMs = 0
    const retried = await order.capture()
    expect(retried.statusCode).toBe(200)
    expect(await bookingsAndMails(db(), order.orderId)).toEqual({
      statuses: ['paid', 'paid', 'paid'],
      confirmations: 1,
    })
    expect(paypal.orders.get(order.providerOrderId)?.captures).toHaveLength(1)
    // A second retry (a double click) answers the same and books nothing more.
    expect((await order.capture()).statusCode).toBe(200)
    expect((await bookingsAndMails(db(), order.orderId)).statuses).toHaveLength(3)
  })
})
