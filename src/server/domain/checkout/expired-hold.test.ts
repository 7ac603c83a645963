import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { testOrigin } from '../../../../tests/support/accounts.ts'
import {
  bookingsAndMails,
  checkoutClock,
  createPayPalCheckoutApp,
  guest,
  line,
  placeOrder,
} from '../../../../tests/support/checkout.ts'
import { FakePayPal } from '../../../../tests/support/fake-paypal.ts'
import type { TestApp } from '../../../../tests/support/test-app.ts'
import { holdMinutesOf } from '../../../shared/payment-methods.ts'
import type { PaymentProvider } from '../../platform/payments/provider.ts'
import { releaseExpiredHolds, releaseGraceMs, unreachableProviderMs } from './sweeper.ts'

/**
 * A card order whose hold runs out is settled with PayPal before its places go back: a capture
 * whose answer never reached us (a timeout) may have taken the visitor's money, and then the
 * visitor must get the bookings, whether they retry or close the window.
 */

const paypal = new FakePayPal()
let payments: PaymentProvider
let t: TestApp
let clock = checkoutClock

beforeAll(async () => {
  await paypal.start()
  ;({ t, payments } = await createPayPalCheckoutApp(paypal, () => clock))
})
afterAll(async () => {
  await paypal.stop()
  await t.close()
})
beforeEach(() => {
  paypal.reset()
  clock = checkoutClock
})

const db = () => t.database.db
const holdEnds = () => checkoutClock.getTime() + holdMinutesOf('card') * 60_000
/** The sweeper's run at `msAfterHoldEnds` past the hold's end. */
const sweep = (msAfterHoldEnds: number) =>
  releaseExpiredHolds({ db: db(), payments, log: t.app.log }, new Date(holdEnds() + msAfterHoldEnds))

function post(url: string, payload: object) {
  return t.app.inject({ method: 'POST', url, payload, headers: { origin: testOrigin } })
}

let hour = 9
/** A guest's card order for two fresh slots, with its PayPal order created. */
async function startedCardOrder() {
  const hours = [hour++, hour++]
  const visitor = guest(t)
  const placed = await placeOrder(t, {
    items: hours.map((h) => line({ time: `${String(h).padStart(2, '0')}:00` })),
    paymentMethod: 'card',
    guest: visitor,
  })
  expect(placed.statusCode).toBe(201)
  const orderId: string = placed.json().id
  const started = await post(`/api/checkout/orders/${orderId}/payment`, { proof: visitor.proof })
  const providerOrderId: string = started.json().providerOrderId
  return {
    orderId,
    providerOrderId,
    hours,
    capture: () => post(`/api/checkout/orders/${orderId}/capture`, { providerOrderId, proof: visitor.proof }),
  }
}

/** A capture that PayPal completes after our 300 ms timeout: the visitor sees a failure. */
async function captureTimingOut(order: Awaited<ReturnType<typeof startedCardOrder>>) {
  paypal.delayMs = 4000
  expect((await order.capture()).statusCode).toBe(502)
  while (paypal.orders.get(order.providerOrderId)?.status !== 'COMPLETED')
    await new Promise((resolve) => setTimeout(resolve, 20))
  paypal.delayMs = 0
}

async function state(order: { orderId: string; hours: number[] }) {
  const row = await db()
    .selectFrom('orders')
    .select('status')
    .where('id', '=', order.orderId)
    .executeTakeFirst()
  const { statuses, confirmations } = await bookingsAndMails(db(), order.orderId)
  const taken = await db()
    .selectFrom('slot_occupancy')
    .select('taken')
    .where('venue_id', '=', 'manama-marina-hotel')
    .where('slot_date', '=', '2026-12-03')
    .where('slot_hour', 'in', order.hours)
    .execute()
  return {
    status: row?.status,
    payments: statuses,
    confirmations,
    placesTaken: taken.reduce((sum, slot) => sum + slot.taken, 0),
  }
}

describe('a hold that runs out after a capture whose answer was lost', () => {
  it('is booked as paid by the sweeper, once, with its confirmations', async () => {
    const order = await startedCardOrder()
    await captureTimingOut(order)
    // Within the grace after the hold, nothing is touched yet.
    expect(await sweep(releaseGraceMs / 2)).toEqual({ ended: 0, paid: 0 })
    expect(await state(order)).toMatchObject({ status: 'awaiting_payment', placesTaken: 2 })

    expect(await sweep(releaseGraceMs + 1000)).toEqual({ ended: 0, paid: 1 })
    expect(await state(order)).toEqual({
      status: 'confirmed',
      payments: ['paid', 'paid'],
      confirmations: 1,
      placesTaken: 2,
    })
    expect(paypal.requests.filter((r) => r.method === 'GET')).toHaveLength(1)
    // The next run finds nothing left to settle.
    expect(await sweep(releaseGraceMs + 61_000)).toEqual({ ended: 0, paid: 0 })
    expect(paypal.orders.get(order.providerOrderId)?.captures).toHaveLength(1)
  })

  it('is confirmed for a visitor who retries after the hold ran out, without a second capture', async () => {
    const order = await startedCardOrder()
    await captureTimingOut(order)
    clock = new Date(holdEnds() + 30_000)
    const retried = await order.capture()
    expect(retried.statusCode).toBe(200)
    expect(retried.json().status).toBe('confirmed')
    expect(await state(order)).toMatchObject({
      status: 'confirmed',
      payments: ['paid', 'paid'],
      confirmations: 1,
    })
    expect(paypal.requestsTo('capture')).toHaveLength(1)
  })
})

describe('a hold that runs out with nothing captured', () => {
  it('is ended and its places go back; a late retry is refused without capturing', async () => {
    paypal.requireApproval = true
    const order = await startedCardOrder()
    expect(await sweep(releaseGraceMs + 1000)).toEqual({ ended: 1, paid: 0 })
    expect(await state(order)).toEqual({
      status: 'expired',
      payments: [],
      confirmations: 0,
      placesTaken: 0,
    })

    clock = new Date(holdEnds() + releaseGraceMs + 2000)
    const retried = await order.capture()
    expect(retried.statusCode).toBe(409)
    expect(retried.json().error.code).toBe('ORDER_NOT_PAYABLE')
    expect(paypal.requestsTo('capture')).toHaveLength(0)
  })

  it('is refused to a visitor retrying after the hold, when PayPal shows no capture', async () => {
    paypal.requireApproval = true
    const order = await startedCardOrder()
    clock = new Date(holdEnds() + 30_000)
    const retried = await order.capture()
    expect(retried.statusCode).toBe(409)
    expect(paypal.requestsTo('capture')).toHaveLength(0)
    expect(await state(order)).toMatchObject({ status: 'awaiting_payment', placesTaken: 2 })
    expect(await sweep(releaseGraceMs + 1000)).toEqual({ ended: 1, paid: 0 })
  })

  it('keeps its places while PayPal cannot be asked, and ends after an hour of that; a late retry meanwhile is told to try again', async () => {
    const order = await startedCardOrder()
    paypal.failRequests = Number.POSITIVE_INFINITY
    // A visitor retrying now is told the payment service failed, not that the booking is gone.
    clock = new Date(holdEnds() + 30_000)
    const retried = await order.capture()
    expect(retried.statusCode).toBe(502)
    expect(retried.json().error.code).toBe('PAYMENT_UNAVAILABLE')
    expect(await sweep(releaseGraceMs + 1000)).toEqual({ ended: 0, paid: 0 })
    expect(await state(order)).toMatchObject({ status: 'awaiting_payment', placesTaken: 2 })

    expect(await sweep(unreachableProviderMs + 1000)).toEqual({ ended: 1, paid: 0 })
    expect(await state(order)).toMatchObject({ status: 'expired', placesTaken: 0 })
  })
})
