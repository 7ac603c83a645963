import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { signedInUser, testOrigin } from '../../../../tests/support/accounts.ts'
import {
  bookingsAndMails,
  checkoutClock,
  createCheckoutTestApp,
  guest,
  line,
  placeOrder,
} from '../../../../tests/support/checkout.ts'
import { FakeTap, payPalNotAsked } from '../../../../tests/support/fake-tap.ts'
import type { TestApp } from '../../../../tests/support/test-app.ts'
import type { TapProvider } from '../../platform/payments/tap.ts'
import { createTapProvider } from '../../platform/payments/tap-provider.ts'
import { retryLateRefunds } from '../refunds/late-refunds.ts'
import { manageToken, readGuestLink } from '../visits/ticket-codes.ts'
import { releaseExpiredHolds, releaseGraceMs } from './sweeper.ts'

/**
 * The third security audit's Tap items: the hold ends where the order set it (D1), the result page
 * expires with the payment and says only the order's status (D6), and a payment that lands after
 * its order ended is booked or refunded, once, and shown to the team (D7).
 */
const fake = new FakeTap()
let t: TestApp
let tap: TapProvider
let baseUrl: string
let nour: { id: string; cookie: string }
let admin: { id: string; cookie: string }
const clock = { now: checkoutClock }
const minutes = (n: number) => new Date(checkoutClock.getTime() + n * 60_000)

beforeAll(async () => {
  await fake.start()
  // A timeout far above a busy machine's answers: Tap being slow is not what these tests test.
  tap = createTapProvider({ secretKey: fake.secretKey, apiBase: fake.url, timeoutMs: 15_000 })
  t = await createCheckoutTestApp(undefined, () => clock.now, tap)
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 })
  nour = await signedInUser(t, 'nour-late@example.bh')
  admin = await signedInUser(t, 'admin-late@example.bh', 'admin')
})
afterAll(async () => {
  await t.close()
  await fake.stop()
})
beforeEach(() => {
  fake.reset()
  clock.now = checkoutClock
})

const db = () => t.database.db
let slot = 0
/** A slot of its own for each order: 8 a day, 09:00 to 16:00, on working days from 6 December. */
function freshLine(quantity = 1) {
  const n = slot++
  const days = ['06', '07', '08', '09', '10', '13', '14', '15']
  return line({
    date: `2026-12-${days[Math.floor(n / 8)] ?? '16'}`,
    time: `${String(9 + (n % 8)).padStart(2, '0')}:00`,
    quantity,
  })
}

let client = 0
/** Each request from an address of its own: the per-address limits are not what these tests test. */
function post(url: string, payload: object, cookie?: string) {
  client++
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { origin: testOrigin, ...(cookie ? { cookie } : {}) },
    remoteAddress: `10.77.${(client >> 8) & 255}.${client & 255}`,
  })
}

/** A BENEFIT order (Nour's with `cookie`, else a guest's), placed now; its Tap charge made `startAt`. */
async function tapOrder(
  { cookie, quantity = 1, startAt = checkoutClock } = {} as {
    cookie?: string
    quantity?: number
    startAt?: Date
  },
) {
  const item = freshLine(quantity)
  const details = cookie ? undefined : guest(t)
  const placed = await placeOrder(
    t,
    { items: [item], paymentMethod: 'benefit', ...(details ? { guest: details } : {}) },
    cookie ? { cookie } : {},
  )
  expect(placed.statusCode, placed.body).toBe(201)
  const order = placed.json() as { id: string }
  const start = () =>
    post(`/api/checkout/orders/${order.id}/redirect-payment`, details ? { proof: details.proof } : {}, cookie)
  const placedAt = clock.now
  clock.now = startAt
  const started = await start()
  clock.now = placedAt
  expect(started.statusCode, started.body).toBe(200)
  const chargeId = fake.chargeOf(order.id)?.id ?? ''
  return { order, item, details, chargeId, start }
}

/** Tap's signed webhook for the charge, over HTTP to our server, as Tap sends it. */
async function postWebhook(chargeId: string, signature: 'good' | 'bad' = 'good') {
  const { url, headers, body } = fake.webhook(chargeId, { signature })
  const answer = await fetch(`${baseUrl}${new URL(url).pathname}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  })
  await answer.text()
  return answer.status
}

/** The browser back on our result page: the page's question to the server. */
function returnFrom(backUrl: string, orderId: string) {
  const url = new URL(backUrl)
  return post(`/api/checkout/orders/${orderId}/tap-return`, {
    tapId: url.searchParams.get('tap_id'),
    token: url.searchParams.get('t'),
  })
}

const orderRow = (id: string) =>
  db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

async function placesTaken(item: { date: string; time: string }) {
  const row = await db()
    .selectFrom('slot_occupancy')
    .select(['taken', 'capacity'])
    .where('venue_id', '=', 'manama-marina-hotel')
    .where('slot_date', '=', item.date)
    .where('slot_hour', '=', Number(item.time.slice(0, 2)))
    .executeTakeFirst()
  return row?.taken ?? 0
}

/** The sweeper as its job runs it at `at`: Tap asked about each hold that ran out. */
const sweep = (at: Date) =>
  releaseExpiredHolds({ db: db(), payments: payPalNotAsked, tap, log: t.app.log }, at)

/** An order whose hold ran out unpaid and was ended by the sweeper, its places given back. */
async function endedOrder(options: { cookie?: string; quantity?: number } = {}) {
  const made = await tapOrder({ ...options, startAt: minutes(20) })
  await sweep(new Date(minutes(30).getTime() + releaseGraceMs + 1000))
  expect((await orderRow(made.order.id)).status).toBe('expired')
  expect(await placesTaken(made.item)).toBe(0)
  return made
}

const latePayment = (orderId: string) =>
  db().selectFrom('late_payments').selectAll().where('order_id', '=', orderId).executeTakeFirst()

async function teamSees(orderId: string) {
  clock.now = minutes(60)
  const answer = await t.app.inject({
    method: 'GET',
    url: '/api/team/refunds/stuck',
    headers: { cookie: admin.cookie },
  })
  expect(answer.statusCode, answer.body).toBe(200)
  return (answer.json().latePayments as { orderId: string }[]).find((late) => late.orderId === orderId)
}

describe('the hold of a BENEFIT or card-in-BD order (D1)', () => {
  it('ends where the order set it, however often the payment is started, and its places then go back', async () => {
    const { order, item, start } = await tapOrder({ cookie: nour.cookie })
    const end = minutes(30).getTime()
    expect((await orderRow(order.id)).hold_expires_at?.getTime()).toBe(end)
    for (const at of [1, 5, 12, 20, 29.5]) {
      clock.now = minutes(at)
      const again = await start()
      expect(again.statusCode, again.body).toBe(200)
      expect((await orderRow(order.id)).hold_expires_at?.getTime()).toBe(end)
    }
    // 20 at once move it no more than one.
    clock.now = minutes(29.9)
    const racing = await Promise.all(Array.from({ length: 20 }, start))
    expect(racing.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200))
    expect((await orderRow(order.id)).hold_expires_at?.getTime()).toBe(end)
    expect(fake.charges.size).toBe(1)

    clock.now = new Date(end + 1000)
    const late = await start()
    expect(late.statusCode).toBe(409)
    expect(late.json().error.code).toBe('ORDER_NOT_PAYABLE')
    expect(await placesTaken(item)).toBe(1)
    await sweep(new Date(end + releaseGraceMs + 1000))
    expect((await orderRow(order.id)).status).toBe('expired')
    expect(await placesTaken(item)).toBe(0)
  })
})

describe('the result page’s link (D6)', () => {
  it('answers only the order’s status, never a manage link, even after the guest’s link was revoked', async () => {
    const { order, chargeId } = await tapOrder({ quantity: 2 })
    const back = fake.payerLeaves(chargeId, 'captured')
    const first = await returnFrom(back, order.id)
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toEqual({ status: 'confirmed', paymentStatus: 'CAPTURED', paymentMethod: 'benefit' })

    // The guest cancels one visit through the link in their mail: the links sent before are revoked.
    const [visit] = await db()
      .selectFrom('confirmed_bookings')
      .select(['id', 'manage_version'])
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute()
    if (!visit) throw new Error('no visit booked')
    const mailed = manageToken(t.config.AUTH_SECRET, visit)
    expect((await post(`/api/manage/${mailed}/cancel`, {})).statusCode).toBe(200)
    const again = await returnFrom(back, order.id)
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json()).toEqual({ status: 'confirmed', paymentStatus: 'CAPTURED', paymentMethod: 'benefit' })
    // Nothing in the answer is a guest link of any version.
    for (const word of again.body.split(/["\s]/))
      expect(readGuestLink(t.config.AUTH_SECRET, word), word).toBeUndefined()
  })

  it('expires with the payment: a stale link is refused before Tap is asked', async () => {
    const { order, chargeId } = await tapOrder({ startAt: minutes(10) })
    const back = fake.payerLeaves(chargeId, 'captured')
    // Tap's page lives 30 minutes from the charge; the return is honoured a little after.
    clock.now = minutes(10 + 34)
    expect((await returnFrom(back, order.id)).json().status).toBe('confirmed')
    fake.reset()
    clock.now = minutes(10 + 36)
    const stale = await returnFrom(back, order.id)
    expect(stale.statusCode).toBe(410)
    expect(stale.json().error.code).toBe('PAYMENT_LINK_EXPIRED')
    expect(fake.requests).toEqual([])
    // A link whose end was rewritten fails its signature.
    const forged = new URL(back)
    const token = forged.searchParams.get('t') ?? ''
    const [expiry = '', signature = ''] = token.split('.')
    forged.searchParams.set('t', `${Number(expiry) + 3600}.${signature}`)
    expect((await returnFrom(forged.toString(), order.id)).statusCode).toBe(404)
  })
})

describe('a Tap payment that lands after its order ended (D7)', () => {
  it('books the order when its places are still free: 20 webhooks at once, one booking and one mail', async () => {
    const { order, chargeId } = await endedOrder({ quantity: 2 })
    clock.now = minutes(40)
    fake.payerLeaves(chargeId, 'captured')
    const answers = await Promise.all(Array.from({ length: 20 }, () => postWebhook(chargeId)))
    expect(answers).toEqual(Array(20).fill(200))
    expect(await orderRow(order.id)).toMatchObject({ status: 'confirmed', provider_capture_id: chargeId })
    expect(await bookingsAndMails(db(), order.id)).toEqual({ statuses: ['paid', 'paid'], confirmations: 1 })
    expect(fake.requestsTo('refunds', 'POST')).toEqual([])
    expect(await latePayment(order.id)).toMatchObject({ outcome: 'booked', amount_fils: 20_000 })
    expect(await teamSees(order.id)).toMatchObject({
      orderId: order.id,
      outcome: 'booked',
      amount: 'BD 20.000',
      chargeId,
    })
  })

  it('refunds it through Tap, once, when the places have gone: 20 webhooks at once, then replays', async () => {
    const { order, item, chargeId } = await endedOrder()
    // Others took the slot's every place meanwhile.
    await db()
      .updateTable('slot_occupancy')
      .set((eb) => ({ taken: eb.ref('capacity') }))
      .where('slot_date', '=', item.date)
      .where('slot_hour', '=', Number(item.time.slice(0, 2)))
      .execute()
    clock.now = minutes(40)
    fake.payerLeaves(chargeId, 'captured')
    const answers = await Promise.all(Array.from({ length: 20 }, () => postWebhook(chargeId)))
    expect(answers).toEqual(Array(20).fill(200))
    expect((await orderRow(order.id)).status).toBe('expired')
    expect(await bookingsAndMails(db(), order.id)).toEqual({ statuses: [], confirmations: 0 })
    const refunds = fake.requestsTo('refunds', 'POST').map((request) => JSON.parse(request.body))
    expect(refunds).toMatchObject([
      { charge_id: chargeId, amount: 10, currency: 'BHD', reference: { idempotent: `late-${order.id}` } },
    ])
    expect(fake.refunds.size).toBe(1)
    expect(await latePayment(order.id)).toMatchObject({ outcome: 'refunded', provider_status: 'REFUNDED' })

    // Tap's retries of the same webhook, and a forged one, change nothing.
    expect(await postWebhook(chargeId)).toBe(200)
    expect(await postWebhook(chargeId, 'bad')).toBe(401)
    expect(fake.requestsTo('refunds', 'POST')).toHaveLength(1)
    expect(await teamSees(order.id)).toMatchObject({ outcome: 'refunded', amount: 'BD 10.000' })
  })

  it('counts the slot’s places as its row has them now: a venue that sells fewer since refunds it', async () => {
    const { order, item, chargeId } = await endedOrder({ quantity: 2 })
    // The venue now sells one place at that hour (its hours or a date's change): two no longer fit.
    await db()
      .updateTable('slot_occupancy')
      .set({ capacity: 1 })
      .where('slot_date', '=', item.date)
      .where('slot_hour', '=', Number(item.time.slice(0, 2)))
      .execute()
    clock.now = minutes(40)
    fake.payerLeaves(chargeId, 'captured')
    expect(await postWebhook(chargeId)).toBe(200)
    expect((await orderRow(order.id)).status).toBe('expired')
    expect(await bookingsAndMails(db(), order.id)).toEqual({ statuses: [], confirmations: 0 })
    expect(await latePayment(order.id)).toMatchObject({ outcome: 'refunded' })
    expect(await placesTaken(item)).toBe(0)
  })

  it('books an order placed by a server of the release before lines, from what it was quoted', async () => {
    // During a rolling restart across migration 034, a server of the release before wrote no lines.
    const { order, item, chargeId } = await tapOrder({ quantity: 2, startAt: minutes(20) })
    await db().deleteFrom('order_lines').where('order_id', '=', order.id).execute()
    await sweep(new Date(minutes(30).getTime() + releaseGraceMs + 1000))
    expect((await orderRow(order.id)).status).toBe('expired')
    expect(await placesTaken(item)).toBe(0)
    clock.now = minutes(40)
    fake.payerLeaves(chargeId, 'captured')
    expect(await postWebhook(chargeId)).toBe(200)
    expect(await bookingsAndMails(db(), order.id)).toEqual({ statuses: ['paid', 'paid'], confirmations: 1 })
    expect(await placesTaken(item)).toBe(2)
    const lines = await db().selectFrom('order_lines').selectAll().where('order_id', '=', order.id).execute()
    expect(lines).toMatchObject([{ position: 0, quantity: 2, visit_date: item.date }])
    const visits = await db()
      .selectFrom('confirmed_bookings')
      .select('line_id')
      .where('order_id', '=', order.id)
      .execute()
    expect(visits).toEqual([{ line_id: lines[0]?.id }, { line_id: lines[0]?.id }])
  })

  it('answers Tap 200 while Tap cannot refund, and the refund job gives it back later', async () => {
    const { order, item, chargeId } = await endedOrder({ cookie: nour.cookie })
    await db()
      .updateTable('slot_occupancy')
      .set((eb) => ({ taken: eb.ref('capacity') }))
      .where('slot_date', '=', item.date)
      .where('slot_hour', '=', Number(item.time.slice(0, 2)))
      .execute()
    clock.now = minutes(40)
    const back = fake.payerLeaves(chargeId, 'captured')
    // Tap answers the charge, then fails the refund.
    fake.failRefunds = 1
    expect(await postWebhook(chargeId)).toBe(200)
    expect(await latePayment(order.id)).toMatchObject({ outcome: 'refund_pending', attempts: 1 })
    // The visitor's return page says the order ended and the payment is on its way back.
    const result = await returnFrom(back, order.id)
    expect(result.json()).toEqual({ status: 'expired', paymentStatus: 'CAPTURED', paymentMethod: 'benefit' })
    clock.now = minutes(50)
    expect(await retryLateRefunds({ db: db(), tap, log: t.app.log, now: () => clock.now })).toEqual({
      refunded: 1,
      pending: 0,
    })
    expect(await latePayment(order.id)).toMatchObject({ outcome: 'refunded' })
    expect(fake.refunds.size).toBe(1)
  })

  it('refunds a capture of the wrong amount the sweeper finds, its webhook lost', async () => {
    const { order, chargeId } = await tapOrder({ startAt: minutes(20) })
    fake.captureAmount = 9.999
    fake.payerLeaves(chargeId, 'captured')
    expect(await sweep(new Date(minutes(30).getTime() + releaseGraceMs + 1000))).toEqual({
      ended: 1,
      paid: 0,
    })
    expect((await orderRow(order.id)).status).toBe('payment_failed')
    expect(await latePayment(order.id)).toMatchObject({ outcome: 'refunded', amount_fils: 9999 })
    expect(fake.requestsTo('refunds', 'POST')).toHaveLength(1)
    // The next sweep, or Tap's webhook arriving late, changes nothing and refunds nothing again.
    await sweep(new Date(minutes(40).getTime()))
    expect(await postWebhook(chargeId)).toBe(200)
    expect(fake.requestsTo('refunds', 'POST')).toHaveLength(1)
  })

  it('refunds a capture of the wrong amount instead of answering Tap 502 on every retry', async () => {
    const { order, chargeId } = await tapOrder()
    fake.captureAmount = 9.999
    fake.payerLeaves(chargeId, 'captured')
    expect(await postWebhook(chargeId)).toBe(200)
    expect(await postWebhook(chargeId)).toBe(200)
    expect((await orderRow(order.id)).status).toBe('payment_failed')
    expect(await latePayment(order.id)).toMatchObject({ outcome: 'refunded', amount_fils: 9999 })
    expect(fake.requestsTo('refunds', 'POST').map((request) => JSON.parse(request.body))).toMatchObject([
      { charge_id: chargeId, amount: 9.999 },
    ])
  })
})
