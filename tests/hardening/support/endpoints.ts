import { z } from 'zod'
import { accountExportSchema } from '../../../src/shared/account-data.ts'
import { availabilitySchema, venueDetailSchema, venueListSchema } from '../../../src/shared/catalog-api.ts'
import {
  myOrderSchema,
  paymentConfigSchema,
  quoteSchema,
  testChargeSchema,
} from '../../../src/shared/checkout.ts'
import {
  deskBookingAnswerSchema,
  deskDaySchema,
  deskPartyAnswerSchema,
  deskPartySchema,
  deskVenuesSchema,
  redeemAnswerSchema,
  staffListSchema,
  staffVenuesSchema,
} from '../../../src/shared/desk.ts'
import { orderReceiptsSchema } from '../../../src/shared/receipts.ts'
import { scanConfigSchema } from '../../../src/shared/scan.ts'
import { sessionSchema } from '../../../src/shared/session.ts'
import { applicationDetailSchema, applicationListSchema } from '../../../src/shared/vendor-application.ts'
import {
  adminVenueDetailSchema,
  adminVenueListSchema,
  venueHistorySchema,
} from '../../../src/shared/venue-admin.ts'
import { venuePhotoListSchema, venuePhotoSchema } from '../../../src/shared/venue-photos.ts'
import { scheduleChangeSchema, venueScheduleSchema } from '../../../src/shared/venue-schedule.ts'
import { managedBookingSchema, myBookingsSchema } from '../../../src/shared/visits.ts'
import { testPassword } from '../../support/accounts.ts'
import { guest, line } from '../../support/checkout.ts'
import { passForm, unchangedDetails, unchangedPass } from '../../support/venue-admin.ts'
import { areaSpecs } from './endpoints-areas.ts'
import { calendarSpecs } from './endpoints-calendar.ts'
import { cancellationSpecs } from './endpoints-cancellations.ts'
import { reportSpecs } from './endpoints-reports.ts'
import { reviewSpecs } from './endpoints-reviews.ts'
import { teamSpecs } from './endpoints-team.ts'
import { waitlistSpecs } from './endpoints-waitlist.ts'
import {
  bookedDate,
  type HardeningContext,
  removableExceptionDate,
  scheduleVenue,
  vendorApplication,
} from './hardening-app.ts'
import { invitationSpecs } from './invitations.ts'
import type { EndpointInputs, RequestShape } from './malformed-draft.ts'

export interface EndpointSpec extends EndpointInputs {
  key: string
  /** The status of the well-formed request itself, sent after the malformed ones. */
  control: number
  /** A 2xx is acceptable when the endpoint can serve a request with junk in it; its body's shape. */
  ok?: z.ZodType
  /** It may redirect to a page of our own site (the links in e-mails do). */
  redirects?: boolean
  /** "Sign in as Guest" makes a guest account for any well-formed request. */
  createsGuests?: boolean
}

const get = (route: string, rest: Omit<RequestShape, 'method' | 'route'> = {}): RequestShape => ({
  method: 'GET',
  route,
  ...rest,
})
const post = (
  route: string,
  body: Record<string, unknown>,
  rest: Omit<RequestShape, 'method' | 'route' | 'body'> = {},
): RequestShape => ({
  method: 'POST',
  route,
  body,
  ...rest,
})
const withBody =
  (method: 'PATCH' | 'PUT') =>
  (
    route: string,
    body: Record<string, unknown>,
    rest: Omit<RequestShape, 'method' | 'route' | 'body'> = {},
  ): RequestShape => ({ method, route, body, ...rest })
const patch = withBody('PATCH')
const put = withBody('PUT')
/** A unique address per endpoint and request, so no per-address limit or "already taken" interferes. */
const email = (who: string, n: number) => `${who}-${n}@example.bh`
/** The catalog's default day, 08:00 to 19:00. */
const hoursOfDay = [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]
const hours = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00']

/** Every API endpoint, with a well-formed request and what it may answer. `context` is ready once the app is. */
export function endpointSpecs(context: () => HardeningContext): EndpointSpec[] {
  const c = context
  return [
    {
      key: 'GET /api/health',
      base: () => get('/api/health'),
      control: 200,
      ok: z.object({ status: z.string() }),
    },
    { key: 'GET /api/session', base: () => get('/api/session'), control: 200, ok: sessionSchema },
    {
      key: 'GET /api/openapi.json',
      base: () => get('/api/openapi.json'),
      control: 200,
      ok: z.object({ openapi: z.string() }),
    },
    {
      key: 'GET /api/gyms',
      base: () => get('/api/gyms', { query: { search: 'pool' } }),
      control: 200,
      ok: venueListSchema,
      optional: ['search'],
    },
    {
      key: 'GET /api/gyms/:id',
      base: () => get('/api/gyms/:id', { params: { id: 'manama-marina-hotel' } }),
      control: 200,
      ok: venueDetailSchema,
    },
    {
      key: 'GET /api/gyms/:id/availability',
      base: () =>
        get('/api/gyms/:id/availability', {
          params: { id: 'manama-marina-hotel' },
          query: { date: '2026-12-03' },
        }),
      control: 200,
      ok: availabilitySchema,
    },
    { key: 'GET /api/scan/config', base: () => get('/api/scan/config'), control: 200, ok: scanConfigSchema },
    {
      key: 'GET /api/checkout/payment-config',
      base: () => get('/api/checkout/payment-config'),
      control: 200,
      ok: paymentConfigSchema,
    },
    {
      key: 'GET /api/bookings',
      base: () => get('/api/bookings', { headers: { cookie: c().userCookie } }),
      control: 200,
      ok: myBookingsSchema,
    },
    {
      key: 'GET /api/bookings/:id/qr.svg',
      base: () =>
        get('/api/bookings/:id/qr.svg', {
          params: { id: String(c().tickets.userBookingId) },
          headers: { cookie: c().userCookie },
        }),
      control: 200,
      // An SVG image: no JSON body at all.
      ok: z.undefined(),
    },
    {
      key: 'GET /api/orders/:id',
      base: () =>
        get('/api/orders/:id', {
          params: { id: c().tickets.userOrderId },
          headers: { cookie: c().userCookie },
        }),
      control: 200,
      ok: myOrderSchema,
    },
    {
      key: 'GET /api/manage/:token',
      base: () => get('/api/manage/:token', { params: { token: c().tickets.guestToken } }),
      control: 200,
      ok: managedBookingSchema,
    },
    {
      key: 'GET /api/orders/:id/receipt',
      base: () =>
        get('/api/orders/:id/receipt', {
          params: { id: c().receipts.userOrderId },
          headers: { cookie: c().userCookie },
        }),
      control: 200,
      ok: orderReceiptsSchema,
    },
    {
      key: 'GET /api/orders/:id/receipt.pdf',
      base: () =>
        get('/api/orders/:id/receipt.pdf', {
          params: { id: c().receipts.userOrderId },
          headers: { cookie: c().userCookie },
        }),
      control: 200,
      ok: z.undefined(),
    },
    {
      key: 'GET /api/manage/:token/receipt',
      base: () => get('/api/manage/:token/receipt', { params: { token: c().receipts.guestToken } }),
      control: 200,
      ok: orderReceiptsSchema,
    },
    {
      key: 'GET /api/manage/:token/receipt.pdf',
      base: () => get('/api/manage/:token/receipt.pdf', { params: { token: c().receipts.guestToken } }),
      control: 200,
      ok: z.undefined(),
    },
    {
      key: 'GET /api/manage/:token/qr.svg',
      base: () => get('/api/manage/:token/qr.svg', { params: { token: c().tickets.guestToken } }),
      control: 200,
      ok: z.undefined(),
    },
    {
      key: 'GET /api/account/export',
      base: () => get('/api/account/export', { headers: { cookie: c().userCookie } }),
      control: 200,
      ok: accountExportSchema,
    },
    {
      key: 'POST /api/account/delete',
      // A wrong password: the well-formed request is refused too, so the suite's account lives on.
      base: () =>
        post(
          '/api/account/delete',
          { password: 'not-the-password' },
          { headers: { cookie: c().userCookie } },
        ),
      freeText: ['password'],
      control: 400,
    },
    {
      key: 'GET /api/admin/vendor-applications',
      base: () => get('/api/admin/vendor-applications', { headers: { cookie: c().managerCookie } }),
      control: 200,
      ok: applicationListSchema,
    },
    {
      key: 'GET /api/admin/vendor-applications/:id',
      base: () =>
        get('/api/admin/vendor-applications/:id', {
          params: { id: String(c().applicationId) },
          headers: { cookie: c().managerCookie },
        }),
      control: 200,
      ok: applicationDetailSchema,
    },
    ...venueEditorSpecs(c),
    ...deskSpecs(c),
    ...cancellationSpecs(c),
    ...calendarSpecs(c),
    ...teamSpecs(c),
    ...areaSpecs(c),
    ...invitationSpecs(c),
    ...reportSpecs(c),
    ...waitlistSpecs(c),
    ...reviewSpecs(c),
    {
      key: 'POST /api/admin/vendor-applications/:id/approve',
      // No body: only the route, the origin and the id can be broken.
      base: () => ({
        method: 'POST',
        route: '/api/admin/vendor-applications/:id/approve',
        params: { id: String(c().approvableId) },
        headers: { cookie: c().managerCookie },
      }),
      control: 200,
    },
    {
      key: 'POST /api/admin/vendor-applications/:id/decline',
      base: () =>
        post(
          '/api/admin/vendor-applications/:id/decline',
          { reason: 'We only list venues with a pool.' },
          { params: { id: String(c().declinableId) }, headers: { cookie: c().managerCookie } },
        ),
      freeText: ['reason'],
      control: 200,
    },
    {
      key: 'GET /api/admin/venues/:id/photos',
      base: () =>
        get('/api/admin/venues/:id/photos', {
          params: { id: 'elite-resort-spa' },
          headers: { cookie: c().managerCookie },
          alsoServes: ['POST'],
        }),
      control: 200,
      ok: venuePhotoListSchema,
    },
    {
      key: 'POST /api/admin/venues/:id/photos',
      base: (n) => ({
        method: 'POST',
        route: '/api/admin/venues/:id/photos',
        params: { id: 'juffair-grand-suites' },
        raw: { payload: c().photo, contentType: 'image/png' },
        headers: { cookie: c().uploaderCookies[n % c().uploaderCookies.length] as string },
        alsoServes: ['GET'],
      }),
      control: 201,
    },
    {
      key: 'PATCH /api/admin/venues/:id/photos/:photoId',
      base: () => ({
        method: 'PATCH',
        route: '/api/admin/venues/:id/photos/:photoId',
        params: { id: 'elite-resort-spa', photoId: 'gym' },
        body: { altEn: 'The gym by the sea', altAr: 'الصالة الرياضية على البحر' },
        headers: { cookie: c().managerCookie },
        alsoServes: ['DELETE'],
      }),
      freeText: ['altEn', 'altAr'],
      control: 200,
      ok: venuePhotoSchema,
    },
    {
      key: 'PUT /api/admin/venues/:id/photos/order',
      base: () => ({
        method: 'PUT',
        route: '/api/admin/venues/:id/photos/order',
        params: { id: 'elite-resort-spa' },
        body: { keys: ['wellness', 'pool', 'gym', 'cover'].map((scene) => `elite-resort-spa/${scene}`) },
        headers: { cookie: c().managerCookie },
      }),
      control: 200,
      ok: venuePhotoListSchema,
    },
    {
      key: 'DELETE /api/admin/venues/:id/photos/:photoId',
      base: () => ({
        method: 'DELETE',
        route: '/api/admin/venues/:id/photos/:photoId',
        params: { id: 'grand-swiss-belhotel-waterfront', photoId: 'wellness' },
        headers: { cookie: c().managerCookie },
        alsoServes: ['PATCH'],
      }),
      control: 200,
      ok: venuePhotoListSchema,
    },
    {
      key: 'GET /api/admin/venues/:id/schedule',
      base: () =>
        get('/api/admin/venues/:id/schedule', {
          params: { id: scheduleVenue },
          headers: { cookie: c().managerCookie },
        }),
      control: 200,
      ok: venueScheduleSchema,
    },
    {
      key: 'PUT /api/admin/venues/:id/hours',
      // The venue's own hours and places again: saved (and audited), changing nothing anyone books.
      base: () => ({
        method: 'PUT',
        route: '/api/admin/venues/:id/hours',
        params: { id: scheduleVenue },
        body: { weeklyHours: Array.from({ length: 7 }, () => hoursOfDay), capacityPerSlot: 15 },
        headers: { cookie: c().managerCookie },
      }),
      control: 200,
      ok: scheduleChangeSchema,
    },
    {
      key: 'PUT /api/admin/venues/:id/exceptions/:date',
      // Closing the hour a booking holds, unconfirmed: refused with 409 and nothing written, as is
      // any variant that is still a valid closure (another capacity, no note). Only a broken request
      // gets a 400; none can confirm, since `confirm` is left out and only a boolean may take its place.
      base: () => ({
        method: 'PUT',
        route: '/api/admin/venues/:id/exceptions/:date',
        params: { id: scheduleVenue, date: bookedDate },
        alsoServes: ['DELETE'],
        body: { closedAllDay: false, closedHours: [10], capacity: null, note: 'Pool maintenance' },
        headers: { cookie: c().managerCookie },
      }),
      optional: ['note'],
      freeText: ['note'],
      control: 409,
    },
    {
      key: 'DELETE /api/admin/venues/:id/exceptions/:date',
      base: () => ({
        method: 'DELETE',
        route: '/api/admin/venues/:id/exceptions/:date',
        params: { id: scheduleVenue, date: removableExceptionDate },
        alsoServes: ['PUT'],
        headers: { cookie: c().managerCookie },
      }),
      control: 200,
      ok: scheduleChangeSchema,
    },
    {
      key: 'POST /api/accounts/register',
      base: (n) =>
        post('/api/accounts/register', {
          firstName: 'Sara',
          middleName: 'Khalid',
          lastName: 'Ali',
          birthday: '14/02/1995',
          email: email('register', n),
          confirmEmail: email('register', n),
          mobileNumber: '+97333123456',
          password: testPassword,
          confirmPassword: testPassword,
        }),
      optional: ['middleName', 'birthday', 'mobileNumber'],
      freeText: ['firstName', 'middleName', 'lastName'],
      control: 201,
    },
    {
      key: 'POST /api/auth/sign-up/email',
      base: (n) =>
        post('/api/auth/sign-up/email', {
          email: email('sign-up', n),
          password: testPassword,
          name: 'Sara Ali',
        }),
      freeText: ['name', 'password'],
      // Registration is /api/accounts/register: this one answers 404, however it is sent.
      control: 404,
    },
    {
      key: 'POST /api/auth/sign-in/email',
      base: (n) => post('/api/auth/sign-in/email', { email: email('sign-in', n), password: testPassword }),
      freeText: ['password'],
      control: 401,
    },
    {
      key: 'POST /api/auth/sign-in/anonymous',
      base: () => post('/api/auth/sign-in/anonymous', {}),
      control: 200,
      ok: z.object({ token: z.string(), user: z.object({ isAnonymous: z.literal(true) }) }),
      createsGuests: true,
    },
    {
      key: 'POST /api/auth/sign-out',
      base: () => post('/api/auth/sign-out', {}),
      control: 200,
      ok: z.object({ success: z.literal(true) }),
    },
    {
      key: 'POST /api/auth/request-password-reset',
      base: (n) =>
        post('/api/auth/request-password-reset', { email: email('reset', n), redirectTo: '/reset-password' }),
      optional: ['redirectTo'],
      control: 200,
      ok: z.object({ status: z.literal(true) }),
    },
    {
      key: 'POST /api/auth/reset-password',
      // A token of its own each time: reset attempts are limited per token.
      base: (n) =>
        post('/api/auth/reset-password', { newPassword: testPassword, token: `not-a-real-token-${n}` }),
      freeText: ['newPassword'],
      control: 400,
    },
    {
      key: 'GET /api/auth/reset-password/:token',
      base: () =>
        get('/api/auth/reset-password/:token', {
          params: { token: 'not-a-real-token' },
          query: { callbackURL: '/reset-password' },
        }),
      control: 302,
      redirects: true,
    },
    {
      key: 'POST /api/auth/send-verification-email',
      base: (n) =>
        post('/api/auth/send-verification-email', {
          email: email('verify', n),
          callbackURL: '/login?activated=1',
        }),
      optional: ['callbackURL'],
      control: 200,
      ok: z.object({ status: z.literal(true) }),
    },
    {
      key: 'GET /api/auth/verify-email',
      base: () => get('/api/auth/verify-email', { query: { token: 'not-a-real-token' } }),
      control: 401,
      redirects: true,
    },
    {
      key: 'POST /api/newsletter',
      base: (n) => post('/api/newsletter', { email: email('newsletter', n), language: 'ar' }),
      optional: ['language'],
      control: 201,
    },
    {
      key: 'POST /api/contact',
      base: (n) =>
        post('/api/contact', {
          name: 'Sara Ali',
          email: email('contact', n),
          subject: 'Pool hours',
          message: 'Is the pool open on Fridays?',
          attachment: { fileName: 'timetable.png', contentType: 'image/png', dataBase64: c().pngBase64 },
        }),
      optional: ['attachment'],
      freeText: ['name', 'subject', 'message', 'attachment.fileName'],
      control: 201,
    },
    {
      key: 'POST /api/vendor-applications',
      base: (n) => post('/api/vendor-applications', vendorApplication(`venue-${n}`)),
      // Added with migration 024: an older client leaves them out.
      optional: ['otherFacility', 'availableEndDate'],
      freeText: [
        'venueNameEn',
        'venueNameAr',
        'contactFirstName',
        'contactLastName',
        'otherFacility',
        'city',
        ...['poolGym', 'saunaSteam', 'allInclusive', 'beachAccess', 'poolAccess'].map(
          (pass) => `dayPasses.${pass}.price`,
        ),
      ],
      control: 201,
    },
    { key: 'POST /api/scan', base: () => post('/api/scan', { imageBase64: c().pngBase64 }), control: 200 },
    {
      key: 'POST /api/guest-verification/send-code',
      base: (n) => post('/api/guest-verification/send-code', { email: email('code', n), language: 'en' }),
      optional: ['language'],
      control: 202,
    },
    {
      key: 'POST /api/guest-verification/verify-code',
      base: (n) => post('/api/guest-verification/verify-code', { email: email('code', n), code: '123456' }),
      control: 400,
    },
    {
      key: 'POST /api/checkout/quote',
      base: () => post('/api/checkout/quote', { items: [line()] }),
      control: 200,
      // A line for a venue or pass id that does not exist is priced with its problem, not refused.
      ok: quoteSchema,
    },
    {
      key: 'POST /api/checkout/orders',
      base: (n) =>
        post(
          '/api/checkout/orders',
          {
            items: [line({ time: hours[n % hours.length] })],
            paymentMethod: 'venue',
            language: 'en',
            guest: guest(c().t, email('order', n)),
          },
          { headers: { 'idempotency-key': `hardening-order-${n}` } },
        ),
      optional: ['language'],
      freeText: ['guest.firstName', 'guest.lastName'],
      control: 201,
    },
    {
      key: 'POST /api/checkout/orders/:id/payment',
      base: () =>
        post(
          '/api/checkout/orders/:id/payment',
          { proof: c().payable.proof },
          { params: { id: c().payable.id } },
        ),
      control: 200,
    },
    {
      key: 'POST /api/checkout/orders/:id/capture',
      base: () => {
        const { id, proof, providerOrderId } = c().capturable
        return post('/api/checkout/orders/:id/capture', { providerOrderId, proof }, { params: { id } })
      },
      control: 200,
    },
    {
      key: 'POST /api/checkout/orders/:id/redirect-payment',
      base: () =>
        post(
          '/api/checkout/orders/:id/redirect-payment',
          { proof: c().tap.payable.proof },
          { params: { id: c().tap.payable.id } },
        ),
      control: 200,
    },
    {
      key: 'POST /api/checkout/orders/:id/tap-return',
      base: () => {
        const { id, tapId, token } = c().tap.returnable
        return post('/api/checkout/orders/:id/tap-return', { tapId, token }, { params: { id } })
      },
      control: 200,
    },
    {
      // Never well-formed here: the test mode signs no webhook, so every one is refused, 401.
      key: 'POST /api/payments/tap/webhook',
      base: () =>
        post(
          '/api/payments/tap/webhook',
          { id: c().tap.returnable.tapId, status: 'CAPTURED', amount: 10, currency: 'BHD' },
          { headers: { hashstring: 'a'.repeat(64) } },
        ),
      // Any JSON object is Tap's to send: its fields are not ours to require.
      optional: ['id', 'status', 'amount', 'currency'],
      control: 401,
    },
    {
      key: 'GET /api/checkout/test-charges/:chargeId',
      base: () => get('/api/checkout/test-charges/:chargeId', { params: { chargeId: c().tap.testChargeId } }),
      control: 200,
      // Junk beside a well-formed request (another origin, a header) is still the test charge's page.
      ok: testChargeSchema,
    },
    {
      key: 'POST /api/checkout/test-charges/:chargeId/decision',
      base: () =>
        post(
          '/api/checkout/test-charges/:chargeId/decision',
          { action: 'cancel' },
          { params: { chargeId: c().tap.testChargeId } },
        ),
      control: 200,
    },
  ]
}

/**
 * The venue editor. Its well-formed requests change nothing where they can (the details and a pass
 * as they are, the status it has, the order it has), so each control finds the venue as prepared;
 * new passes go to another venue than the one whose passes are ordered.
 */
function venueEditorSpecs(c: () => HardeningContext): EndpointSpec[] {
  const venue = 'manama-marina-hotel'
  const as = () => ({ headers: { cookie: c().managerCookie } })
  const venueText = ['nameEn', 'nameAr', 'descriptionEn', 'descriptionAr', 'locationEn', 'locationAr']
  const passText = ['nameEn', 'nameAr', 'descriptionEn', 'descriptionAr']
  const firstPass = () => c().editor.passes[0] as NonNullable<HardeningContext['editor']['passes'][number]>
  return [
    {
      key: 'GET /api/admin/venues',
      base: () => get('/api/admin/venues', { query: { search: 'marina' }, ...as() }),
      optional: ['search'],
      control: 200,
      ok: adminVenueListSchema,
    },
    {
      key: 'GET /api/admin/venues/:id',
      base: () => get('/api/admin/venues/:id', { params: { id: venue }, ...as() }),
      control: 200,
      ok: adminVenueDetailSchema,
    },
    {
      key: 'GET /api/admin/venues/:id/history',
      base: () => get('/api/admin/venues/:id/history', { params: { id: venue }, ...as() }),
      control: 200,
      ok: venueHistorySchema,
    },
    {
      key: 'PATCH /api/admin/venues/:id',
      base: () =>
        patch('/api/admin/venues/:id', unchangedDetails(c().editor), {
          params: { id: venue },
          // The editor reads the venue at the same path.
          alsoServes: ['GET'],
          ...as(),
        }),
      freeText: venueText,
      // It has a default of 24 hours; the fields of migration 024 are left unchanged when left out.
      optional: [
        'cancellationNoticeHours',
        'commissionPercent',
        'facilities',
        'slug',
        'sellsFrom',
        'sellsUntil',
      ],
      // Null: not rated yet.
      nullable: ['rating'],
      control: 200,
    },
    {
      key: 'PUT /api/admin/venues/:id/notices',
      // The address is not free text: anything but an e-mail address (or nothing) is a 400.
      base: () =>
        put(
          '/api/admin/venues/:id/notices',
          { bookingsEmail: 'bookings@marina.example.bh', mode: 'each', language: 'en' },
          { params: { id: venue }, ...as() },
        ),
      control: 200,
      ok: adminVenueDetailSchema,
    },
    {
      key: 'PUT /api/admin/venues/:id/vat',
      // The number is not free text: anything but 15 digits starting with 2 is a 400.
      base: () =>
        put(
          '/api/admin/venues/:id/vat',
          { vatRegistered: true, vatNumber: '200000898300002', pricesIncludeVat: true },
          { params: { id: venue }, ...as() },
        ),
      control: 200,
      ok: adminVenueDetailSchema,
    },
    {
      key: 'POST /api/admin/venues/:id/status',
      base: () =>
        post('/api/admin/venues/:id/status', { status: 'published' }, { params: { id: venue }, ...as() }),
      control: 200,
    },
    {
      key: 'POST /api/admin/venues/:id/passes',
      base: () =>
        post(
          '/api/admin/venues/:id/passes',
          { ...passForm({ holidayPrice: '16.500' }) },
          {
            params: { id: 'vida-beach-hotel' },
            ...as(),
          },
        ),
      freeText: passText,
      // May be empty, which blank text is too: the weekday price applies.
      optional: ['weekendPrice', 'holidayPrice'],
      control: 201,
    },
    {
      key: 'PATCH /api/admin/venues/:id/passes/:passId',
      base: () =>
        patch(
          '/api/admin/venues/:id/passes/:passId',
          { ...unchangedPass(firstPass()) },
          {
            params: { id: venue, passId: firstPass().id },
            ...as(),
          },
        ),
      freeText: passText,
      optional: ['weekendPrice', 'holidayPrice'],
      control: 200,
    },
    ...(['archive', 'restore'] as const).map(
      (action): EndpointSpec => ({
        key: `POST /api/admin/venues/:id/passes/:passId/${action}`,
        // The venue's last pass, not the one checkout's well-formed line books.
        base: () =>
          post(
            `/api/admin/venues/:id/passes/:passId/${action}`,
            {},
            {
              params: { id: venue, passId: c().editor.passes.at(-1)?.id ?? '' },
              ...as(),
            },
          ),
        control: 200,
      }),
    ),
    {
      key: 'PUT /api/admin/venues/:id/passes/order',
      base: () =>
        put(
          '/api/admin/venues/:id/passes/order',
          { ids: c().editor.passes.map((pass) => pass.id) },
          {
            params: { id: venue },
            ...as(),
          },
        ),
      control: 200,
    },
  ]
}

/**
 * The desk, as a manager, and staff assignment, as an admin. A scan of a reference nobody holds is
 * answered `invalid` and keeps nothing, so hostile text in it may be answered 200.
 */
function deskSpecs(c: () => HardeningContext): EndpointSpec[] {
  const manager = () => ({ cookie: c().managerCookie })
  const admin = () => ({ cookie: c().adminCookie })
  return [
    {
      key: 'GET /api/desk/venues',
      base: () => get('/api/desk/venues', { headers: manager() }),
      control: 200,
      ok: deskVenuesSchema,
    },
    {
      key: 'GET /api/desk/bookings',
      base: () =>
        get('/api/desk/bookings', {
          query: { venue: 'manama-marina-hotel', date: '2026-12-01', search: 'fatima' },
          headers: manager(),
        }),
      optional: ['search'],
      freeText: ['search'],
      control: 200,
      ok: deskDaySchema,
    },
    {
      key: 'POST /api/desk/redeem',
      base: (n) =>
        post(
          '/api/desk/redeem',
          {
            venueId: 'manama-marina-hotel',
            text: 'DP-2222-2222',
            entry: 'keyboard',
            nonce: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
            override: false,
          },
          // Managers taking turns: scans are limited per account, and the suite sends more than one may.
          { headers: { cookie: c().uploaderCookies[n % c().uploaderCookies.length] as string } },
        ),
      optional: ['override'],
      control: 200,
      ok: redeemAnswerSchema,
    },
    {
      key: 'POST /api/desk/bookings/:id/payment',
      base: () =>
        post(
          '/api/desk/bookings/:id/payment',
          { method: 'benefit' },
          { params: { id: String(c().desk.payable) }, headers: manager() },
        ),
      control: 200,
      ok: deskBookingAnswerSchema,
    },
    {
      key: 'GET /api/desk/bookings/:id/party',
      base: () =>
        get('/api/desk/bookings/:id/party', {
          params: { id: String(c().desk.markable) },
          headers: manager(),
        }),
      control: 200,
      ok: z.object({ party: deskPartySchema }),
    },
    {
      key: 'POST /api/desk/bookings/:id/party/check-in',
      base: () =>
        post(
          '/api/desk/bookings/:id/party/check-in',
          {},
          { params: { id: String(c().desk.markable) }, headers: manager() },
        ),
      control: 200,
      ok: deskPartyAnswerSchema,
    },
    {
      key: 'POST /api/desk/bookings/:id/party/payment',
      base: () =>
        post(
          '/api/desk/bookings/:id/party/payment',
          { method: 'cash' },
          { params: { id: String(c().desk.partyPayable) }, headers: manager(), alsoServes: ['DELETE'] },
        ),
      control: 200,
      ok: deskPartyAnswerSchema,
    },
    {
      key: 'DELETE /api/desk/bookings/:id/party/payment',
      base: () => ({
        method: 'DELETE',
        route: '/api/desk/bookings/:id/party/payment',
        params: { id: String(c().desk.collected) },
        headers: manager(),
        alsoServes: ['POST'],
      }),
      control: 200,
      ok: deskPartyAnswerSchema,
    },
    {
      key: 'POST /api/desk/bookings/:id/refund',
      base: () =>
        post(
          '/api/desk/bookings/:id/refund',
          { method: 'cash' },
          { params: { id: String(c().desk.refundable) }, headers: manager() },
        ),
      control: 200,
      ok: deskBookingAnswerSchema,
    },
    {
      key: 'POST /api/desk/bookings/:id/no-show',
      base: () =>
        post(
          '/api/desk/bookings/:id/no-show',
          {},
          { params: { id: String(c().desk.markable) }, headers: manager(), alsoServes: ['DELETE'] },
        ),
      control: 200,
    },
    {
      key: 'DELETE /api/desk/bookings/:id/no-show',
      base: () => ({
        method: 'DELETE',
        route: '/api/desk/bookings/:id/no-show',
        params: { id: String(c().desk.marked) },
        headers: manager(),
        alsoServes: ['POST'],
      }),
      control: 200,
    },
    {
      key: 'GET /api/admin/staff',
      base: () => get('/api/admin/staff', { headers: admin() }),
      control: 200,
      ok: staffListSchema,
    },
    {
      key: 'GET /api/admin/staff/:userId/venues',
      base: () =>
        get('/api/admin/staff/:userId/venues', {
          params: { userId: c().staffId },
          headers: admin(),
          alsoServes: ['PUT'],
        }),
      control: 200,
      // `..` as the id leaves /api/admin/venues, the venue list, which an admin may read.
      ok: z.union([staffVenuesSchema, adminVenueListSchema]),
    },
    {
      key: 'PUT /api/admin/staff/:userId/venues',
      // The staff member's venues as they are: saved, changing nothing.
      base: () =>
        put(
          '/api/admin/staff/:userId/venues',
          { venueIds: ['manama-marina-hotel'] },
          { params: { userId: c().staffId }, headers: admin(), alsoServes: ['GET'] },
        ),
      control: 200,
      ok: staffVenuesSchema,
    },
  ]
}
