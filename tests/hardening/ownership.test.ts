import ICAL from 'ical.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testPassword } from '../support/accounts.ts'
import { guest } from '../support/checkout.ts'
import { FakeVision } from '../support/fake-vision.ts'
import type { TestApp } from '../support/test-app.ts'
import { databaseState } from './support/database-state.ts'
import { createHardeningApp } from './support/hardening-app.ts'
import { type Caller, callers, requestAs, send as sendAs, type Visitor, visitorsOf } from './support/roles.ts'
import { placeOrderAs } from './support/visits.ts'

/**
 * What the permission table cannot show: whose rows an account reaches. Bookings and orders are
 * their owner's alone, whatever the request names; a guest's link gives whoever holds it its
 * scope's rights and no more; nothing changes or cancels a booking; and no request makes its sender
 * an admin.
 */
const vision = new FakeVision()
let t: TestApp
let visitors: Record<Caller, Visitor>

beforeAll(async () => {
  await vision.start()
  t = await createHardeningApp(vision)
  visitors = await visitorsOf(t)
})
afterAll(async () => {
  await t?.close()
  await vision.stop()
})

let unique = 0
const next = () => ++unique
const send = (visitor: Visitor, method: 'GET' | 'POST', url: string, payload?: object) =>
  sendAs(t, visitor, method, url, payload)

describe('one visitor’s bookings and orders are out of everyone else’s reach', () => {
  const orderRow = (id: string) =>
    t.database.db
      .selectFrom('orders')
      .select(['status', 'provider_order_id', 'payment_error'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()

  it('lists only the caller’s own bookings, whatever the request names', async () => {
    const { user, staff, admin } = visitors
    const { id: orderId } = await placeOrderAs(t, user, 'venue')
    const orderIdsOf = async (visitor: Visitor, query = '') => {
      const response = await send(visitor, 'GET', `/api/bookings${query}`)
      expect(response.statusCode).toBe(200)
      return response.json().bookings.map((booking: { orderId: string }) => booking.orderId)
    }
    expect(await orderIdsOf(user)).toContain(orderId)
    for (const other of [staff, admin]) {
      expect(await orderIdsOf(other)).not.toContain(orderId)
      expect(
        await orderIdsOf(other, `?userId=${user.id}&user_id=${user.id}&orderId=${orderId}`),
      ).not.toContain(orderId)
    }
  })

  it('refuses to start or capture the payment of another account’s order, and leaves it as it was', async () => {
    const { user, guest: guestVisitor, staff, admin, anonymous } = visitors
    const order = await placeOrderAs(t, user, 'card')
    const untouched = await orderRow(order.id)
    for (const other of [anonymous, guestVisitor, staff, admin]) {
      const payment = await send(other, 'POST', `/api/checkout/orders/${order.id}/payment`, {})
      expect([other.caller, payment.statusCode, payment.json().error.code]).toEqual([
        other.caller,
        404,
        'ORDER_NOT_FOUND',
      ])
    }
    expect(await orderRow(order.id)).toEqual(untouched)

    const started = await send(user, 'POST', `/api/checkout/orders/${order.id}/payment`, {})
    expect(started.statusCode).toBe(200)
    const { providerOrderId } = started.json()
    const startedRow = await orderRow(order.id)
    for (const other of [anonymous, guestVisitor, staff, admin]) {
      const capture = await send(other, 'POST', `/api/checkout/orders/${order.id}/capture`, {
        providerOrderId,
      })
      expect([other.caller, capture.statusCode]).toEqual([other.caller, 404])
    }
    expect(await orderRow(order.id)).toEqual(startedRow)
    const captured = await send(user, 'POST', `/api/checkout/orders/${order.id}/capture`, { providerOrderId })
    expect(captured.json().status).toBe('confirmed')
  })

  it('lets a guest order be paid only with the proof of its own e-mail address', async () => {
    const order = await placeOrderAs(t, visitors.anonymous, 'card')
    const untouched = await orderRow(order.id)
    const someoneElses = guest(t).proof
    const tampered = `${order.access.proof?.slice(0, -2)}xx`
    const attempts: Array<[Visitor, object]> = [
      [visitors.anonymous, {}],
      [visitors.anonymous, { proof: someoneElses }],
      [visitors.anonymous, { proof: tampered }],
      [visitors.guest, {}],
      [visitors.user, {}],
      [visitors.admin, { proof: someoneElses }],
    ]
    for (const [visitor, access] of attempts) {
      const payment = await send(visitor, 'POST', `/api/checkout/orders/${order.id}/payment`, access)
      expect([visitor.caller, payment.statusCode]).toEqual([visitor.caller, 403])
      const capture = await send(visitor, 'POST', `/api/checkout/orders/${order.id}/capture`, {
        providerOrderId: 'TEST-ORDER',
        ...access,
      })
      expect([visitor.caller, capture.statusCode]).toEqual([visitor.caller, 403])
    }
    expect(await orderRow(order.id)).toEqual(untouched)
    const own = await send(
      visitors.anonymous,
      'POST',
      `/api/checkout/orders/${order.id}/payment`,
      order.access,
    )
    expect(own.statusCode).toBe(200)
  })
})

describe('a guest’s links give whoever holds them their scope’s rights, and no more', () => {
  /** The read-only link a guest's calendar file carries, as a calendar app reads it. */
  async function calendarLink(manageToken: string) {
    const file = await send(visitors.anonymous, 'GET', `/api/manage/${manageToken}/calendar.ics`)
    expect(file.statusCode).toBe(200)
    const event = new ICAL.Component(ICAL.parse(file.body)).getFirstSubcomponent('vevent')
    return String(event?.getFirstPropertyValue('url') ?? '').split('/booking/')[1] ?? ''
  }

  it('a view link reads the booking but shows no ticket and cancels nothing, whoever sends it', async () => {
    const { manageTokens } = await placeOrderAs(t, visitors.anonymous, 'venue')
    const view = await calendarLink(String(manageTokens[0]))
    const before = await databaseState(t.database.db)
    for (const caller of callers) {
      const visitor = visitors[caller]
      const page = await send(visitor, 'GET', `/api/manage/${view}`)
      expect([caller, page.statusCode, page.json().access]).toEqual([caller, 200, 'view'])
      const qr = await send(visitor, 'GET', `/api/manage/${view}/qr.svg`)
      expect([caller, qr.statusCode]).toEqual([caller, 404])
      for (const scope of ['visit', 'order']) {
        const cancel = await send(visitor, 'POST', `/api/manage/${view}/cancel`, { scope })
        expect([caller, scope, cancel.statusCode, cancel.json().error.code]).toEqual([
          caller,
          scope,
          404,
          'BOOKING_NOT_FOUND',
        ])
      }
    }
    expect(await databaseState(t.database.db)).toEqual(before)
  })

  it('a link revoked by a cancel opens nothing for anyone, its read-only successor nothing more than the booking', async () => {
    const { manageTokens } = await placeOrderAs(t, visitors.anonymous, 'venue')
    const manage = String(manageTokens[0])
    const cancelled = await send(visitors.anonymous, 'POST', `/api/manage/${manage}/cancel`, {})
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    const view = encodeURIComponent(String(cancelled.json().viewToken))
    for (const caller of callers) {
      const visitor = visitors[caller]
      const answers = [
        (await send(visitor, 'GET', `/api/manage/${manage}`)).statusCode,
        (await send(visitor, 'GET', `/api/manage/${manage}/qr.svg`)).statusCode,
        (await send(visitor, 'GET', `/api/manage/${manage}/calendar.ics`)).statusCode,
        (await send(visitor, 'POST', `/api/manage/${manage}/cancel`, {})).statusCode,
        (await send(visitor, 'GET', `/api/manage/${view}/qr.svg`)).statusCode,
        (await send(visitor, 'POST', `/api/manage/${view}/cancel`, {})).statusCode,
      ]
      expect([caller, ...answers]).toEqual([caller, 404, 404, 404, 404, 404, 404])
      expect((await send(visitor, 'GET', `/api/manage/${view}`)).statusCode).toBe(200)
    }
  })
})

describe('what no one can do', () => {
  it('change a booking or an order, or cancel one but through the cancel endpoints: no such endpoint, nothing changes', async () => {
    const { user, admin } = visitors
    const { id: orderId, bookingIds } = await placeOrderAs(t, user, 'venue')
    const bookingId = bookingIds[0]
    const before = await databaseState(t.database.db)
    const attempts = [
      ...(['PUT', 'PATCH', 'DELETE'] as const).flatMap((method) => [
        [method, '/api/bookings'],
        [method, `/api/bookings/${bookingId}`],
        [method, `/api/checkout/orders/${orderId}`],
      ]),
      ['POST', '/api/bookings'],
      ['POST', `/api/bookings/${bookingId}`],
      ['POST', `/api/checkout/orders/${orderId}/cancel`],
      ['GET', `/api/bookings/${bookingId}`],
    ] as const
    for (const visitor of [user, admin]) {
      for (const [method, url] of attempts) {
        const response = await requestAs(t, visitor, {
          method,
          url,
          payload: { status: 'cancelled', date: '2026-12-31', time: '08:00', paymentStatus: 'paid' },
        })
        expect([visitor.caller, method, url, response.statusCode]).toEqual([visitor.caller, method, url, 404])
      }
      // Cancelling takes only its scope: anything else in the body is refused whole.
      const cancel = await requestAs(t, visitor, {
        method: 'POST',
        url: `/api/bookings/${bookingId}/cancel`,
        payload: { status: 'cancelled', date: '2026-12-31', time: '08:00', paymentStatus: 'paid' },
      })
      expect([visitor.caller, cancel.statusCode]).toEqual([visitor.caller, 400])
    }
    expect(await databaseState(t.database.db)).toEqual(before)
  })

  it('make themselves an admin or activate their own account through sign-up or their profile', async () => {
    const email = `climber-${next()}@example.bh`
    const elevated = { role: 'admin', emailVerified: true, email_verified: true, isAnonymous: false }
    const signUp = await send(visitors.anonymous, 'POST', '/api/auth/sign-up/email', {
      email,
      password: testPassword,
      name: 'Climber',
      ...elevated,
    })
    expect(signUp.statusCode).toBe(404)
    const registered = `registered-${next()}@example.bh`
    await send(visitors.anonymous, 'POST', '/api/accounts/register', {
      firstName: 'Climber',
      lastName: 'Two',
      email: registered,
      confirmEmail: registered,
      password: testPassword,
      confirmPassword: testPassword,
      ...elevated,
    })
    const update = await send(visitors.user, 'POST', '/api/auth/update-user', { name: 'User', ...elevated })
    expect(update.statusCode).toBeLessThan(500)
    const accounts = await t.database.db
      .selectFrom('users')
      .select(['email', 'role', 'email_verified'])
      .where('email', 'in', [email, registered, visitors.user.email ?? ''])
      .orderBy('email')
      .execute()
    expect(accounts).toEqual([
      { email: registered, role: 'user', email_verified: false },
      { email: visitors.user.email, role: 'user', email_verified: true },
    ])
  })
})
