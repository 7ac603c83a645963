import { beforeAll, describe, expect, it } from 'vitest'
import { signedInUser } from '../../../../tests/support/accounts.ts'
import {
  cancellationMails,
  get,
  paidCardOrder,
  placesTaken,
  post,
  refundRows,
  setUpCancellationTest,
} from '../../../../tests/support/cancellation.ts'
import { checkoutClock, line } from '../../../../tests/support/checkout.ts'
import { FakePayPal } from '../../../../tests/support/fake-paypal.ts'
import { retryDueRefunds } from '../refunds/refunds.ts'

const paypal = new FakePayPal()
const c = setUpCancellationTest(paypal)

let next = 0
/** A slot of its own for each visit: 8 a day (the day cap), 09:00 to 16:00, from Thursday 3 December 2026 on. */
function freshTime() {
  const n = next++
  return {
    date: `2026-12-${String(3 + Math.floor(n / 8)).padStart(2, '0')}`,
    time: `${String(9 + (n % 8)).padStart(2, '0')}:00`,
  }
}
const visitAt = (slot: { date: string; time: string }) => line(slot)

const cancel = (bookingId: number, body: object = {}, cookie = c.nour.cookie) =>
  post(c.t, `/api/bookings/${bookingId}/cancel`, body, cookie)

const sweep = () =>
  retryDueRefunds({ db: c.t.database.db, payments: c.payments, log: c.t.app.log, now: () => c.clock.now })

describe('cancelling a card-paid visit from My Bookings', () => {
  it('cancels one visit of two, gives its place back, refunds its part of the capture and queues the mail', async () => {
    const [first, second] = [freshTime(), freshTime()]
    const order = await paidCardOrder(c.t, [visitAt(first), visitAt(second)], c.nour.cookie)
    const [visit, kept] = order.bookings
    if (!visit || !kept) throw new Error('two bookings expected')
    const hour = Number(first.time.slice(0, 2))
    expect(await placesTaken(c.t, hour, first.date)).toBe(1)
    const mailsBefore = (await cancellationMails(c.t)).length

    const response = await cancel(visit.id)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().cancelledIds).toEqual([visit.id])
    expect(await placesTaken(c.t, hour, first.date)).toBe(0)

    // A partial refund of the capture: this visit's BD 10.000 as 26.50 USD, with PayPal-Request-Id.
    const [request] = paypal.requestsTo('refund')
    expect(request?.headers['paypal-request-id']).toBe(`refund-${order.id}-${visit.id}`)
    expect(JSON.parse(request?.body ?? '{}').amount).toEqual({ currency_code: 'USD', value: '26.50' })
    const [refund] = await refundRows(c.t, visit.id)
    expect(refund).toMatchObject({
      status: 'refunded',
      amount_fils: 10_000,
      amount_usd_cents: 2650,
      attempts: 1,
    })
    expect(refund?.provider_refund_id).toBeTruthy()

    const mails = await cancellationMails(c.t)
    expect(mails.slice(mailsBefore)).toEqual([
      { to_address: 'nour@example.bh', language: 'en', payload: { bookingId: visit.id } },
    ])

    const list = await get(c.t, '/api/bookings', c.nour.cookie)
    const shown = list.json().bookings.filter((b: { orderId: string }) => b.orderId === order.id)
    expect(shown.map((b: { cancellation: object }) => b.cancellation)).toMatchObject([
      { refund: { status: 'refunded', amount: 'BD 10.000' } },
      { cancelledAt: null, refusal: null, refundFils: 10_000, refund: null },
    ])
    expect(shown[0].cancellation.cancelledAt).toBe(checkoutClock.toISOString())
  })

  it('cancels the whole order at once, and changes nothing when asked again', async () => {
    const order = await paidCardOrder(c.t, [visitAt(freshTime()), visitAt(freshTime())], c.nour.cookie)
    const ids = order.bookings.map((b) => b.id)
    const response = await cancel(ids[0] ?? 0, { scope: 'order' })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().cancelledIds).toEqual(ids)
    const cents = (await refundRows(c.t))
      .filter((r) => r.order_id === order.id)
      .map((r) => r.amount_usd_cents)
    // Never more than the capture: 26.50 + 26.50 = the order's 53.00 USD.
    expect(cents).toEqual([2650, 2650])

    const again = await cancel(ids[0] ?? 0, { scope: 'order' })
    expect(again.statusCode).toBe(200)
    expect(again.json().cancelledIds).toEqual([])
    expect(paypal.requestsTo('refund')).toHaveLength(2)
  })

  it('gives one cancellation and one refund for 10 cancels at once', async () => {
    const order = await paidCardOrder(c.t, [visitAt(freshTime())], c.nour.cookie)
    const id = order.bookings[0]?.id ?? 0
    const mailsBefore = (await cancellationMails(c.t)).length
    const answers = await Promise.all(Array.from({ length: 10 }, () => cancel(id)))
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200))
    expect(answers.flatMap((a) => a.json().cancelledIds)).toEqual([id])
    expect(await refundRows(c.t, id)).toHaveLength(1)
    expect(paypal.refunds.size).toBe(1)
    expect((await cancellationMails(c.t)).length - mailsBefore).toBe(1)
  })
})

describe('the policy', () => {
  it('is enforced to the second in Bahrain time, and a refusal changes nothing', async () => {
    const slot = freshTime()
    const order = await paidCardOrder(c.t, [visitAt(slot)], c.nour.cookie)
    const id = order.bookings[0]?.id ?? 0
    // The visit's hour in Bahrain less 24 hours' notice: free until the day before at that hour.
    const deadline = new Date(new Date(`${slot.date}T${slot.time}:00+03:00`).getTime() - 24 * 3_600_000)
    c.clock.now = deadline
    const late = await cancel(id)
    expect(late.statusCode).toBe(409)
    expect(late.json().error.code).toBe('CANCEL_TOO_LATE')
    expect(await placesTaken(c.t, Number(slot.time.slice(0, 2)), slot.date)).toBe(1)
    expect(await refundRows(c.t, id)).toEqual([])

    c.clock.now = new Date(deadline.getTime() - 1000)
    const inTime = await cancel(id)
    expect(inTime.statusCode, inTime.body).toBe(200)
    expect(inTime.json().cancelledIds).toEqual([id])
  })

  it('refuses a visit that has started, is checked in or is a no-show, with the reason', async () => {
    const order = await paidCardOrder(
      c.t,
      [visitAt(freshTime()), visitAt(freshTime()), visitAt(freshTime())],
      c.nour.cookie,
    )
    const [a, b, d] = order.bookings.map((booking) => booking.id)
    const db = c.t.database.db
    await db
      .updateTable('confirmed_bookings')
      .set({ checked_in_at: checkoutClock })
      .where('id', '=', a ?? 0)
      .execute()
    await db
      .updateTable('confirmed_bookings')
      .set({ no_show_at: checkoutClock })
      .where('id', '=', b ?? 0)
      .execute()
    expect((await cancel(a ?? 0)).json().error.code).toBe('VISIT_CHECKED_IN')
    expect((await cancel(b ?? 0)).json().error.code).toBe('VISIT_NO_SHOW')
    // The whole order is refused too: one visit that cannot go stops all of them.
    expect((await cancel(d ?? 0, { scope: 'order' })).json().error.code).toBe('VISIT_CHECKED_IN')
    c.clock.now = new Date('2026-12-20T23:00:00+03:00')
    expect((await cancel(d ?? 0)).json().error.code).toBe('VISIT_STARTED')
    const rows = await db
      .selectFrom('confirmed_bookings')
      .select('cancelled_at')
      .where('order_id', '=', order.id)
      .execute()
    expect(rows.every((row) => row.cancelled_at === null)).toBe(true)
  })
})

describe('who may cancel', () => {
  it('is the booker only: another account’s booking is not found, and nothing changes', async () => {
    const order = await paidCardOrder(c.t, [visitAt(freshTime())], c.nour.cookie)
    const id = order.bookings[0]?.id ?? 0
    const theirs = await cancel(id, {}, c.other.cookie)
    expect(theirs.statusCode).toBe(404)
    expect(theirs.json().error.code).toBe('BOOKING_NOT_FOUND')
    expect((await post(c.t, `/api/bookings/${id}/cancel`, {})).statusCode).toBe(401)
    expect(await refundRows(c.t, id)).toEqual([])
  })

  it('lets a guest cancel through the signed link in their mail', async () => {
    const order = await paidCardOrder(c.t, [visitAt(freshTime())])
    const [booking] = order.bookings
    const token = booking?.manageToken ?? ''
    expect((await post(c.t, `/api/manage/${token.slice(0, -2)}xx/cancel`, {})).statusCode).toBe(404)
    const response = await post(c.t, `/api/manage/${token}/cancel`, {})
    expect(response.statusCode, response.body).toBe(200)
    // The cancel revoked the link used; its answer's read-only link shows the refund.
    const page = await get(c.t, `/api/manage/${response.json().viewToken}`)
    expect(page.json().booking.cancellation).toMatchObject({ refund: { status: 'refunded' } })
    expect((await post(c.t, `/api/manage/${token}/cancel`, {})).statusCode).toBe(404)
  })

  it('shows a guest their order’s other visits, and cancels the whole order from one link', async () => {
    const order = await paidCardOrder(c.t, [visitAt(freshTime()), visitAt(freshTime())])
    const [first, second] = order.bookings
    const token = first?.manageToken ?? ''
    const before = (await get(c.t, `/api/manage/${token}`)).json()
    expect(before.orderVisits.map((visit: { id: number }) => visit.id)).toEqual([second?.id])

    const response = await post(c.t, `/api/manage/${token}/cancel`, { scope: 'order' })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().cancelledIds).toEqual([first?.id, second?.id])
    expect((await refundRows(c.t, second?.id)).map((refund) => refund.status)).toEqual(['refunded'])
    // Every visit cancelled had its links revoked, the second visit's own link too.
    expect((await get(c.t, `/api/manage/${token}`)).statusCode).toBe(404)
    expect((await get(c.t, `/api/manage/${second?.manageToken}`)).statusCode).toBe(404)
  })
})

describe('card refunds through PayPal', () => {
  it('keeps the booking cancelled and the refund pending when PayPal fails, then the sweeper refunds it once', async () => {
    const order = await paidCardOrder(c.t, [visitAt(freshTime())], c.nour.cookie)
    const id = order.bookings[0]?.id ?? 0
    paypal.failRequests = 1
    const response = await cancel(id)
    expect(response.statusCode).toBe(200)
    expect(response.json().bookings[0].cancellation.refund).toMatchObject({ status: 'pending' })
    const [pending] = await refundRows(c.t, id)
    expect(pending).toMatchObject({ status: 'pending', attempts: 1 })
    expect(pending?.last_error).toMatch(/500/)

    // Not due yet: the backoff holds the retry back.
    expect(await sweep()).toEqual({ refunded: 0, pending: 0 })
    c.clock.now = new Date(checkoutClock.getTime() + 5 * 60_000)
    expect(await sweep()).toEqual({ refunded: 1, pending: 0 })
    expect(await sweep()).toEqual({ refunded: 0, pending: 0 })
    expect(await refundRows(c.t, id)).toMatchObject([{ status: 'refunded', attempts: 2 }])
    expect(paypal.refunds.size).toBe(1)
  })

  it('retries a refund whose answer timed out with the same PayPal-Request-Id: PayPal refunds once', async () => {
    const order = await paidCardOrder(c.t, [visitAt(freshTime())], c.nour.cookie)
    const id = order.bookings[0]?.id ?? 0
    paypal.delayMs = 4000
    await cancel(id)
    paypal.delayMs = 0
    expect(await refundRows(c.t, id)).toMatchObject([{ status: 'pending' }])
    await new Promise((resolve) => setTimeout(resolve, 2800))
    c.clock.now = new Date(checkoutClock.getTime() + 5 * 60_000)
    expect(await sweep()).toEqual({ refunded: 1, pending: 0 })
    const keys = paypal.requestsTo('refund').map((r) => r.headers['paypal-request-id'])
    expect(new Set(keys).size).toBe(1)
    expect(paypal.refunds.size).toBe(1)
  }, 15_000)

  it('leaves a refund PayPal refuses as already refunded to the team, listed once it is a day old', async () => {
    const order = await paidCardOrder(c.t, [visitAt(freshTime())], c.nour.cookie)
    const id = order.bookings[0]?.id ?? 0
    paypal.refuseRefunds = 'CAPTURE_FULLY_REFUNDED'
    await cancel(id)
    const [row] = await refundRows(c.t, id)
    expect(row?.status).toBe('pending')
    expect(row?.last_error).toMatch(/CAPTURE_FULLY_REFUNDED/)
    c.clock.now = new Date(checkoutClock.getTime() + 2 * 24 * 60 * 60_000)
    // Not retried by itself: someone else gave money back, a person checks it.
    expect(await sweep()).toEqual({ refunded: 0, pending: 0 })
    const admin = (await import('../../../../tests/support/accounts.ts')).signedInUser
    const manager = await admin(c.t, 'refunds-manager@example.bh', 'manager')
    const stuck = await get(c.t, '/api/team/refunds/stuck', manager.cookie)
    expect(stuck.statusCode).toBe(200)
    expect(stuck.json().refunds).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          bookingId: id,
          nextAttemptAt: null,
          lastError: expect.stringMatching(/CAPTURE_FULLY_REFUNDED/),
        }),
      ]),
    )
    expect((await get(c.t, '/api/team/refunds/stuck', c.nour.cookie)).statusCode).toBe(403)
  })
})

describe('refunds of one order’s visits add up to its capture', () => {
  const venueB = 'seef-towers-residences'
  /** Venue B's pass at one price every day: the order's lines are priced by it. */
  async function priceVenueB(fils: number) {
    await c.t.database.db
      .updateTable('passes')
      .set({ weekday_price_fils: fils, weekend_price_fils: fils, holiday_price_fils: fils })
      .where('id', '=', 'seef-towers-residences-gym')
      .execute()
  }
  let nextB = 0
  /** Three visits of venue B, each in a slot of its own, from Tuesday 8 December 2026 on. */
  const threeVisits = () =>
    Array.from({ length: 3 }, () => {
      const n = nextB++
      return line({
        gymId: venueB,
        passId: 'seef-towers-residences-gym',
        date: `2026-12-${String(8 + Math.floor(n / 8)).padStart(2, '0')}`,
        time: `${String(9 + (n % 8)).padStart(2, '0')}:00`,
      })
    })
  const orderCents = async (orderId: string) =>
    (await refundRows(c.t)).filter((r) => r.order_id === orderId).map((r) => r.amount_usd_cents)

  it('gives the last visit refunded what is left: 3 × BD 1.001 is 2.65 + 2.65 + 2.66 USD, the capture', async () => {
    // BD 1.001 is 2.65 USD (265.265 cents) a visit, the order BD 3.003 = 7.96 USD (795.795 cents).
    await priceVenueB(1001)
    const order = await paidCardOrder(c.t, threeVisits(), c.nour.cookie)
    for (const visit of order.bookings) expect((await cancel(visit.id)).statusCode).toBe(200)
    expect(await orderCents(order.id)).toEqual([265, 265, 266])
  })

  it('never refunds more than the capture when the team cancels every visit of an order at once', async () => {
    // BD 13.335 is 35.34 USD (3533.775 cents) a visit; the order BD 40.005 = 106.01 USD, a cent less than 3 × 35.34.
    await priceVenueB(13_335)
    const manager = await signedInUser(c.t, 'concurrent-manager@example.bh', 'manager')
    const orders = []
    for (let n = 0; n < 4; n++) orders.push(await paidCardOrder(c.t, threeVisits()))
    const answers = await Promise.all(
      orders.flatMap((order) =>
        order.bookings.map((visit) =>
          post(
            c.t,
            `/api/team/bookings/${visit.id}/cancel`,
            { reason: 'The pool is closed.' },
            manager.cookie,
          ),
        ),
      ),
    )
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(12).fill(200))
    for (const order of orders) {
      const cents = await orderCents(order.id)
      expect(cents).toHaveLength(3)
      expect(cents.reduce((sum, value) => sum + value, 0)).toBe(10_601)
    }
  })
})

describe('a manager cancelling a card-paid visit the desk has acted on', () => {
  let manager: { id: string; cookie: string }
  beforeAll(async () => {
    manager = await signedInUser(c.t, 'override-manager@example.bh', 'manager')
  })
  const teamCancel = (id: number, body: object) =>
    post(c.t, `/api/team/bookings/${id}/cancel`, { reason: 'Charged by mistake.', ...body }, manager.cookie)
  const checkedIn = async (id: number) =>
    c.t.database.db
      .updateTable('confirmed_bookings')
      .set({ checked_in_at: checkoutClock })
      .where('id', '=', id)
      .execute()

  it('says whether the payment goes back: in full, or not at all', async () => {
    const order = await paidCardOrder(c.t, [visitAt(freshTime()), visitAt(freshTime())], c.nour.cookie)
    const [kept, refunded] = order.bookings.map((booking) => booking.id) as [number, number]
    await checkedIn(kept)
    await checkedIn(refunded)
    const override = { overrideReason: 'The visitor was turned away at the pool.' }
    const noChoice = await teamCancel(kept, override)
    expect(noChoice.statusCode).toBe(409)
    expect(noChoice.json().error.code).toBe('CANCEL_REFUND_CHOICE_REQUIRED')

    const none = await teamCancel(kept, { ...override, refund: 'none' })
    expect(none.statusCode, none.body).toBe(200)
    expect(none.json().cancelledIds).toEqual([kept])
    expect(await refundRows(c.t, kept)).toEqual([])
    expect(paypal.requestsTo('refund')).toHaveLength(0)

    const full = await teamCancel(refunded, { ...override, refund: 'full' })
    expect(full.statusCode, full.body).toBe(200)
    const [refund] = await refundRows(c.t, refunded)
    expect(refund?.status).toBe('refunded')
    const audit = await c.t.database.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('entity_type', '=', 'booking')
      .where('entity_id', 'in', [String(kept), String(refunded)])
      .orderBy('id')
      .execute()
    expect(audit).toMatchObject([
      {
        action: 'booking.cancel_override',
        after: {
          overridden: 'TEAM_CANCEL_CHECKED_IN',
          overrideReason: override.overrideReason,
          refund: 'none',
          refundFils: 0,
        },
      },
      { action: 'booking.cancel_override', after: { refund: 'full', refundFils: refund?.amount_fils } },
    ])
  })
})
