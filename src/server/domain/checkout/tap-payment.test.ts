import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { signedInUser, testOrigin } from '../../../../tests/support/accounts.ts'
import {
  bookingsAndMails,
  checkoutClock,
  createTapCheckoutApp,
  guest,
  line,
  placeOrder,
  startTapOrder,
} from '../../../../tests/support/checkout.ts'
import { FakeTap, type PayerOutcome, payPalNotAsked } from '../../../../tests/support/fake-tap.ts'
import type { TestApp } from '../../../../tests/support/test-app.ts'
import type { TapProvider } from '../../platform/payments/tap.ts'
import { retryDueRefunds } from '../refunds/refunds.ts'
import { releaseExpiredHolds } from './sweeper.ts'

const fake = new FakeTap()
let t: TestApp
let tap: TapProvider
let nour: { id: string; cookie: string }
let admin: { id: string; cookie: string }
const clock = { now: checkoutClock }

beforeAll(async () => {
  await fake.start()
  ;({ t, tap } = await createTapCheckoutApp(fake, () => clock.now))
  nour = await signedInUser(t, 'nour@example.bh')
  admin = await signedInUser(t, 'admin@example.bh', 'admin')
})
afterAll(async () => {
  await fake.stop()
  await t.close()
})
beforeEach(() => {
  fake.reset()
  clock.now = checkoutClock
})

const db = () => t.database.db
let slot = 0
/** Working days (BD 10.000; Friday and Saturday are the weekend's price) from Thursday 3 December 2026. */
const weekdays = ['03', '06', '07', '08', '09', '10', '13', '14', '15', '16', '17'].map((d) => `2026-12-${d}`)
/** A slot of its own for each order: 8 a day, 09:00 to 16:00. */
function freshLine(quantity = 1) {
  const n = slot++
  return line({
    date: weekdays[Math.floor(n / 8)] ?? '2026-12-20',
    time: `${String(9 + (n % 8)).padStart(2, '0')}:00`,
    quantity,
  })
}

function post(url: string, payload: object, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { origin: testOrigin, ...(cookie ? { cookie } : {}) },
  })
}

/** A BENEFIT (or card in BD) order as a guest, or as Nour with `cookie`: the order and its line. */
async function tapOrder(
  method: 'benefit' | 'card_bhd' = 'benefit',
  { cookie, quantity = 1 } = {} as { cookie?: string; quantity?: number },
) {
  const item = freshLine(quantity)
  return { item, ...(await startTapOrder(t, fake, item, method, cookie)) }
}

/** The browser back on our result page from Tap's: the page's question to the server. */
function returnFrom(backUrl: string, orderId: string) {
  const url = new URL(backUrl)
  return post(`/api/checkout/orders/${orderId}/tap-return`, {
    tapId: url.searchParams.get('tap_id'),
    token: url.searchParams.get('t'),
  })
}

function webhook(chargeId: string, signature: 'good' | 'bad' | 'none' = 'good') {
  const { url, headers, body } = fake.webhook(chargeId, { signature })
  return t.app.inject({ method: 'POST', url: new URL(url).pathname, headers, payload: body })
}

async function orderRow(id: string) {
  return db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
}

async function placesTaken(item: { date: string; time: string }) {
  const row = await db()
    .selectFrom('slot_occupancy')
    .select('taken')
    .where('venue_id', '=', 'manama-marina-hotel')
    .where('slot_date', '=', item.date)
    .where('slot_hour', '=', Number(item.time.slice(0, 2)))
    .executeTakeFirst()
  return row?.taken ?? 0
}

describe('paying with BENEFIT through Tap', () => {
  it('makes the charge for the server’s total in BHD and sends the visitor to Tap’s page', async () => {
    const { order, redirectUrl, chargeId } = await tapOrder('benefit', { quantity: 2 })
    expect(order).toMatchObject({ status: 'awaiting_payment', total: 'BD 20.000' })
    const [create] = fake.requestsTo('charges', 'POST')
    expect(create?.headers.authorization).toBe(`Bearer ${fake.secretKey}`)
    const body = JSON.parse(create?.body ?? '{}')
    expect(body).toMatchObject({
      amount: 20,
      currency: 'BHD',
      source: { id: 'src_bh.benefit' },
      customer: {
        first_name: 'Fatima',
        last_name: 'Al Sayed',
        email: expect.stringMatching(/@example\.bh$/),
        phone: { country_code: '973', number: '33123456' },
      },
      post: { url: `${testOrigin}/api/payments/tap/webhook` },
      reference: { order: order.id, idempotent: `charge-${order.id}` },
    })
    expect(body.redirect.url).toMatch(
      new RegExp(`^${testOrigin}/checkout/orders/${order.id}/result\\?t=[0-9]{10}\\.[A-Za-z0-9_-]{43}$`),
    )
    expect(redirectUrl).toBe(fake.charges.get(chargeId)?.transaction.url)
    // The order's places are held as long as Tap's page lives: 30 minutes from the charge.
    const row = await orderRow(order.id)
    expect(row.hold_expires_at?.getTime()).toBe(checkoutClock.getTime() + 30 * 60_000)
    expect(row).toMatchObject({
      payment_method: 'benefit',
      payment_provider: 'tap',
      provider_order_id: chargeId,
    })

    // Asked again (a double tap, Back), the same charge: Tap's idempotency and ours.
    const again = await post(`/api/checkout/orders/${order.id}/redirect-payment`, {
      proof: guest(t, String(body.customer.email)).proof,
    })
    expect(again.json().redirectUrl).toBe(redirectUrl)
    expect(fake.charges.size).toBe(1)
  })

  it('books as paid only once Tap says CAPTURED for the exact amount, with one mail', async () => {
    const { order, chargeId } = await tapOrder('benefit')
    const back = fake.payerLeaves(chargeId, 'captured')
    const result = await returnFrom(back, order.id)
    expect(result.statusCode, result.body).toBe(200)
    // The order's status only: the bookings and the guest's link are in the mail.
    expect(result.json()).toEqual({
      paymentStatus: 'CAPTURED',
      status: 'confirmed',
      paymentMethod: 'benefit',
    })
    // The result came from Tap, asked by the server.
    expect(fake.requestsTo('charges', 'GET').map((r) => r.path)).toEqual([`/v2/charges/${chargeId}`])
    expect(await orderRow(order.id)).toMatchObject({ status: 'confirmed', provider_capture_id: chargeId })
    expect(await bookingsAndMails(db(), order.id)).toEqual({ statuses: ['paid'], confirmations: 1 })

    // Tap's webhook arrives after: acknowledged, nothing booked or mailed again.
    const hook = await webhook(chargeId)
    expect(hook.statusCode, hook.body).toBe(200)
    expect(await bookingsAndMails(db(), order.id)).toEqual({ statuses: ['paid'], confirmations: 1 })
    // The page asked again (a reload) answers the same.
    expect((await returnFrom(back, order.id)).json().status).toBe('confirmed')
  })

  it('counts Tap’s calls in payment_operations_total beside PayPal’s', async () => {
    const { order, chargeId } = await tapOrder('benefit')
    await returnFrom(fake.payerLeaves(chargeId, 'declined'), order.id)
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body
    expect(metrics).toMatch(
      /payment_operations_total\{provider="tap",operation="create",outcome="ok"\} [1-9]/,
    )
    expect(metrics).toMatch(
      /payment_operations_total\{provider="tap",operation="find_capture",outcome="declined"\} [1-9]/,
    )
  })

  it('takes a card in BD through Tap’s card source for a signed-in account', async () => {
    const { order, chargeId } = await tapOrder('card_bhd', { cookie: nour.cookie })
    const body = JSON.parse(fake.requestsTo('charges', 'POST')[0]?.body ?? '{}')
    expect(body.source).toEqual({ id: 'src_card' })
    expect(body.customer).toMatchObject({ email: 'nour@example.bh' })
    const hook = await webhook(chargeId) // not yet paid: INITIATED
    expect(hook.statusCode).toBe(200)
    expect((await orderRow(order.id)).status).toBe('awaiting_payment')
    fake.payerLeaves(chargeId, 'captured')
    expect((await webhook(chargeId)).statusCode).toBe(200)
    expect(await bookingsAndMails(db(), order.id)).toEqual({ statuses: ['paid'], confirmations: 1 })
  })

  it.each<PayerOutcome>(['declined', 'cancelled', 'failed', 'abandoned'])(
    'ends the order and gives its places back when the charge is %s',
    async (outcome) => {
      const { order, item, chargeId } = await tapOrder('benefit')
      expect(await placesTaken(item)).toBe(1)
      const back = fake.payerLeaves(chargeId, outcome)
      const result = await returnFrom(back, order.id)
      expect(result.statusCode).toBe(200)
      expect(result.json()).toMatchObject({
        paymentStatus: outcome.toUpperCase(),
        status: 'payment_failed',
      })
      expect(await placesTaken(item)).toBe(0)
      expect(await bookingsAndMails(db(), order.id)).toEqual({ statuses: [], confirmations: 0 })
      expect((await orderRow(order.id)).payment_error).toBe(`Tap: ${outcome.toUpperCase()}`)
    },
  )

  it('leaves an order waiting while Tap says INITIATED, whatever the browser says', async () => {
    const { order, chargeId } = await tapOrder('benefit')
    // The browser comes back without paying (or with a made-up tap_id of the same charge).
    const result = await returnFrom(
      `${testOrigin}/x?tap_id=${chargeId}&t=${new URL(fake.charges.get(chargeId)?.redirect.url ?? '').searchParams.get('t')}`,
      order.id,
    )
    expect(result.json()).toMatchObject({ paymentStatus: 'INITIATED', status: 'awaiting_payment' })
    expect(await bookingsAndMails(db(), order.id)).toEqual({ statuses: [], confirmations: 0 })
  })

  it('refuses a return without our signed token, or with another order’s charge', async () => {
    const first = await tapOrder('benefit')
    const second = await tapOrder('benefit')
    fake.payerLeaves(first.chargeId, 'captured')
    const noToken = await post(`/api/checkout/orders/${first.order.id}/tap-return`, {
      tapId: first.chargeId,
      token: 'x'.repeat(43),
    })
    expect(noToken.statusCode).toBe(404)
    const secondToken = new URL(fake.charges.get(second.chargeId)?.redirect.url ?? '').searchParams.get('t')
    const crossed = await post(`/api/checkout/orders/${second.order.id}/tap-return`, {
      tapId: first.chargeId,
      token: secondToken,
    })
    expect(crossed.statusCode).toBe(409)
    expect(crossed.json().error.code).toBe('PAYMENT_NOT_FOUND')
    expect((await orderRow(second.order.id)).status).toBe('awaiting_payment')
    expect((await orderRow(first.order.id)).status).toBe('awaiting_payment')
  })

  it('fails the order, booking nothing, when Tap captured another amount or currency', async () => {
    const amount = await tapOrder('benefit')
    fake.captureAmount = 9.999
    fake.payerLeaves(amount.chargeId, 'captured')
    // Acknowledged (Tap would retry a 502 for days): the captured amount goes back (late-payment.ts).
    expect((await webhook(amount.chargeId)).statusCode).toBe(200)
    expect(await orderRow(amount.order.id)).toMatchObject({ status: 'payment_failed' })
    expect(await placesTaken(amount.item)).toBe(0)
    expect(await bookingsAndMails(db(), amount.order.id)).toEqual({ statuses: [], confirmations: 0 })

    fake.captureAmount = null
    fake.captureCurrency = 'KWD'
    const currency = await tapOrder('benefit')
    fake.payerLeaves(currency.chargeId, 'captured')
    const back = new URL(fake.charges.get(currency.chargeId)?.redirect.url ?? '')
    back.searchParams.set('tap_id', currency.chargeId)
    const result = await returnFrom(back.toString(), currency.order.id)
    expect(result.json()).toMatchObject({ status: 'payment_failed', paymentStatus: 'CAPTURED' })
    expect(await orderRow(currency.order.id)).toMatchObject({ status: 'payment_failed' })
    // Captured in another currency than the order's: no refund in BD is tried, a person does it.
    expect(fake.requestsTo('refunds', 'POST')).toHaveLength(1)
    const late = await db()
      .selectFrom('late_payments')
      .selectAll()
      .where('order_id', '=', currency.order.id)
      .executeTakeFirstOrThrow()
    expect(late).toMatchObject({ outcome: 'refund_failed', currency: 'KWD' })
  })
})

describe('Tap’s webhook', () => {
  it('answers 401 and changes nothing when unsigned or badly signed, asking Tap nothing', async () => {
    const { order, chargeId } = await tapOrder('benefit')
    fake.payerLeaves(chargeId, 'captured')
    for (const signature of ['none', 'bad'] as const) {
      const hook = await webhook(chargeId, signature)
      expect(hook.statusCode).toBe(401)
      expect(hook.json().error.code).toBe('WEBHOOK_SIGNATURE_INVALID')
    }
    // A body changed after signing no longer matches its signature.
    const { headers, body } = fake.webhook(chargeId)
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/payments/tap/webhook',
      headers,
      payload: { ...body, amount: 0.001 },
    })
    expect(forged.statusCode).toBe(401)
    expect(fake.requestsTo('charges', 'GET')).toEqual([])
    expect(await orderRow(order.id)).toMatchObject({ status: 'awaiting_payment' })
  })

  it('is not refused for coming from another origin, only for its signature', async () => {
    const { order, chargeId } = await tapOrder('benefit')
    fake.payerLeaves(chargeId, 'captured')
    const { headers, body } = fake.webhook(chargeId)
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/payments/tap/webhook',
      headers: { ...headers, origin: 'https://tap.company', 'sec-fetch-site': 'cross-site' },
      payload: body,
    })
    expect(hook.statusCode, hook.body).toBe(200)
    expect((await orderRow(order.id)).status).toBe('confirmed')
  })

  it('acknowledges a signed charge of no order of ours and changes nothing', async () => {
    const { chargeId } = await tapOrder('benefit')
    await db()
      .updateTable('orders')
      .set({ provider_order_id: null })
      .where('provider_order_id', '=', chargeId)
      .execute()
    expect((await webhook(chargeId)).statusCode).toBe(200)
  })

  it('gives one confirmation and one mail for duplicate webhooks racing the return page', async () => {
    const { order, chargeId } = await tapOrder('benefit', { quantity: 2 })
    const back = fake.payerLeaves(chargeId, 'captured')
    const answers = await Promise.all([
      webhook(chargeId),
      returnFrom(back, order.id),
      webhook(chargeId),
      returnFrom(back, order.id),
      webhook(chargeId),
    ])
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200])
    expect(await bookingsAndMails(db(), order.id)).toEqual({ statuses: ['paid', 'paid'], confirmations: 1 })
  })
})

describe('when Tap fails', () => {
  it('reports a 500 or a timeout at the charge as unavailable, and a retry makes one charge', async () => {
    const item = freshLine()
    const placed = await placeOrder(t, { items: [item], paymentMethod: 'benefit' }, { cookie: nour.cookie })
    const id = placed.json().id
    fake.failRequests = 1
    const failed = await post(`/api/checkout/orders/${id}/redirect-payment`, {}, nour.cookie)
    expect(failed.statusCode).toBe(502)
    expect(failed.json().error.code).toBe('PAYMENT_UNAVAILABLE')
    fake.delayMs = 4000
    const slow = await post(`/api/checkout/orders/${id}/redirect-payment`, {}, nour.cookie)
    expect(slow.statusCode).toBe(502)
    fake.delayMs = 0
    const retried = await post(`/api/checkout/orders/${id}/redirect-payment`, {}, nour.cookie)
    expect(retried.statusCode).toBe(200)
    // The timed-out request reached Tap: the retry got its charge back, not a second one.
    expect(fake.charges.size).toBe(1)
    expect((await orderRow(id)).provider_order_id).toBe(fake.chargeOf(id)?.id)
  })

  it('leaves the order unpaid when Tap cannot be asked on return, and books it once Tap answers', async () => {
    const { order, chargeId } = await tapOrder('benefit')
    const back = fake.payerLeaves(chargeId, 'captured')
    fake.failRequests = 1
    const failed = await returnFrom(back, order.id)
    expect(failed.statusCode).toBe(502)
    expect((await orderRow(order.id)).status).toBe('awaiting_payment')
    fake.delayMs = 4000
    expect((await returnFrom(back, order.id)).statusCode).toBe(502)
    fake.delayMs = 0
    expect((await returnFrom(back, order.id)).json().status).toBe('confirmed')
    expect(await bookingsAndMails(db(), order.id)).toEqual({ statuses: ['paid'], confirmations: 1 })
  })
})

describe('the hold-release sweeper', () => {
  const sweep = (at: number) =>
    releaseExpiredHolds({ db: db(), payments: payPalNotAsked, tap, log: t.app.log }, new Date(at))

  it('asks Tap before releasing: an abandoned charge (no webhook) ends, a captured one is booked', async () => {
    const abandoned = await tapOrder('benefit')
    const paid = await tapOrder('card_bhd')
    const initiated = await tapOrder('benefit')
    fake.payerLeaves(abandoned.chargeId, 'abandoned')
    fake.payerLeaves(paid.chargeId, 'captured')
    // Still held within 30 minutes and the grace after them.
    expect(await sweep(checkoutClock.getTime() + 31 * 60_000)).toEqual({ ended: 0, paid: 0 })
    // (Orders of earlier tests left unpaid end too.)
    const result = await sweep(checkoutClock.getTime() + 33 * 60_000)
    expect(result.paid).toBe(1)
    expect(result.ended).toBeGreaterThanOrEqual(2)
    expect((await orderRow(abandoned.order.id)).status).toBe('expired')
    expect((await orderRow(initiated.order.id)).status).toBe('expired')
    expect(await placesTaken(abandoned.item)).toBe(0)
    expect(await bookingsAndMails(db(), paid.order.id)).toEqual({ statuses: ['paid'], confirmations: 1 })
    const asked = fake.requestsTo('charges', 'GET').map((request) => request.path)
    for (const { chargeId } of [abandoned, paid, initiated])
      expect(asked).toContain(`/v2/charges/${chargeId}`)
  })

  it('keeps the places while Tap cannot be asked', async () => {
    const { order, item } = await tapOrder('benefit')
    fake.failRequests = Number.POSITIVE_INFINITY
    expect(await sweep(checkoutClock.getTime() + 33 * 60_000)).toEqual({ ended: 0, paid: 0 })
    expect((await orderRow(order.id)).status).toBe('awaiting_payment')
    expect(await placesTaken(item)).toBe(1)
  })
})

describe('refunds through Tap', () => {
  async function paidVisit() {
    const { order, chargeId } = await tapOrder('benefit', { cookie: nour.cookie, quantity: 2 })
    fake.payerLeaves(chargeId, 'captured')
    expect((await webhook(chargeId)).statusCode).toBe(200)
    const bookings = await db()
      .selectFrom('confirmed_bookings')
      .select('id')
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute()
    return { order, chargeId, bookings: bookings.map((b) => b.id) }
  }
  const refundsOf = (orderId: string) =>
    db().selectFrom('booking_refunds').selectAll().where('order_id', '=', orderId).orderBy('id').execute()
  const sweep = () =>
    retryDueRefunds({ db: db(), payments: payPalNotAsked, tap, log: t.app.log, now: () => clock.now })

  it('gives a cancelled visit’s price back in BHD against the charge', async () => {
    const { order, chargeId, bookings } = await paidVisit()
    const cancelled = await post(`/api/bookings/${bookings[0]}/cancel`, { scope: 'visit' }, nour.cookie)
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    const [request] = fake.requestsTo('refunds', 'POST')
    expect(JSON.parse(request?.body ?? '{}')).toMatchObject({
      charge_id: chargeId,
      amount: 10,
      currency: 'BHD',
      reference: { idempotent: `refund-${order.id}-${bookings[0]}` },
    })
    expect(await refundsOf(order.id)).toMatchObject([
      { status: 'refunded', amount_fils: 10_000, amount_usd_cents: 0, provider_status: 'REFUNDED' },
    ])
  })

  it('keeps a PENDING refund pending, asks Tap again with backoff, and lists it for the team after a day', async () => {
    const { order, bookings } = await paidVisit()
    fake.keepRefundsPending = true
    await post(`/api/bookings/${bookings[1]}/cancel`, { scope: 'visit' }, nour.cookie)
    const [pending] = await refundsOf(order.id)
    expect(pending).toMatchObject({ status: 'pending', provider_status: 'PENDING', attempts: 1 })
    expect(pending?.next_attempt_at.getTime()).toBe(clock.now.getTime() + 60_000)

    clock.now = new Date(checkoutClock.getTime() + 25 * 60 * 60_000)
    const stuck = await t.app.inject({
      method: 'GET',
      url: '/api/team/refunds/stuck',
      headers: { cookie: admin.cookie },
    })
    expect(stuck.json().refunds).toMatchObject([
      { orderId: order.id, amount: 'BD 10.000', amountUsd: null, gateway: 'tap', providerStatus: 'PENDING' },
    ])
    expect(await sweep()).toEqual({ refunded: 0, pending: 1 })
    // Asked again, not made again.
    expect(fake.requestsTo('refunds', 'POST')).toHaveLength(1)
    expect(fake.requestsTo('refunds', 'GET')).toHaveLength(1)
    fake.settleRefunds()
    clock.now = new Date(clock.now.getTime() + 3 * 60_000)
    expect(await sweep()).toEqual({ refunded: 1, pending: 0 })
    expect(await refundsOf(order.id)).toMatchObject([{ status: 'refunded', provider_status: 'REFUNDED' }])
    expect(fake.refunds.size).toBe(1)
  })

  it('gives a cheaper day’s difference back in BHD when a BENEFIT-paid party moves, once per person', async () => {
    // Saturday 5 December (weekend price BD 12.000) to Sunday 20 December (weekday BD 10.000).
    const item = line({ date: '2026-12-05', time: '12:00', quantity: 2 })
    const placed = await placeOrder(t, { items: [item], paymentMethod: 'benefit' }, { cookie: nour.cookie })
    const order = placed.json() as { id: string }
    await post(`/api/checkout/orders/${order.id}/redirect-payment`, {}, nour.cookie)
    const chargeId = fake.chargeOf(order.id)?.id ?? ''
    fake.payerLeaves(chargeId, 'captured')
    expect((await webhook(chargeId)).statusCode).toBe(200)
    const ids = (
      await db()
        .selectFrom('confirmed_bookings')
        .select('id')
        .where('order_id', '=', order.id)
        .orderBy('id')
        .execute()
    ).map((row) => row.id)
    const moved = await post(
      `/api/bookings/${ids[0]}/change-date`,
      { date: '2026-12-20', time: '12:00' },
      nour.cookie,
    )
    expect(moved.statusCode, moved.body).toBe(200)
    expect(moved.json()).toMatchObject({ differenceFils: -2000, refundFils: 4000 })
    const bodies = fake.requestsTo('refunds', 'POST').map((request) => JSON.parse(request.body))
    expect(bodies).toMatchObject(
      ids.map((id) => ({
        charge_id: chargeId,
        amount: 2,
        currency: 'BHD',
        reference: { idempotent: `refund-${order.id}-${id}-change-1` },
      })),
    )
    expect((await refundsOf(order.id)).map((row) => [row.amount_fils, row.status])).toEqual([
      [2000, 'refunded'],
      [2000, 'refunded'],
    ])
  })
})
