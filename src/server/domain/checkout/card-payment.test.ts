import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { signedInUser, testOrigin } from '../../../../tests/support/accounts.ts'
import {
  checkoutClock,
  createPayPalCheckoutApp,
  guest,
  line,
  placeOrder,
} from '../../../../tests/support/checkout.ts'
import { FakePayPal } from '../../../../tests/support/fake-paypal.ts'
import type { TestApp } from '../../../../tests/support/test-app.ts'
import type { PaymentProvider } from '../../platform/payments/provider.ts'
import { reminderSendAt } from '../reminders/schedule.ts'
import { releaseExpiredHolds } from './sweeper.ts'

const paypal = new FakePayPal()
let payments: PaymentProvider
let t: TestApp
let nour: { id: string; cookie: string }
let other: { id: string; cookie: string }

beforeAll(async () => {
  await paypal.start()
  ;({ t, payments } = await createPayPalCheckoutApp(paypal))
  nour = await signedInUser(t, 'nour@example.bh')
  other = await signedInUser(t, 'other@example.bh')
})
afterAll(async () => {
  await paypal.stop()
  await t.close()
})
beforeEach(() => paypal.reset())

const db = () => t.database.db
let hour = 9

/** A card order for a fresh slot: its id and the slot's hour. */
async function cardOrder(cookie = nour.cookie) {
  const time = `${String(hour++).padStart(2, '0')}:00`
  const response = await placeOrder(t, { items: [line({ time })], paymentMethod: 'card' }, { cookie })
  expect(response.statusCode).toBe(201)
  return { order: response.json(), hour: Number(time.slice(0, 2)) }
}

function post(url: string, payload: object, cookie = nour.cookie) {
  return t.app.inject({ method: 'POST', url, payload, headers: { origin: testOrigin, cookie } })
}

async function pay(orderId: string, cookie = nour.cookie) {
  const started = await post(`/api/checkout/orders/${orderId}/payment`, {}, cookie)
  expect(started.statusCode).toBe(200)
  const { providerOrderId } = started.json()
  return {
    providerOrderId,
    capture: () => post(`/api/checkout/orders/${orderId}/capture`, { providerOrderId }, cookie),
  }
}

async function placesTaken(slotHour: number) {
  const row = await db()
    .selectFrom('slot_occupancy')
    .select('taken')
    .where('venue_id', '=', 'manama-marina-hotel')
    .where('slot_date', '=', '2026-12-03')
    .where('slot_hour', '=', slotHour)
    .executeTakeFirst()
  return row?.taken ?? 0
}

const bookingsOf = (orderId: string) =>
  db().selectFrom('confirmed_bookings').selectAll().where('order_id', '=', orderId).execute()

describe('paying by card through PayPal', () => {
  it('holds the places, asks PayPal for the server’s total in USD, and books as paid only after the capture', async () => {
    const { order, hour: slotHour } = await cardOrder()
    expect(order).toMatchObject({
      status: 'awaiting_payment',
      total: 'BD 10.000',
      totalUsd: '26.50',
      bookings: [],
    })
    expect(await placesTaken(slotHour)).toBe(1)
    expect(await bookingsOf(order.id)).toEqual([])

    const { providerOrderId, capture } = await pay(order.id)
    const created = JSON.parse(paypal.requestsTo('/v2/checkout/orders')[0]?.body ?? '{}')
    expect(created.purchase_units[0].amount).toEqual({ currency_code: 'USD', value: '26.50' })
    expect(paypal.requestsTo('/v2/checkout/orders')[0]?.headers['paypal-request-id']).toBe(
      `create-${order.id}`,
    )

    const captured = await capture()
    expect(captured.statusCode).toBe(200)
    expect(captured.json()).toMatchObject({
      status: 'confirmed',
      bookings: [{ paymentStatus: 'paid', price: 'BD 10.000' }],
    })
    expect(paypal.requestsTo('capture')[0]?.headers['paypal-request-id']).toBe(`capture-${order.id}`)
    expect((await bookingsOf(order.id)).map((b) => b.payment_status)).toEqual(['paid'])
    expect(
      await db()
        .selectFrom('mail_outbox')
        .selectAll()
        .where('template', '=', 'booking-confirmation')
        .execute(),
    ).toHaveLength(1)

    // A second capture (a retried onApprove) answers the same and books nothing more.
    const again = await post(`/api/checkout/orders/${order.id}/capture`, { providerOrderId })
    expect(again.statusCode).toBe(200)
    expect(await bookingsOf(order.id)).toHaveLength(1)
  })

  it('asks PayPal for a party’s price × people, and books one paid visit per person once captured', async () => {
    const response = await placeOrder(
      t,
      { items: [line({ date: '2026-12-07', time: '10:00', quantity: 2 })], paymentMethod: 'card' },
      { cookie: nour.cookie },
    )
    const order = response.json()
    expect(order).toMatchObject({ status: 'awaiting_payment', total: 'BD 20.000', totalUsd: '53.00' })
    // Unpaid, the order already has its line, and no visit yet.
    const [party, ...others] = await t.database.db
      .selectFrom('order_lines')
      .selectAll()
      .where('order_id', '=', order.id)
      .execute()
    expect(others).toEqual([])
    expect(party).toMatchObject({ quantity: 2, adults: 2, unit_price_paid_fils: 10000, visit_hour: 10 })
    expect(await bookingsOf(order.id)).toEqual([])
    const { capture } = await pay(order.id)
    const created = JSON.parse(paypal.requestsTo('/v2/checkout/orders')[0]?.body ?? '{}')
    expect(created.purchase_units[0].amount).toEqual({ currency_code: 'USD', value: '53.00' })
    expect((await capture()).json()).toMatchObject({
      status: 'confirmed',
      bookings: [
        { paymentStatus: 'paid', price: 'BD 10.000' },
        { paymentStatus: 'paid', price: 'BD 10.000' },
      ],
    })
    const visits = await bookingsOf(order.id)
    expect(visits.map((visit) => [visit.booking_date, visit.booking_time])).toEqual([
      ['2026-12-07', '10:00'],
      ['2026-12-07', '10:00'],
    ])
    expect(new Set(visits.map((visit) => visit.reference)).size).toBe(2)
    expect(visits.map((visit) => visit.line_id)).toEqual([party?.id, party?.id])
  })

  it('queues the visit’s reminder with the capture that confirms it, not before', async () => {
    const { order } = await cardOrder()
    const reminders = () =>
      db().selectFrom('mail_outbox').selectAll().where('template', '=', 'booking-reminder').execute()
    const before = (await reminders()).length
    const { capture } = await pay(order.id)
    expect((await reminders()).length).toBe(before)
    expect((await capture()).statusCode).toBe(200)
    const [booking] = await bookingsOf(order.id)
    const confirmed = await db()
      .selectFrom('orders')
      .select('confirmed_at')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow()
    // Due by the rule, from the moment the capture confirmed the order.
    const sendAt = reminderSendAt(
      new Date(`${booking?.booking_date}T${booking?.booking_time}:00+03:00`),
      confirmed.confirmed_at ?? new Date(),
    )
    const queued = (await reminders()).filter((mail) => mail.payload.bookingId === booking?.id)
    expect(queued.map((mail) => mail.next_attempt_at)).toEqual(sendAt ? [sendAt] : [])
  })

  it('leaves the order unpaid when PayPal declines, and a retry can then succeed', async () => {
    const { order } = await cardOrder()
    const { capture } = await pay(order.id)
    paypal.declineCaptures = 'INSTRUMENT_DECLINED'
    const declined = await capture()
    expect(declined.statusCode).toBe(402)
    expect(declined.json().error.code).toBe('PAYMENT_DECLINED')
    expect(await bookingsOf(order.id)).toEqual([])

    paypal.declineCaptures = null
    expect((await capture()).statusCode).toBe(200)
    expect((await bookingsOf(order.id)).map((b) => b.payment_status)).toEqual(['paid'])
  })

  it('books nothing as paid when PayPal fails or times out', async () => {
    const { order } = await cardOrder()
    const { capture } = await pay(order.id)
    paypal.failRequests = Number.POSITIVE_INFINITY
    const failed = await capture()
    expect(failed.statusCode).toBe(502)
    expect(failed.json().error.message).toBe(
      'An error occurred while processing your payment. Please try again.',
    )
    paypal.failRequests = 0
    paypal.delayMs = 4000
    expect((await capture()).statusCode).toBe(502)
    expect(await bookingsOf(order.id)).toEqual([])
    expect(
      (await db().selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirst())
        ?.status,
    ).toBe('awaiting_payment')
  })

  it('refuses a capture of another amount: nothing is paid and the places are given back', async () => {
    const { order, hour: slotHour } = await cardOrder()
    const { capture } = await pay(order.id)
    paypal.captureAmount = { currency_code: 'USD', value: '1.00' }
    const response = await capture()
    expect(response.statusCode).toBe(502)
    expect(response.json().error.code).toBe('PAYMENT_MISMATCH')
    expect(await bookingsOf(order.id)).toEqual([])
    expect(await placesTaken(slotHour)).toBe(0)
    const row = await db()
      .selectFrom('orders')
      .select(['status', 'payment_error'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow()
    expect(row.status).toBe('payment_failed')
    expect(row.payment_error).toContain('1.00 USD')
  })

  it('keeps one account’s order away from another', async () => {
    const { order } = await cardOrder()
    const response = await post(`/api/checkout/orders/${order.id}/payment`, {}, other.cookie)
    expect(response.statusCode).toBe(404)
    expect(paypal.requests).toEqual([])
  })

  it('lets a guest pay with their e-mail proof, and nobody else', async () => {
    const details = guest(t)
    const placed = await placeOrder(t, {
      items: [line({ time: '19:00' })],
      paymentMethod: 'card',
      guest: details,
    })
    expect(placed.statusCode).toBe(201)
    const id = placed.json().id
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/checkout/orders/${id}/payment`,
      payload: {},
      headers: { origin: testOrigin },
    })
    expect(anonymous.statusCode).toBe(403)
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/checkout/orders/${id}/payment`,
      payload: { proof: details.proof },
      headers: { origin: testOrigin },
    })
    const { providerOrderId } = started.json()
    const captured = await t.app.inject({
      method: 'POST',
      url: `/api/checkout/orders/${id}/capture`,
      payload: { providerOrderId, proof: details.proof },
      headers: { origin: testOrigin },
    })
    expect(captured.statusCode).toBe(200)
    expect((await bookingsOf(id))[0]).toMatchObject({ payment_status: 'paid', guest_email: details.email })
  })
})

describe('a hold that runs out', () => {
  it('gives the places back and cannot be paid any more', async () => {
    const { order, hour: slotHour } = await cardOrder()
    expect(await placesTaken(slotHour)).toBe(1)
    const later = new Date(checkoutClock.getTime() + 60 * 60_000)
    const released = await releaseExpiredHolds({ db: db(), payments, log: t.app.log }, later)
    expect(released.ended).toBeGreaterThanOrEqual(1)
    expect(await placesTaken(slotHour)).toBe(0)
    const response = await post(`/api/checkout/orders/${order.id}/payment`, {})
    expect(response.statusCode).toBe(409)
    expect(response.json().error.code).toBe('ORDER_NOT_PAYABLE')
  })
})

describe('the same checkout sent again (Back, a reload, a second tab)', () => {
  const confirmationMails = async () =>
    (
      await db()
        .selectFrom('mail_outbox')
        .select('id')
        .where('template', '=', 'booking-confirmation')
        .execute()
    ).length

  it('answers with the order as it is now: once paid, confirmed with its tickets, and nothing is booked twice', async () => {
    const time = `${String(hour++).padStart(2, '0')}:00`
    const body = { items: [line({ time })], paymentMethod: 'card', language: 'en' }
    const key = `card-attempt-${time}`
    const first = await placeOrder(t, body, { key, cookie: nour.cookie })
    expect(first.statusCode).toBe(201)
    const { capture } = await pay(first.json().id)
    expect((await capture()).statusCode).toBe(200)
    const mails = await confirmationMails()

    const again = await placeOrder(t, body, { key, cookie: nour.cookie })
    expect(again.statusCode).toBe(201)
    expect(again.json()).toMatchObject({
      id: first.json().id,
      status: 'confirmed',
      bookings: [{ paymentStatus: 'paid', reference: expect.stringMatching(/^DP-/) }],
    })
    expect(await placesTaken(Number(time.slice(0, 2)))).toBe(1)
    expect(await bookingsOf(first.json().id)).toHaveLength(1)
    expect(await confirmationMails()).toBe(mails)
    // Nor can it be paid a second time.
    const payAgain = await post(`/api/checkout/orders/${first.json().id}/payment`, {})
    expect(payAgain.json().error.code).toBe('ORDER_NOT_PAYABLE')

    // The same key for another request is refused, clearly, and books nothing.
    const other = await placeOrder(t, { ...body, paymentMethod: 'venue' }, { key, cookie: nour.cookie })
    expect(other.statusCode).toBe(422)
    expect(other.json().error).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' })
    expect(other.json().error.message).toMatch(/already/)
    expect(await placesTaken(Number(time.slice(0, 2)))).toBe(1)
  })

  it('answers with the ended order once its hold ran out, so the browser knows to start again', async () => {
    const time = `${String(hour++).padStart(2, '0')}:00`
    const body = { items: [line({ time })], paymentMethod: 'card', language: 'en' }
    const key = `card-attempt-${time}`
    const first = await placeOrder(t, body, { key, cookie: nour.cookie })
    const later = new Date(checkoutClock.getTime() + 60 * 60_000)
    await releaseExpiredHolds({ db: db(), payments, log: t.app.log }, later)

    const again = await placeOrder(t, body, { key, cookie: nour.cookie })
    expect(again.json()).toMatchObject({ id: first.json().id, status: 'expired', bookings: [] })
    expect(await placesTaken(Number(time.slice(0, 2)))).toBe(0)
  })
})
