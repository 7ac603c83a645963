import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { ticketPayload } from '../../src/server/domain/visits/ticket-codes.ts'
import type { RedeemEntry } from '../../src/shared/desk.ts'
import { signedInUser, testOrigin } from './accounts.ts'
import { checkoutClock, createCheckoutTestApp, guest, line, placeOrder } from './checkout.ts'
import type { TestApp } from './test-app.ts'

/** Venue A is where most desk tests happen; venue B is another venue with its own staff. */
export const venueA = 'manama-marina-hotel'
export const venueB = 'seef-towers-residences'
const passOf: Record<string, string> = {
  [venueA]: 'manama-marina-hotel-gym',
  [venueB]: 'seef-towers-residences-gym',
}

export interface DeskTest {
  t: TestApp
  /** The app's clock: set it to move "now" for the desk (and the catalog). */
  clock: { now: Date }
  admin: string
  manager: string
  staffA: { id: string; cookie: string }
  staffB: { id: string; cookie: string }
  user: string
}

/** The checkout app at 08:30 on Tuesday 1 December 2026 (Bahrain), with staff assigned by the admin API. */
export async function createDeskTest(): Promise<DeskTest> {
  const clock = { now: checkoutClock }
  const t = await createCheckoutTestApp(undefined, () => clock.now)
  const admin = (await signedInUser(t, 'desk-admin@example.bh', 'admin')).cookie
  const manager = (await signedInUser(t, 'desk-manager@example.bh', 'manager')).cookie
  const staffA = await signedInUser(t, 'staff-a@example.bh', 'staff')
  const staffB = await signedInUser(t, 'staff-b@example.bh', 'staff')
  const user = (await signedInUser(t, 'desk-user@example.bh')).cookie
  for (const [staff, venue] of [
    [staffA, venueA],
    [staffB, venueB],
  ] as const) {
    const response = await send(t, admin, 'PUT', `/api/admin/staff/${staff.id}/venues`, { venueIds: [venue] })
    expect(response.statusCode, response.body).toBe(200)
  }
  return { t, clock, admin, manager, staffA, staffB, user }
}

/**
 * The desk test for the file that calls it (it registers the file's hooks): made before its tests,
 * closed after them, the clock back at `checkoutClock` after each test. The object is filled in
 * before the first test.
 */
export function setUpDeskTest(): DeskTest {
  const d = {} as DeskTest
  beforeAll(async () => {
    Object.assign(d, await createDeskTest())
  })
  afterAll(() => d.t.close())
  afterEach(() => {
    d.clock.now = checkoutClock
  })
  return d
}

/** A request from our own site, as `cookie` (none: anonymous). */
export function send(
  t: TestApp,
  cookie: string | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url,
    headers: { origin: testOrigin, ...(cookie ? { cookie } : {}) },
    ...(payload ? { payload } : {}),
  })
}

/** A pay-at-venue booking by a guest: the row, and its ticket's payload. */
export async function book(
  t: TestApp,
  {
    venue = venueA,
    date = '2026-12-01',
    time = '09:00',
    paid = false,
    email,
    quantity = 1,
  }: {
    venue?: string
    date?: string
    time?: string
    paid?: boolean
    email?: string
    /** People on the line: a party of `quantity` visits sharing the order. */
    quantity?: number
  } = {},
) {
  const response = await placeOrder(t, {
    items: [line({ gymId: venue, passId: passOf[venue], date, time, quantity })],
    paymentMethod: 'venue',
    language: 'en',
    guest: guest(t, email),
  })
  expect(response.statusCode, response.body).toBe(201)
  const db = t.database.db
  if (paid)
    await db
      .updateTable('confirmed_bookings')
      .set({ payment_status: 'paid' })
      .where('order_id', '=', response.json().id)
      .execute()
  const booking = await db
    .selectFrom('confirmed_bookings')
    .selectAll()
    .where('order_id', '=', response.json().id)
    .executeTakeFirstOrThrow()
  return { ...booking, id: Number(booking.id), payload: ticketPayload(t.config.AUTH_SECRET, booking) }
}

/** A scan at the desk: typed into its field (as a USB scanner does) and a new nonce, unless given. */
export function redeem(
  t: TestApp,
  cookie: string | undefined,
  body: { venueId?: string; text: string; entry?: RedeemEntry; nonce?: string; override?: boolean },
) {
  return send(t, cookie, 'POST', '/api/desk/redeem', {
    venueId: venueA,
    entry: 'keyboard',
    nonce: randomUUID(),
    ...body,
  })
}

export function auditOf(t: TestApp, bookingId: number) {
  return t.database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity_type', '=', 'booking')
    .where('entity_id', '=', String(bookingId))
    .orderBy('id')
    .execute()
}
