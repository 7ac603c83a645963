import { randomUUID } from 'node:crypto'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { returnLinkExpiry, returnToken } from '../../src/server/domain/checkout/tap-payment.ts'
import { ticketPayload } from '../../src/server/domain/visits/ticket-codes.ts'
import { signId } from '../../src/server/platform/identity/signed-id.ts'
import { hasPermission } from '../../src/shared/permissions.ts'
import type { AdminPass, AdminVenueDetail } from '../../src/shared/venue-admin.ts'
import { signedInUser, testPassword } from '../support/accounts.ts'
import { checkoutClock, guest, line, placeOrder } from '../support/checkout.ts'
import { FakeVision } from '../support/fake-vision.ts'
import { samplePng } from '../support/photos.ts'
import type { TestApp } from '../support/test-app.ts'
import { passForm, unchangedDetails, unchangedPass } from '../support/venue-admin.ts'
import { areaRules } from './support/authorization-areas.ts'
import { adminsAlone, contentEditors, dashboardViewers, teamRules } from './support/authorization-team.ts'
import { declaredByKey, expectedFromAccess } from './support/declared.ts'
import {
  createHardeningApp,
  scheduleVenue,
  tinyPngBase64,
  vendorApplication,
} from './support/hardening-app.ts'
import { invitationVenue, pendingInvitation, statusToken } from './support/invitations.ts'
import { checkedInVisit, writtenReview } from './support/reviews.ts'
import { type Caller, callers, requestAs, send as sendAs, type Visitor, visitorsOf } from './support/roles.ts'
import { requiredKeys } from './support/routes.ts'
import { freshLine, idempotencyKey, placeOrderAs } from './support/visits.ts'
import { prepareWaitlist, waitlistJoin } from './support/waitlist.ts'

const vision = new FakeVision()
let t: TestApp
let visitors: Record<Caller, Visitor>
let png: string
let photo: Buffer
let applicationId: number
/** A booking of the user visitor's, and a guest's booking's manage token. */
let userBookingId: number
let userOrderId: string
let guestToken: string
/** The same, paid at the desk: they have receipts. */
let receiptOrderId: string
let receiptGuestToken: string
/** A guest's waiting list request for a slot the suite fills. */
let waitlistToken: string

beforeAll(async () => {
  await vision.start()
  t = await createHardeningApp(vision)
  visitors = await visitorsOf(t)
  png = await tinyPngBase64()
  photo = await samplePng(240, 160)
  const application = await requestAs(t, visitors.anonymous, {
    method: 'POST',
    url: '/api/vendor-applications',
    payload: vendorApplication('reviewed'),
  })
  applicationId = application.json().id
  // The staff visitor works at the desk of one venue: the desk's rules use that venue.
  await t.database.db
    .insertInto('venue_staff')
    .values({ user_id: visitors.staff.id as string, venue_id: deskVenue })
    .execute()
  // The manager visitor runs the venue staff are invited to: their invitations are to that venue.
  await t.database.db
    .insertInto('venue_staff')
    .values({ user_id: visitors.manager.id as string, venue_id: invitationVenue })
    .execute()
  const own = await placeOrder(
    t,
    { items: [line({ time: '13:00' })], paymentMethod: 'venue' },
    { cookie: visitors.user.cookie ?? '' },
  )
  userBookingId = own.json().bookings[0].id
  userOrderId = own.json().id
  const guests = await placeOrder(t, {
    items: [line({ time: '14:00' })],
    paymentMethod: 'venue',
    guest: guest(t),
  })
  guestToken = guests.json().bookings[0].manageToken
  const paidOwn = await placeOrder(
    t,
    { items: [line({ time: '15:00' })], paymentMethod: 'venue' },
    { cookie: visitors.user.cookie ?? '' },
  )
  const paidGuest = await placeOrder(t, {
    items: [line({ time: '16:00' })],
    paymentMethod: 'venue',
    guest: guest(t),
  })
  receiptOrderId = paidOwn.json().id
  receiptGuestToken = paidGuest.json().bookings[0].manageToken
  await t.database.db
    .updateTable('confirmed_bookings')
    .set({ desk_paid_at: new Date(), desk_payment_method: 'cash' })
    .where('order_id', 'in', [receiptOrderId, paidGuest.json().id])
    .execute()
  waitlistToken = await prepareWaitlist(t)
})
afterAll(async () => {
  await t?.close()
  await vision.stop()
})

type Expected = Record<Caller, number>
const everyone = (status: number): Expected => ({
  anonymous: status,
  guest: status,
  user: status,
  staff: status,
  manager: status,
  admin: status,
})
/** canManageVenues: managers and admins (src/shared/permissions.ts). */
const venueManagersOnly: Expected = {
  anonymous: 401,
  guest: 401,
  user: 403,
  staff: 403,
  manager: 200,
  admin: 200,
}

/** canManageBookings: staff (for their venues), managers and admins. */
const deskOnly: Expected = { anonymous: 401, guest: 401, user: 403, staff: 200, manager: 200, admin: 200 }
/** canManageUsers: admins. */
const adminsOnly: Expected = { anonymous: 401, guest: 401, user: 403, staff: 403, manager: 403, admin: 200 }
const deskVenue = 'manama-marina-hotel'

let unique = 0
const next = () => ++unique
const send = (visitor: Visitor, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  sendAs(t, visitor, method, url, payload)

/** A new application, pending, sent by an anonymous visitor: its id. */
async function pendingApplication(): Promise<number> {
  const response = await send(
    { caller: 'anonymous' },
    'POST',
    '/api/vendor-applications',
    vendorApplication(`pending-${next()}`),
  )
  return response.json().id
}

/** A session of the visitor's own that may be ended without spoiling the visitor for other tests. */
async function freshSession(visitor: Visitor): Promise<Visitor> {
  if (visitor.caller === 'anonymous') return visitor
  const response = visitor.email
    ? await send({ caller: 'anonymous' }, 'POST', '/api/auth/sign-in/email', {
        email: visitor.email,
        password: testPassword,
      })
    : await send({ caller: 'anonymous' }, 'POST', '/api/auth/sign-in/anonymous', {})
  const cookie = String(response.headers['set-cookie']).split(';')[0]
  return { ...visitor, cookie }
}

interface Rule {
  key: string
  /**
   * Only where the answer is not the declared access's alone (src/shared/endpoints): an endpoint with
   * no declaration yet, better-auth's own, or one that answers by what the request names (another's
   * booking, a spent code). Otherwise it is expectedFromAccess of the declaration.
   */
  expected?: Expected
  send(visitor: Visitor): Promise<LightMyRequestResponse>
}

/** What each visitor gets from the rule's endpoint: its own table, else its declared access's. */
function expectedOf(rule: Rule): Expected {
  if (rule.expected) return rule.expected
  const declared = declaredByKey.get(rule.key)
  if (!declared)
    throw new Error(`${rule.key} has no declaration in src/shared/endpoints and no table of its own`)
  return expectedFromAccess(declared)
}

/** The permission table: what each kind of visitor gets from each endpoint, with a well-formed request. */
const rules: Rule[] = [
  { key: 'GET /api/health', send: (v) => send(v, 'GET', '/api/health') },
  { key: 'GET /api/session', send: (v) => send(v, 'GET', '/api/session') },
  { key: 'GET /api/openapi.json', send: (v) => send(v, 'GET', '/api/openapi.json') },
  { key: 'GET /api/gyms', send: (v) => send(v, 'GET', '/api/gyms') },
  {
    key: 'GET /api/gyms/:id',
    send: (v) => send(v, 'GET', '/api/gyms/manama-marina-hotel'),
  },
  {
    key: 'GET /api/gyms/:id/availability',
    send: (v) => send(v, 'GET', '/api/gyms/manama-marina-hotel/availability?date=2026-12-03'),
  },
  { key: 'GET /api/scan/config', send: (v) => send(v, 'GET', '/api/scan/config') },
  {
    key: 'POST /api/scan',
    send: (v) => send(v, 'POST', '/api/scan', { imageBase64: png }),
  },
  {
    key: 'GET /api/checkout/payment-config',
    send: (v) => send(v, 'GET', '/api/checkout/payment-config'),
  },
  { key: 'GET /api/bookings', send: (v) => send(v, 'GET', '/api/bookings') },
  {
    // The user's own booking: every other account is told it does not exist.
    key: 'GET /api/bookings/:id/qr.svg',
    expected: { anonymous: 401, guest: 401, user: 200, staff: 404, manager: 404, admin: 404 },
    send: (v) => send(v, 'GET', `/api/bookings/${userBookingId}/qr.svg`),
  },
  {
    // "Add to calendar" for the user's own booking; every other account is told it does not exist.
    key: 'GET /api/bookings/:id/calendar.ics',
    expected: { anonymous: 401, guest: 401, user: 200, staff: 404, manager: 404, admin: 404 },
    send: (v) => send(v, 'GET', `/api/bookings/${userBookingId}/calendar.ics`),
  },
  {
    // The user's own order, the confirmation's page: every other account is told it does not exist.
    key: 'GET /api/orders/:id',
    expected: { anonymous: 401, guest: 401, user: 200, staff: 404, manager: 404, admin: 404 },
    send: (v) => send(v, 'GET', `/api/orders/${userOrderId}`),
  },
  {
    key: 'GET /api/orders/:id/receipt',
    expected: { anonymous: 401, guest: 401, user: 200, staff: 404, manager: 404, admin: 404 },
    send: (v) => send(v, 'GET', `/api/orders/${receiptOrderId}/receipt`),
  },
  {
    key: 'GET /api/orders/:id/receipt.pdf',
    expected: { anonymous: 401, guest: 401, user: 200, staff: 404, manager: 404, admin: 404 },
    send: (v) => send(v, 'GET', `/api/orders/${receiptOrderId}/receipt.pdf`),
  },
  {
    // The signed link is the key: whoever holds it, signed in or not.
    key: 'GET /api/manage/:token/receipt',
    send: (v) => send(v, 'GET', `/api/manage/${receiptGuestToken}/receipt`),
  },
  {
    key: 'GET /api/manage/:token/receipt.pdf',
    send: (v) => send(v, 'GET', `/api/manage/${receiptGuestToken}/receipt.pdf`),
  },
  {
    key: 'GET /api/manage/:token/calendar.ics',
    send: (v) => send(v, 'GET', `/api/manage/${guestToken}/calendar.ics`),
  },
  {
    // The signed link is the key: whoever holds it, signed in or not.
    key: 'GET /api/manage/:token',
    send: (v) => send(v, 'GET', `/api/manage/${guestToken}`),
  },
  {
    key: 'GET /api/manage/:token/qr.svg',
    send: (v) => send(v, 'GET', `/api/manage/${guestToken}/qr.svg`),
  },
  {
    key: 'GET /api/account/export',
    send: (v) => send(v, 'GET', '/api/account/export'),
  },
  {
    key: 'POST /api/account/delete',
    // Each account deletes an account of its own role made for the purpose, not the shared visitor.
    send: async (v) => {
      const caller = v.caller
      const own =
        caller === 'anonymous' || caller === 'guest'
          ? v
          : { caller, ...(await signedInUser(t, `delete-${caller}-${next()}@example.bh`, caller)) }
      return send(own, 'POST', '/api/account/delete', { password: testPassword })
    },
  },
  {
    key: 'GET /api/admin/vendor-applications',
    send: (v) => send(v, 'GET', '/api/admin/vendor-applications'),
  },
  {
    key: 'GET /api/admin/vendor-applications/:id',
    send: (v) => send(v, 'GET', `/api/admin/vendor-applications/${applicationId}`),
  },
  ...venueEditorRules(),
  ...deskRules(),
  ...teamRules(
    () => t,
    () => visitors,
    (v, method, url, payload) => send(v, method, url, payload),
  ),
  ...areaRules(
    () => t,
    (v, method, url, payload) => send(v, method, url, payload),
  ),
  ...reportRules(),
  ...cancellationRules(),
  ...waitlistRules(),
  ...reviewRules(),
  ...invitationRules(),
  {
    key: 'POST /api/admin/vendor-applications/:id/approve',
    // A pending application of its own for each caller: an application is decided once.
    send: async (v) =>
      send(v, 'POST', `/api/admin/vendor-applications/${await pendingApplication()}/approve`),
  },
  {
    key: 'POST /api/admin/vendor-applications/:id/decline',
    send: async (v) =>
      send(v, 'POST', `/api/admin/vendor-applications/${await pendingApplication()}/decline`, {
        reason: 'We only list venues with a pool.',
      }),
  },
  {
    key: 'GET /api/admin/venues/:id/photos',
    send: (v) => send(v, 'GET', '/api/admin/venues/elite-resort-spa/photos'),
  },
  {
    key: 'POST /api/admin/venues/:id/photos',
    send: (v) =>
      requestAs(t, v, {
        method: 'POST',
        url: '/api/admin/venues/elite-resort-spa/photos',
        payload: photo,
        headers: { 'content-type': 'image/png' },
      }),
  },
  {
    key: 'PATCH /api/admin/venues/:id/photos/:photoId',
    send: (v) =>
      requestAs(t, v, {
        method: 'PATCH',
        url: '/api/admin/venues/elite-resort-spa/photos/gym',
        payload: { altEn: `Set by ${v.caller}`, altAr: '' },
      }),
  },
  {
    key: 'PUT /api/admin/venues/:id/photos/order',
    send: async (v) => {
      const keys = await t.database.db
        .selectFrom('venue_images')
        .select('image_key')
        .where('venue_id', '=', 'elite-resort-spa')
        .orderBy('position', 'desc')
        .execute()
      return requestAs(t, v, {
        method: 'PUT',
        url: '/api/admin/venues/elite-resort-spa/photos/order',
        payload: { keys: keys.map((row) => row.image_key) },
      })
    },
  },
  {
    key: 'DELETE /api/admin/venues/:id/photos/:photoId',
    // Each caller aims at a photo of its own, so the managers' deletions do not take another's target.
    send: (v) =>
      requestAs(t, v, {
        method: 'DELETE',
        url: `/api/admin/venues/vida-beach-hotel/photos/${v.caller === 'admin' ? 'pool' : 'wellness'}`,
      }),
  },
  {
    key: 'GET /api/admin/venues/:id/schedule',
    send: (v) => send(v, 'GET', `/api/admin/venues/${scheduleVenue}/schedule`),
  },
  {
    key: 'PUT /api/admin/venues/:id/hours',
    // The venue's own hours and places: allowed or not, nothing anyone books changes.
    send: (v) =>
      send(v, 'PUT', `/api/admin/venues/${scheduleVenue}/hours`, {
        weeklyHours: Array.from({ length: 7 }, () => [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]),
        capacityPerSlot: 15,
      }),
  },
  {
    key: 'PUT /api/admin/venues/:id/exceptions/:date',
    send: (v) =>
      send(v, 'PUT', `/api/admin/venues/${scheduleVenue}/exceptions/2026-12-21`, {
        closedAllDay: false,
        closedHours: [19],
        capacity: null,
      }),
  },
  {
    key: 'DELETE /api/admin/venues/:id/exceptions/:date',
    // Each caller finds an exception to remove: the one before may have removed it.
    send: async (v) => {
      await t.database.db
        .insertInto('venue_date_exceptions')
        .values({ venue_id: scheduleVenue, exception_date: '2026-12-22', closed_hours: [19] })
        .onConflict((conflict) => conflict.doNothing())
        .execute()
      return send(v, 'DELETE', `/api/admin/venues/${scheduleVenue}/exceptions/2026-12-22`)
    },
  },
  {
    key: 'POST /api/vendor-applications',
    send: (v) => send(v, 'POST', '/api/vendor-applications', vendorApplication(`venue-${next()}`)),
  },
  {
    key: 'POST /api/contact',
    send: (v) =>
      send(v, 'POST', '/api/contact', {
        name: 'Sara Ali',
        email: `contact-${next()}@example.bh`,
        subject: 'Pool hours',
        message: 'Is the pool open on Fridays?',
      }),
  },
  {
    key: 'POST /api/newsletter',
    send: (v) => send(v, 'POST', '/api/newsletter', { email: `news-${next()}@example.bh` }),
  },
  {
    key: 'POST /api/accounts/register',
    send: (v) => {
      const email = `register-${next()}@example.bh`
      return send(v, 'POST', '/api/accounts/register', {
        firstName: 'Sara',
        lastName: 'Ali',
        email,
        confirmEmail: email,
        password: testPassword,
        confirmPassword: testPassword,
      })
    },
  },
  {
    key: 'POST /api/auth/sign-up/email',
    // Registration is /api/accounts/register; better-auth's own sign-up does not exist for anyone.
    expected: everyone(404),
    send: (v) =>
      send(v, 'POST', '/api/auth/sign-up/email', {
        email: `sign-up-${next()}@example.bh`,
        password: testPassword,
        name: 'Sara Ali',
      }),
  },
  {
    key: 'POST /api/auth/sign-in/email',
    expected: everyone(200),
    // Anyone may sign in, to their own account; visitors without one use the user's.
    send: (v) =>
      send(v, 'POST', '/api/auth/sign-in/email', {
        email: v.email ?? visitors.user.email,
        password: testPassword,
      }),
  },
  {
    key: 'POST /api/auth/sign-in/anonymous',
    // A guest session cannot start another guest session from within itself.
    expected: { ...everyone(200), guest: 400 },
    send: async (v) => send(await freshSession(v), 'POST', '/api/auth/sign-in/anonymous', {}),
  },
  {
    key: 'POST /api/auth/sign-out',
    expected: everyone(200),
    send: async (v) => send(await freshSession(v), 'POST', '/api/auth/sign-out', {}),
  },
  {
    key: 'POST /api/auth/request-password-reset',
    expected: everyone(200),
    send: (v) =>
      send(v, 'POST', '/api/auth/request-password-reset', {
        email: `nobody-${next()}@example.bh`,
        redirectTo: '/reset-password',
      }),
  },
  {
    key: 'POST /api/auth/reset-password',
    // A made-up token, whoever sends it.
    expected: everyone(400),
    send: (v) =>
      send(v, 'POST', '/api/auth/reset-password', { newPassword: testPassword, token: `made-up-${next()}` }),
  },
  {
    key: 'GET /api/auth/reset-password/:token',
    // The link of the reset mail: it sends the browser to the page, which shows that the token is bad.
    expected: everyone(302),
    send: (v) => send(v, 'GET', `/api/auth/reset-password/made-up-${next()}?callbackURL=%2Freset-password`),
  },
  {
    key: 'POST /api/auth/send-verification-email',
    // Signed in to an account, one may only ask for the link to one's own address.
    expected: { anonymous: 200, guest: 200, user: 400, staff: 400, manager: 400, admin: 400 },
    send: (v) =>
      send(v, 'POST', '/api/auth/send-verification-email', {
        email: `nobody-${next()}@example.bh`,
        callbackURL: '/login?activated=1',
      }),
  },
  {
    key: 'GET /api/auth/verify-email',
    // A made-up token, whoever sends it.
    expected: everyone(401),
    send: (v) => send(v, 'GET', `/api/auth/verify-email?token=made-up-${next()}`),
  },
  {
    key: 'POST /api/guest-verification/send-code',
    send: (v) => send(v, 'POST', '/api/guest-verification/send-code', { email: `code-${next()}@example.bh` }),
  },
  {
    key: 'POST /api/guest-verification/verify-code',
    // Open to all; the code here is wrong, which is the same answer for everyone.
    expected: everyone(400),
    send: (v) =>
      send(v, 'POST', '/api/guest-verification/verify-code', {
        email: `code-${next()}@example.bh`,
        code: '123456',
      }),
  },
  {
    key: 'POST /api/checkout/quote',
    send: (v) => send(v, 'POST', '/api/checkout/quote', { items: [freshLine()] }),
  },
  {
    key: 'POST /api/checkout/orders',
    // Accounts book as themselves; visitors without one (a guest session too) as a verified guest.
    send: (v) =>
      requestAs(t, v, {
        method: 'POST',
        url: '/api/checkout/orders',
        payload: { items: [freshLine()], paymentMethod: 'venue', ...(v.email ? {} : { guest: guest(t) }) },
        headers: { 'idempotency-key': idempotencyKey() },
      }),
  },
  {
    key: 'POST /api/checkout/orders/:id/payment',
    send: async (v) => {
      const order = await placeOrderAs(t, v, 'card')
      return send(v, 'POST', `/api/checkout/orders/${order.id}/payment`, order.access)
    },
  },
  {
    key: 'POST /api/checkout/orders/:id/capture',
    send: async (v) => {
      const order = await placeOrderAs(t, v, 'card')
      const started = await send(v, 'POST', `/api/checkout/orders/${order.id}/payment`, order.access)
      const { providerOrderId } = started.json()
      return send(v, 'POST', `/api/checkout/orders/${order.id}/capture`, { providerOrderId, ...order.access })
    },
  },
  {
    key: 'POST /api/checkout/orders/:id/redirect-payment',
    send: async (v) => {
      const order = await placeOrderAs(t, v, 'benefit')
      return send(v, 'POST', `/api/checkout/orders/${order.id}/redirect-payment`, order.access)
    },
  },
  {
    key: 'POST /api/checkout/orders/:id/tap-return',
    // The signed return address is the access, whoever holds it (Tap sends the browser back to it).
    send: async (v) => {
      const order = await placeOrderAs(t, v, 'card_bhd')
      await send(v, 'POST', `/api/checkout/orders/${order.id}/redirect-payment`, order.access)
      const tapId = await chargeOf(order.id)
      return send(v, 'POST', `/api/checkout/orders/${order.id}/tap-return`, {
        tapId,
        token: returnToken(t.config.AUTH_SECRET, order.id, returnLinkExpiry(checkoutClock)),
      })
    },
  },
  {
    key: 'POST /api/payments/tap/webhook',
    // Tap's server calls it, signed with the secret key: nobody else's request is ever taken.
    expected: everyone(401),
    send: (v) => send(v, 'POST', '/api/payments/tap/webhook', { id: `chg_${next()}`, status: 'CAPTURED' }),
  },
  {
    key: 'GET /api/checkout/test-charges/:chargeId',
    send: async (v) => send(v, 'GET', `/api/checkout/test-charges/${await testChargeId(v)}`),
  },
  {
    key: 'POST /api/checkout/test-charges/:chargeId/decision',
    send: async (v) =>
      send(v, 'POST', `/api/checkout/test-charges/${await testChargeId(v)}/decision`, { action: 'decline' }),
  },
]

/** The charge id kept on an order once its Tap payment has started. */
async function chargeOf(orderId: string): Promise<string> {
  const row = await t.database.db
    .selectFrom('orders')
    .select('provider_order_id')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow()
  return String(row.provider_order_id)
}

/** A test-mode charge of a BENEFIT order of the visitor's own. */
async function testChargeId(v: Visitor): Promise<string> {
  const order = await placeOrderAs(t, v, 'benefit')
  await send(v, 'POST', `/api/checkout/orders/${order.id}/redirect-payment`, order.access)
  return chargeOf(order.id)
}

/** The evening's slots in turn, so the many desk bookings never fill one. */
let deskBookings = 0
const deskTimes = ['18:00', '16:00', '15:00', '14:00']

/** A pay-at-venue visit to the desk's venue today (the checkout clock's 1 December): its id. */
async function todaysBooking(): Promise<number> {
  const time = deskTimes[deskBookings++ % deskTimes.length]
  const response = await requestAs(t, visitors.anonymous, {
    method: 'POST',
    url: '/api/checkout/orders',
    payload: {
      items: [line({ gymId: deskVenue, date: '2026-12-01', time })],
      paymentMethod: 'venue',
      guest: guest(t),
    },
    headers: { 'idempotency-key': idempotencyKey() },
  })
  if (response.statusCode !== 201) throw new Error(`The desk's booking failed: ${response.body}`)
  return response.json().bookings[0].id
}

/**
 * Staff invitations and the applicant's status page (docs/decisions/041). The team's calls act on the
 * venue the manager visitor runs; each acceptance has an invitation of its own, so every caller
 * holding a fresh link gets its 200.
 */
function invitationRules(): Rule[] {
  const invitation = async () => (await pendingInvitation(t, `invitee-${next()}@example.bh`)).id
  return [
    {
      key: 'GET /api/vendor-applications/status/:token',
      send: (v) => send(v, 'GET', `/api/vendor-applications/status/${statusToken(t, applicationId)}`),
    },
    { key: 'GET /api/admin/invitations', send: (v) => send(v, 'GET', '/api/admin/invitations') },
    {
      key: 'POST /api/admin/invitations',
      send: (v) =>
        send(v, 'POST', '/api/admin/invitations', {
          email: `invitee-${next()}@example.bh`,
          venueId: invitationVenue,
          language: 'en',
        }),
    },
    {
      key: 'DELETE /api/admin/invitations/:id',
      send: async (v) => send(v, 'DELETE', `/api/admin/invitations/${await invitation()}`),
    },
    {
      key: 'POST /api/admin/invitations/:id/resend',
      send: async (v) => send(v, 'POST', `/api/admin/invitations/${await invitation()}/resend`, {}),
    },
    {
      key: 'GET /api/invitations/:token',
      send: async (v) =>
        send(
          v,
          'GET',
          `/api/invitations/${(await pendingInvitation(t, `opened-${next()}@example.bh`)).token}`,
        ),
    },
    {
      key: 'POST /api/invitations/:token/accept',
      send: async (v) => {
        const { token } = await pendingInvitation(t, `accepting-${next()}@example.bh`)
        return send(v, 'POST', `/api/invitations/${token}/accept`, {
          name: 'Huda Ali',
          password: testPassword,
        })
      },
    },
    {
      // Each account agrees to an invitation to its own address; no session, no agreeing.
      key: 'POST /api/invitations/:token/agree',
      send: async (v) => {
        const email = v.email ?? `agreeing-${next()}@example.bh`
        const { token } = await pendingInvitation(t, email)
        return send(v, 'POST', `/api/invitations/${token}/agree`, {})
      },
    },
  ]
}

/** Reports and statements, and their CSV downloads. */
function reportRules(): Rule[] {
  const statement = `venue=${deskVenue}&month=2026-12`
  return [
    ['GET /api/admin/reports', '/api/admin/reports?from=2026-12-01&to=2026-12-31'],
    ['GET /api/admin/reports/csv', '/api/admin/reports/csv?from=2026-12-01&to=2026-12-31'],
    ['GET /api/admin/statements', `/api/admin/statements?${statement}`],
    ['GET /api/admin/statements/csv', `/api/admin/statements/csv?${statement}`],
  ].map(([key, url]) => ({
    key: key as string,
    send: (v: Visitor) => send(v, 'GET', url as string),
  }))
}

/** The desk and staff assignment. Each change has a booking of its own, so every allowed caller gets its 200. */
function deskRules(): Rule[] {
  const staffUrl = () => `/api/admin/staff/${visitors.staff.id}/venues`
  return [
    { key: 'GET /api/desk/venues', send: (v) => send(v, 'GET', '/api/desk/venues') },
    {
      key: 'GET /api/desk/bookings',
      send: (v) => send(v, 'GET', `/api/desk/bookings?venue=${deskVenue}&date=2026-12-01`),
    },
    {
      key: 'POST /api/desk/redeem',
      // A reference nobody holds: `invalid`, the same for every desk, and nothing changes.
      send: (v) =>
        send(v, 'POST', '/api/desk/redeem', {
          venueId: deskVenue,
          text: 'DP-2222-2222',
          entry: 'keyboard',
          nonce: randomUUID(),
        }),
    },
    {
      key: 'POST /api/desk/bookings/:id/payment',
      send: async (v) =>
        send(v, 'POST', `/api/desk/bookings/${await todaysBooking()}/payment`, { method: 'cash' }),
    },
    {
      key: 'GET /api/desk/bookings/:id/party',
      send: async (v) => send(v, 'GET', `/api/desk/bookings/${await todaysBooking()}/party`),
    },
    {
      key: 'POST /api/desk/bookings/:id/party/check-in',
      send: async (v) => send(v, 'POST', `/api/desk/bookings/${await todaysBooking()}/party/check-in`, {}),
    },
    {
      key: 'POST /api/desk/bookings/:id/party/payment',
      send: async (v) =>
        send(v, 'POST', `/api/desk/bookings/${await todaysBooking()}/party/payment`, { method: 'cash' }),
    },
    {
      key: 'DELETE /api/desk/bookings/:id/party/payment',
      // "Undo collect": a visit collected for at the desk and not checked in, one per caller.
      send: async (v) => {
        const id = await todaysBooking()
        await t.database.db
          .updateTable('confirmed_bookings')
          .set({ desk_payment_method: 'cash', desk_paid_at: checkoutClock })
          .where('id', '=', id)
          .execute()
        return send(v, 'DELETE', `/api/desk/bookings/${id}/party/payment`)
      },
    },
    {
      key: 'POST /api/desk/bookings/:id/no-show',
      send: async (v) => send(v, 'POST', `/api/desk/bookings/${await todaysBooking()}/no-show`, {}),
    },
    {
      key: 'POST /api/desk/bookings/:id/refund',
      // Giving desk money back is a manager's: staff are refused even at their own venue.
      send: async (v) => {
        // Cancelled by the team (its place goes back), then marked paid at the desk before that.
        const id = await todaysBooking()
        const cancelled = await send(visitors.manager, 'POST', `/api/team/bookings/${id}/cancel`, {
          reason: 'The venue is closed.',
        })
        if (cancelled.statusCode !== 200) throw new Error(`The cancel failed: ${cancelled.body}`)
        await t.database.db
          .updateTable('confirmed_bookings')
          .set({ desk_payment_method: 'cash', desk_paid_at: new Date() })
          .where('id', '=', id)
          .execute()
        return send(v, 'POST', `/api/desk/bookings/${id}/refund`, { method: 'cash' })
      },
    },
    {
      key: 'DELETE /api/desk/bookings/:id/no-show',
      send: async (v) => {
        const id = await todaysBooking()
        await t.database.db
          .updateTable('confirmed_bookings')
          .set({ no_show_at: new Date() })
          .where('id', '=', id)
          .execute()
        return send(v, 'DELETE', `/api/desk/bookings/${id}/no-show`)
      },
    },
    { key: 'GET /api/admin/staff', send: (v) => send(v, 'GET', '/api/admin/staff') },
    {
      key: 'GET /api/admin/staff/:userId/venues',
      send: (v) => send(v, 'GET', staffUrl()),
    },
    {
      key: 'PUT /api/admin/staff/:userId/venues',
      // The staff visitor's venues as they are.
      send: (v) => send(v, 'PUT', staffUrl(), { venueIds: [deskVenue] }),
    },
  ]
}

/**
 * Cancelling (docs/decisions/024). Each call cancels a visit of its own: the user's (any other account is told
 * it does not exist), a guest's by its link (whoever holds it), any visit by the team at the staff
 * member's venue; the stuck refunds are for canViewReports.
 */
function cancellationRules(): Rule[] {
  const guestToken = async () => {
    const response = await requestAs(t, visitors.anonymous, {
      method: 'POST',
      url: '/api/checkout/orders',
      payload: { items: [freshLine()], paymentMethod: 'venue', guest: guest(t) },
      headers: { 'idempotency-key': idempotencyKey() },
    })
    return String(response.json().bookings[0].manageToken)
  }
  const usersBooking = async () => (await placeOrderAs(t, visitors.user, 'venue')).bookingIds[0]
  const anyBooking = async () => (await placeOrderAs(t, visitors.anonymous, 'venue')).bookingIds[0]
  return [
    {
      key: 'POST /api/bookings/:id/cancel',
      expected: { anonymous: 401, guest: 401, user: 200, staff: 404, manager: 404, admin: 404 },
      send: async (v) => send(v, 'POST', `/api/bookings/${await usersBooking()}/cancel`, {}),
    },
    {
      key: 'POST /api/manage/:token/cancel',
      send: async (v) => send(v, 'POST', `/api/manage/${await guestToken()}/cancel`, {}),
    },
    {
      key: 'POST /api/team/bookings/:id/cancel',
      send: async (v) =>
        send(v, 'POST', `/api/team/bookings/${await anyBooking()}/cancel`, {
          reason: 'The venue is closed.',
        }),
    },
    {
      key: 'GET /api/team/refunds/stuck',
      send: (v) => send(v, 'GET', '/api/team/refunds/stuck'),
    },
    // Moving: the user's own visit (another account's is not found), a guest's by its link.
    {
      key: 'POST /api/bookings/:id/change-date',
      expected: { anonymous: 401, guest: 401, user: 200, staff: 404, manager: 404, admin: 404 },
      send: async (v) => send(v, 'POST', `/api/bookings/${await usersBooking()}/change-date`, movedTo()),
    },
    {
      key: 'POST /api/manage/:token/change-date',
      send: async (v) => send(v, 'POST', `/api/manage/${await guestToken()}/change-date`, movedTo()),
    },
  ]
}

/**
 * The waiting list: anyone may join a full slot (an account as itself, anyone else with a proved
 * address); the signed link is the key to a request, whoever holds it; the desk's view is for
 * canManageBookings (the staff visitor's venue is the one whose list is asked for).
 */
function waitlistRules(): Rule[] {
  return [
    {
      key: 'POST /api/waitlist',
      send: (v) =>
        send(v, 'POST', '/api/waitlist', waitlistJoin(t, `waitlist-${v.caller}-${next()}@example.bh`)),
    },
    { key: 'GET /api/waitlist/:token', send: (v) => send(v, 'GET', `/api/waitlist/${waitlistToken}`) },
    {
      key: 'POST /api/waitlist/:token/leave',
      send: (v) => send(v, 'POST', `/api/waitlist/${waitlistToken}/leave`),
    },
    {
      key: 'GET /api/desk/waitlist',
      send: (v) => send(v, 'GET', `/api/desk/waitlist?venue=${deskVenue}&date=2026-12-15`),
    },
  ]
}

/**
 * Verified reviews: a venue's list and a review link are anyone's to read; an account's visit is
 * reviewed only by that account (the user visitor's own, each caller a fresh one: a visit is
 * reviewed once); the team's list and hiding are canManageVenues (a fresh review each time).
 */
function reviewRules(): Rule[] {
  const manager = () => visitors.manager.cookie ?? ''
  return [
    { key: 'GET /api/gyms/:id/reviews', send: (v) => send(v, 'GET', `/api/gyms/${deskVenue}/reviews`) },
    {
      key: 'GET /api/reviews/:token',
      send: async (v) => send(v, 'GET', `/api/reviews/${(await checkedInVisit(t, manager())).token}`),
    },
    {
      key: 'POST /api/reviews/:token',
      expected: { anonymous: 401, guest: 401, user: 201, staff: 403, manager: 403, admin: 403 },
      send: async (v) => {
        const visit = await checkedInVisit(t, manager(), visitors.user.cookie ?? '')
        return send(v, 'POST', `/api/reviews/${visit.token}`, { stars: 5 })
      },
    },
    { key: 'GET /api/team/reviews', send: (v) => send(v, 'GET', '/api/team/reviews') },
    {
      key: 'POST /api/team/reviews/:id/hide',
      send: async (v) =>
        send(v, 'POST', `/api/team/reviews/${await writtenReview(t, manager())}/hide`, {
          reason: 'Names a member of staff',
        }),
    },
  ]
}

/** A later hour of a fresh slot's day (freshLine books 09:00 to 12:00): 15:00 has room. */
function movedTo() {
  const { date } = freshLine()
  return { date, time: '15:00' }
}

/**
 * The venue editor's endpoints. Each well-formed request changes nothing where it can (the details
 * and a pass as they are, the status and order they have), so the manager and then the admin both
 * get their 200 from the same state; a new pass is 201.
 */
function venueEditorRules(): Rule[] {
  const venue = '/api/admin/venues/manama-marina-hotel'
  const current = async (): Promise<AdminVenueDetail> => (await send(visitors.manager, 'GET', venue)).json()
  const as = (v: Visitor, method: 'PATCH' | 'PUT', url: string, payload: object) =>
    requestAs(t, v, { method, url, payload })
  const archived = 'manama-marina-hotel-family'
  return [
    {
      key: 'GET /api/admin/venues',
      send: (v) => send(v, 'GET', '/api/admin/venues'),
    },
    { key: 'GET /api/admin/venues/:id', send: (v) => send(v, 'GET', venue) },
    {
      key: 'GET /api/admin/venues/:id/history',
      send: (v) => send(v, 'GET', `${venue}/history`),
    },
    {
      key: 'PATCH /api/admin/venues/:id',
      send: async (v) => as(v, 'PATCH', venue, unchangedDetails(await current())),
    },
    {
      key: 'PUT /api/admin/venues/:id/notices',
      send: (v) =>
        as(v, 'PUT', `${venue}/notices`, {
          bookingsEmail: 'desk@marina.example.bh',
          mode: 'each',
          language: 'en',
        }),
    },
    {
      key: 'PUT /api/admin/venues/:id/vat',
      // Prices that include VAT: the catalog's prices stay as they are for the other cases.
      send: (v) =>
        as(v, 'PUT', `${venue}/vat`, {
          vatRegistered: true,
          vatNumber: '200000898300002',
          pricesIncludeVat: true,
        }),
    },
    {
      key: 'POST /api/admin/venues/:id/status',
      send: (v) => send(v, 'POST', `${venue}/status`, { status: 'published' }),
    },
    {
      key: 'POST /api/admin/venues/:id/passes',
      send: (v) => send(v, 'POST', '/api/admin/venues/vida-beach-hotel/passes', passForm()),
    },
    {
      key: 'PATCH /api/admin/venues/:id/passes/:passId',
      send: async (v) => {
        const pass = (await current()).passes.find((p) => p.id === archived) as AdminPass
        return as(v, 'PATCH', `${venue}/passes/${archived}`, unchangedPass(pass))
      },
    },
    {
      key: 'POST /api/admin/venues/:id/passes/:passId/archive',
      send: (v) => send(v, 'POST', `${venue}/passes/${archived}/archive`, {}),
    },
    {
      key: 'POST /api/admin/venues/:id/passes/:passId/restore',
      send: (v) => send(v, 'POST', `${venue}/passes/${archived}/restore`, {}),
    },
    {
      key: 'PUT /api/admin/venues/:id/passes/order',
      send: async (v) =>
        as(v, 'PUT', `${venue}/passes/order`, { ids: (await current()).passes.map((p) => p.id) }),
    },
  ]
}

it('has a rule for every API endpoint the app serves, and none for an endpoint it does not', () => {
  expect(rules.map((rule) => rule.key).sort()).toEqual(requiredKeys(t.app))
})

it('keeps a table of its own only where the answer is not the declared access’s alone', () => {
  const redundant = rules.filter((rule) => {
    const declared = declaredByKey.get(rule.key)
    return (
      rule.expected &&
      declared &&
      JSON.stringify(rule.expected) === JSON.stringify(expectedFromAccess(declared))
    )
  })
  expect(redundant.map((rule) => rule.key)).toEqual([])
})

it('gives the venue managers’ endpoints to exactly the roles with canManageVenues', () => {
  for (const role of ['user', 'staff', 'manager', 'admin'] as const)
    expect(venueManagersOnly[role] === 200, role).toBe(hasPermission(role, 'canManageVenues'))
})

it('gives the team’s pages to exactly the roles with their permission', () => {
  for (const role of ['user', 'staff', 'manager', 'admin'] as const) {
    expect(dashboardViewers[role] === 200, role).toBe(hasPermission(role, 'canViewDashboard'))
    expect(adminsAlone[role] === 200, role).toBe(hasPermission(role, 'canAccessSettings'))
    expect(adminsAlone[role] === 200, role).toBe(hasPermission(role, 'canManageUsers'))
    expect(contentEditors[role] === 200, role).toBe(hasPermission(role, 'canEditContent'))
  }
})

it('gives the desk to exactly the roles with canManageBookings, and staff assignment to canManageUsers', () => {
  for (const role of ['user', 'staff', 'manager', 'admin'] as const) {
    expect(deskOnly[role] === 200, role).toBe(hasPermission(role, 'canManageBookings'))
    expect(adminsOnly[role] === 200, role).toBe(hasPermission(role, 'canManageUsers'))
  }
})

describe('each endpoint answers each kind of visitor as the permission table says', () => {
  for (const rule of rules) {
    it(rule.key, async () => {
      const answers = {} as Record<Caller, number>
      const bodies: string[] = []
      for (const caller of callers) {
        const response = await rule.send(visitors[caller])
        answers[caller] = response.statusCode
        if (response.statusCode !== expectedOf(rule)[caller])
          bodies.push(`${caller}: ${response.body.slice(0, 300)}`)
      }
      expect(answers, bodies.join('\n')).toEqual(expectedOf(rule))
    })
  }
})

/**
 * A ticket at the desk, as an attacker with a staff account would probe it: another venue's
 * references answer as unknown ones, and a code with no signature passes only as "reference only".
 */
describe('the desk’s check-in tells nothing of other venues and takes no unsigned code from the camera', () => {
  /** A paid visit today at `venue`: its reference and its ticket's signed payload. */
  async function ticketAt(venue: string, time: string) {
    const order = await placeOrder(t, {
      items: [line({ gymId: venue, passId: `${venue}-gym`, date: '2026-12-01', time })],
      paymentMethod: 'venue',
      guest: guest(t),
    })
    if (order.statusCode !== 201) throw new Error(`The ticket's booking failed: ${order.body}`)
    const row = await t.database.db
      .selectFrom('confirmed_bookings')
      .selectAll()
      .where('order_id', '=', order.json().id)
      .executeTakeFirstOrThrow()
    await t.database.db
      .updateTable('confirmed_bookings')
      .set({ payment_status: 'paid' })
      .where('id', '=', row.id)
      .execute()
    return { reference: row.reference, payload: ticketPayload(t.config.AUTH_SECRET, row) }
  }
  const scan = (text: string, entry: 'camera' | 'keyboard') =>
    send(visitors.staff, 'POST', '/api/desk/redeem', { venueId: deskVenue, text, entry, nonce: randomUUID() })

  it('answers staff another venue’s ticket, payload or reference, exactly as a reference nobody holds', async () => {
    const elsewhere = await ticketAt('seef-towers-residences', '19:00')
    const unknown = await scan('DP-2222-2222', 'keyboard')
    expect(unknown.json()).toEqual({ status: 'invalid' })
    for (const [text, entry] of [
      [elsewhere.payload, 'camera'],
      [elsewhere.payload, 'keyboard'],
      [elsewhere.reference, 'keyboard'],
      [elsewhere.reference.replaceAll('-', '').toLowerCase(), 'keyboard'],
    ] as const) {
      const answer = await scan(text, entry)
      expect([answer.statusCode, answer.body], `${entry}: ${text}`).toEqual([
        unknown.statusCode,
        unknown.body,
      ])
    }
  })

  it('refuses a bare reference from the camera, and says a typed one was not verified', async () => {
    const ticket = await ticketAt(deskVenue, '19:00')
    expect((await scan(ticket.reference, 'camera')).json()).toEqual({ status: 'invalid' })
    expect((await scan(`${ticket.reference}.${'A'.repeat(43)}`, 'keyboard')).json()).toEqual({
      status: 'invalid',
    })
    expect((await scan(ticket.reference, 'keyboard')).json()).toMatchObject({ signatureVerified: false })
    expect((await scan(ticket.payload, 'camera')).json()).toMatchObject({ signatureVerified: true })
  })
})

/**
 * An invitation's link is the key (docs/decisions/041): a forged one, one signed for another use,
 * and one used already are each a 404 INVITATION_NOT_FOUND, whoever sends it, and make no account.
 */
describe('the invitation’s link takes no forgery and no replay', () => {
  const acceptWith = (visitor: Visitor, token: string) =>
    send(visitor, 'POST', `/api/invitations/${token}/accept`, { name: 'Huda Ali', password: testPassword })

  it('refuses a forged or other-purpose token, as anyone, and makes no account', async () => {
    const { id, token } = await pendingInvitation(t, 'forged-invitee@example.bh')
    const signature = token.split('.')[1] as string
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`
    const forged = [
      `${id}.${flipped}`,
      `${id + 1}.${signature}`,
      signId('a guessed secret of at least thirty-two characters', 'staff-invitation', id),
      signId(t.config.AUTH_SECRET, 'application-status', id),
      `${id}.${signature}.${signature}`,
    ]
    for (const caller of callers)
      for (const bad of forged) {
        const response = await acceptWith(visitors[caller], bad)
        expect(response.statusCode, `${caller} ${bad}`).toBe(404)
      }
    const made = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'forged-invitee@example.bh')
      .executeTakeFirst()
    expect(made).toBeUndefined()
    // The genuine link still works after all that.
    expect((await acceptWith(visitors.anonymous, token)).statusCode).toBe(200)
  })

  it('answers a replay as a link that never existed, and changes nothing', async () => {
    const { token } = await pendingInvitation(t, 'replayed-invitee@example.bh')
    expect((await acceptWith(visitors.anonymous, token)).statusCode).toBe(200)
    const before = await t.database.db.selectFrom('accounts').select('password').execute()
    for (const caller of callers) {
      const again = await acceptWith(visitors[caller], token)
      expect(again.statusCode, caller).toBe(404)
      expect(again.json().error.code).toBe('INVITATION_NOT_FOUND')
      expect(again.headers['set-cookie'], caller).toBeUndefined()
    }
    expect(await t.database.db.selectFrom('accounts').select('password').execute()).toEqual(before)
  })
})
