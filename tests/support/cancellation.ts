import { afterAll, beforeAll, beforeEach, expect } from 'vitest'
import type { OrderLineRequest } from '../../src/shared/checkout.ts'
import { signedInUser, testOrigin } from './accounts.ts'
import { checkoutClock, createPayPalCheckoutApp, guest, placeOrder } from './checkout.ts'
import type { FakePayPal } from './fake-paypal.ts'
import type { TestApp } from './test-app.ts'

export interface CancellationTest {
  t: TestApp
  payments: Awaited<ReturnType<typeof createPayPalCheckoutApp>>['payments']
  /** The app's clock: set `now` to move time for checkout, the policy and the refunds. */
  clock: { now: Date }
  nour: { id: string; cookie: string }
  other: { id: string; cookie: string }
}

/** The checkout app paying through the PayPal fake, with a movable clock and two visitors. */
export async function createCancellationTest(paypal: FakePayPal): Promise<CancellationTest> {
  const clock = { now: checkoutClock }
  const { t, payments } = await createPayPalCheckoutApp(paypal, () => clock.now)
  const nour = await signedInUser(t, 'nour@example.bh')
  const other = await signedInUser(t, 'other@example.bh')
  return { t, payments, clock, nour, other }
}

/**
 * The cancellation test for the file that calls it (it registers the file's hooks): `paypal` started
 * and the app made before its tests, both stopped after them; before each test the fake is reset
 * and the clock is back at `checkoutClock`. The object is filled in before the first test.
 */
export function setUpCancellationTest(paypal: FakePayPal): CancellationTest {
  const c = {} as CancellationTest
  beforeAll(async () => {
    await paypal.start()
    Object.assign(c, await createCancellationTest(paypal))
  })
  afterAll(async () => {
    await paypal.stop()
    await c.t.close()
  })
  beforeEach(() => {
    paypal.reset()
    c.clock.now = checkoutClock
  })
  return c
}

export function post(t: TestApp, url: string, payload: object, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { origin: testOrigin, ...(cookie ? { cookie } : {}) },
  })
}

export function get(t: TestApp, url: string, cookie?: string) {
  return t.app.inject({ method: 'GET', url, headers: { origin: testOrigin, ...(cookie ? { cookie } : {}) } })
}

/**
 * An order paid by card (placed, started and captured): the order answer with its bookings. Signed
 * in with `cookie`, else as a guest (whose bookings carry their manage tokens).
 */
export async function paidCardOrder(
  t: TestApp,
  items: OrderLineRequest[],
  cookie?: string,
): Promise<{ id: string; bookings: { id: number; manageToken: string | null }[] }> {
  const details = cookie ? undefined : guest(t)
  const placed = await placeOrder(
    t,
    { items, paymentMethod: 'card', ...(details ? { guest: details } : {}) },
    cookie ? { cookie } : {},
  )
  expect(placed.statusCode, placed.body).toBe(201)
  const proof = details ? { proof: details.proof } : {}
  const orderId = placed.json().id as string
  const started = await post(t, `/api/checkout/orders/${orderId}/payment`, proof, cookie)
  expect(started.statusCode, started.body).toBe(200)
  const captured = await post(
    t,
    `/api/checkout/orders/${orderId}/capture`,
    { providerOrderId: started.json().providerOrderId, ...proof },
    cookie,
  )
  expect(captured.statusCode, captured.body).toBe(200)
  return captured.json()
}

export async function placesTaken(t: TestApp, hour: number, date = '2026-12-03') {
  const row = await t.database.db
    .selectFrom('slot_occupancy')
    .select('taken')
    .where('venue_id', '=', 'manama-marina-hotel')
    .where('slot_date', '=', date)
    .where('slot_hour', '=', hour)
    .executeTakeFirst()
  return row?.taken ?? 0
}

export async function cancellationMails(t: TestApp) {
  return t.database.db
    .selectFrom('mail_outbox')
    .select(['to_address', 'language', 'payload'])
    .where('template', '=', 'booking-cancellation')
    .orderBy('id')
    .execute()
}

export async function refundRows(t: TestApp, bookingId?: number) {
  let query = t.database.db.selectFrom('booking_refunds').selectAll().orderBy('id')
  if (bookingId) query = query.where('booking_id', '=', bookingId)
  return query.execute()
}
