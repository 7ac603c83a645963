import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect } from 'vitest'
import { CatalogService } from '../../src/server/domain/catalog/service.ts'
import { issueGuestProof } from '../../src/server/domain/guest-verification/proof.ts'
import type { Database } from '../../src/server/platform/db/database.ts'
import { createPayPalProvider } from '../../src/server/platform/payments/paypal-provider.ts'
import type { PaymentProvider } from '../../src/server/platform/payments/provider.ts'
import type { TapProvider } from '../../src/server/platform/payments/tap.ts'
import { createTapProvider } from '../../src/server/platform/payments/tap-provider.ts'
import { seedIfEmpty } from '../../src/server/seed.ts'
import type { OrderLineRequest } from '../../src/shared/checkout.ts'
import { testOrigin } from './accounts.ts'
import type { FakePayPal } from './fake-paypal.ts'
import type { FakeTap } from './fake-tap.ts'
import { createTestApp, type TestApp } from './test-app.ts'

/** Tuesday 1 December 2026, 08:30 in Bahrain: the 08:00 slot has started, 09:00 has not. */
export const checkoutClock = new Date('2026-12-01T05:30:00Z')

/** The app on a fresh database with a fixed clock, and optionally a payment provider. */
export async function createCheckoutTestApp(
  payments?: PaymentProvider,
  now: () => Date = () => checkoutClock,
  tap?: TapProvider,
): Promise<TestApp> {
  const t = await createTestApp({ PUBLIC_URL: testOrigin }, (database) => ({
    now,
    catalog: new CatalogService(database.db, { cacheMs: 0, now }),
    ...(payments ? { payments } : {}),
    ...(tap ? { tap } : {}),
  }))
  await seedIfEmpty(t.database.db)
  return t
}

export interface ListeningCheckoutApp {
  t: TestApp
  /** Where the app listens: `http://127.0.0.1:<port>`. */
  baseUrl: string
}

/**
 * The checkout app listening on a free local port, for the file that calls it (it registers the
 * file's hooks): made before its tests with `capacity` places in each of venue A's slots, closed
 * after them. The object is filled in before the first test.
 */
export function setUpListeningCheckoutApp(capacity: number): ListeningCheckoutApp {
  const l = {} as ListeningCheckoutApp
  beforeAll(async () => {
    l.t = await createCheckoutTestApp()
    await l.t.database.db
      .updateTable('venues')
      .set({ capacity_per_slot: capacity })
      .where('id', '=', 'manama-marina-hotel')
      .execute()
    l.baseUrl = await l.t.app.listen({ host: '127.0.0.1', port: 0 })
  })
  afterAll(() => l.t.close())
  return l
}

/** An order sent over real HTTP to `baseUrl`, with an idempotency key of its own: its status and answer. */
export async function sendOrder(baseUrl: string, body: object) {
  const response = await fetch(`${baseUrl}/api/checkout/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: testOrigin, 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: await response.json() }
}

/** The places taken and the capacity of venue A's slot at `hour` (Bahrain) on `date`. */
export function slotOccupancy(db: Database, date: string, hour: number) {
  return db
    .selectFrom('slot_occupancy')
    .select(['taken', 'capacity'])
    .where('venue_id', '=', 'manama-marina-hotel')
    .where('slot_date', '=', date)
    .where('slot_hour', '=', hour)
    .executeTakeFirstOrThrow()
}

/** Everything an order writes, counted: to prove a refused one wrote nothing. */
export async function whatOrdersWrote(db: Database) {
  const count = async (
    table: 'orders' | 'order_lines' | 'confirmed_bookings' | 'mail_outbox' | 'idempotency_keys',
  ) => (await db.selectFrom(table).select(db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n
  const taken = await db
    .selectFrom('slot_occupancy')
    .select(db.fn.sum<string>('taken').as('n'))
    .executeTakeFirstOrThrow()
  return {
    orders: await count('orders'),
    lines: await count('order_lines'),
    bookings: await count('confirmed_bookings'),
    mails: await count('mail_outbox'),
    keys: await count('idempotency_keys'),
    taken: String(taken.n ?? 0),
  }
}

export function line(overrides: Partial<OrderLineRequest> = {}): OrderLineRequest {
  return {
    gymId: 'manama-marina-hotel',
    passId: 'manama-marina-hotel-gym',
    date: '2026-12-03',
    time: '10:00',
    ...overrides,
  }
}

/** Guest details with a valid e-mail proof, as the verify-code endpoint would have issued it. */
export function guest(t: TestApp, email = `guest-${randomUUID().slice(0, 8)}@example.bh`) {
  return {
    firstName: 'Fatima',
    lastName: 'Al Sayed',
    email,
    mobileNumber: '+97333123456',
    proof: issueGuestProof(t.config.AUTH_SECRET, email, checkoutClock).proof,
  }
}

export function placeOrder(
  t: TestApp,
  body: object,
  { key = randomUUID(), cookie }: { key?: string | null; cookie?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/checkout/orders',
    payload: body,
    headers: {
      origin: testOrigin,
      ...(key ? { 'idempotency-key': key } : {}),
      ...(cookie ? { cookie } : {}),
    },
  })
}

/**
 * A pay-at-venue order for one visit on `item`'s line, by the account signed in with `cookie`, else
 * by a guest: the visit's booking row.
 */
export async function bookAtVenue(
  t: TestApp,
  item: Partial<OrderLineRequest>,
  { cookie, language = 'en' }: { cookie?: string; language?: 'en' | 'ar' } = {},
) {
  const response = await placeOrder(
    t,
    { items: [line(item)], paymentMethod: 'venue', language, ...(cookie ? {} : { guest: guest(t) }) },
    cookie ? { cookie } : {},
  )
  expect(response.statusCode, response.body).toBe(201)
  return t.database.db
    .selectFrom('confirmed_bookings')
    .selectAll()
    .where('order_id', '=', response.json().id)
    .executeTakeFirstOrThrow()
}

/**
 * The checkout app paying through the local PayPal fake (started), with a 1.5 s timeout: room for a
 * busy test machine, while the fake's `delayMs` of 4 s still makes a timeout. Returns the provider
 * too, for the sweeper.
 */
export async function createPayPalCheckoutApp(paypal: FakePayPal, now?: () => Date) {
  const payments = createPayPalProvider({
    clientId: paypal.clientId,
    clientSecret: paypal.clientSecret,
    apiBase: paypal.url,
    timeoutMs: 1500,
  })
  return { t: await createCheckoutTestApp(payments, now), payments }
}

/** The checkout app paying BENEFIT and cards in BD through the local Tap fake (started), 1.5 s timeout. */
export async function createTapCheckoutApp(fake: FakeTap, now?: () => Date) {
  const tap = createTapProvider({ secretKey: fake.secretKey, apiBase: fake.url, timeoutMs: 1500 })
  return { t: await createCheckoutTestApp(undefined, now, tap), tap }
}

/**
 * An order for `item` paid through Tap (`method`), placed and sent to Tap's page: by the account
 * signed in with `cookie`, else by a guest. The order, the guest's details (none for an account),
 * the address of Tap's page and the charge's id.
 */
export async function startTapOrder(
  t: TestApp,
  fake: FakeTap,
  item: OrderLineRequest,
  method: 'benefit' | 'card_bhd',
  cookie?: string,
) {
  const details = cookie ? undefined : guest(t)
  const placed = await placeOrder(
    t,
    { items: [item], paymentMethod: method, ...(details ? { guest: details } : {}) },
    cookie ? { cookie } : {},
  )
  expect(placed.statusCode, placed.body).toBe(201)
  const order = placed.json() as { id: string; status: string; total: string }
  const started = await t.app.inject({
    method: 'POST',
    url: `/api/checkout/orders/${order.id}/redirect-payment`,
    payload: details ? { proof: details.proof } : {},
    headers: { origin: testOrigin, ...(cookie ? { cookie } : {}) },
  })
  expect(started.statusCode, started.body).toBe(200)
  const charge = fake.chargeOf(order.id)
  if (!charge) throw new Error('no charge made')
  return { order, details, redirectUrl: started.json().redirectUrl as string, chargeId: charge.id }
}

/** The payment status of each booking of an order, and how many confirmation mails the order has. */
export async function bookingsAndMails(db: Database, orderId: string) {
  const bookings = await db
    .selectFrom('confirmed_bookings')
    .select(['id', 'payment_status'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute()
  const mails = await db
    .selectFrom('mail_outbox')
    .select('payload')
    .where('template', '=', 'booking-confirmation')
    .execute()
  return {
    statuses: bookings.map((booking) => booking.payment_status),
    // One confirmation per order, every visit of it in the one mail.
    confirmations: mails.filter((mail) => (mail.payload as { orderId?: string }).orderId === orderId).length,
  }
}
