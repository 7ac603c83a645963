import { randomUUID } from 'node:crypto'
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
