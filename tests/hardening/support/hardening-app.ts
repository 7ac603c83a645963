import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { CatalogService } from '../../../src/server/domain/catalog/service.ts'
import { returnLinkExpiry, returnToken } from '../../../src/server/domain/checkout/tap-payment.ts'
import { manageToken } from '../../../src/server/domain/visits/ticket-codes.ts'
import { seedIfEmpty } from '../../../src/server/seed.ts'
import type { AdminVenueDetail } from '../../../src/shared/venue-admin.ts'
import { cookieFrom, register, signedInUser, testOrigin, testPassword } from '../../support/accounts.ts'
import { checkoutClock, guest, line, placeOrder } from '../../support/checkout.ts'
import type { FakeVision } from '../../support/fake-vision.ts'
import { samplePng } from '../../support/photos.ts'
import { createTestApp, type TestApp } from '../../support/test-app.ts'
import { vendorApplicationInput } from '../../support/vendor-application.ts'
import { type InvitationTokens, prepareInvitations } from './invitations.ts'
import { checkedInVisit, writtenReview } from './reviews.ts'
import { prepareWaitlist } from './waitlist.ts'

/** What the endpoints' well-formed requests need: accounts, orders, an application, an image. */
export interface HardeningContext {
  t: TestApp
  userCookie: string
  managerCookie: string
  /** A guest's card order whose payment may be started. */
  payable: { id: string; proof: string }
  /** A guest's card order whose payment has been started and may be captured. */
  capturable: { id: string; proof: string; providerOrderId: string }
  /**
   * BENEFIT orders of guests (Tap's test mode): one whose charge may be made, one whose charge was
   * made (its result page's question), and a test charge for the test page to answer.
   */
  tap: {
    payable: { id: string; proof: string }
    returnable: { id: string; tapId: string; token: string }
    testChargeId: string
  }
  applicationId: number
  /** Pending applications for the well-formed approval and decline (each decides one once). */
  approvableId: number
  declinableId: number
  pngBase64: string
  /** The venue editor's view of manama-marina-hotel, as the app was prepared. */
  editor: AdminVenueDetail
  /** A photo to upload to a venue. */
  photo: Buffer
  /**
   * Managers who upload photos and scan at the desk, taking turns: uploads and scans are limited
   * per account, and the suite sends more malformed ones than one account may.
   */
  uploaderCookies: string[]
  adminCookie: string
  /** A staff account, assigned to manama-marina-hotel's desk. */
  staffId: string
  /**
   * Today's pay-at-venue visits to manama-marina-hotel: one to pay at the desk, one to mark, one
   * marked, and one paid at the desk and cancelled (its refund at the desk).
   */
  desk: {
    payable: number
    markable: number
    marked: number
    refundable: number
    partyPayable: number
    /** Paid in cash at the desk and not checked in: its collect may be undone. */
    collected: number
  }
  /**
   * A booking of the user's (`userCookie`), a guest's booking with its manage link's token, and
   * another guest booking's token to cancel with (a cancel revokes the link it was sent with).
   */
  tickets: { userBookingId: number; userOrderId: string; guestToken: string; cancellableGuestToken: string }
  /** Visits of their own to move to another time: the user's, and a guest's manage token. */
  movable: { userBookingId: number; guestToken: string }
  /** Orders paid at the desk, so with receipts (issued here already): the user's, and a guest's manage token. */
  receipts: { userOrderId: string; guestToken: string }
  /** The status link and the staff invitations the well-formed requests use (docs/decisions/041). */
  invitations: InvitationTokens
  /** A waiting list request's signed token, for a slot prepareContext filled. */
  waitlistToken: string
  /** A checked-in visit's review link, not used yet, and a written review for the team to hide. */
  reviews: { token: string; hideableId: number }
}

/** The venue whose schedule the hardening suites edit; no other suite books it. */
export const scheduleVenue = 'seef-towers-residences'
/** A date on which `scheduleVenue` has a booking at 10:00 (prepareContext books it). */
export const bookedDate = '2026-12-10'
/** A date on which `scheduleVenue` has an exception to remove (prepareContext sets it). */
export const removableExceptionDate = '2026-12-11'

/** The app on a fresh database with the catalog seeded, a fixed clock and the fake vision model. */
export async function createHardeningApp(vision: FakeVision): Promise<TestApp> {
  const t = await createTestApp(
    {
      PUBLIC_URL: testOrigin,
      VISION_API_KEY: vision.apiKey,
      VISION_API_BASE: vision.url,
      // Uploaded venue photos go to a directory of the run's own, never the project's data/.
      DATA_DIR: mkdtempSync(join(tmpdir(), 'hardening-')),
    },
    (database) => ({
      now: () => checkoutClock,
      catalog: new CatalogService(database.db, { cacheMs: 0, now: () => checkoutClock }),
    }),
  )
  await seedIfEmpty(t.database.db)
  return t
}

export async function prepareContext(t: TestApp): Promise<HardeningContext> {
  const post = (url: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { origin: testOrigin },
      remoteAddress: '10.255.0.1',
    })
  const guestCardOrder = async (time: string, paymentMethod = 'card') => {
    const details = guest(t)
    const order = await placeOrder(t, { items: [line({ time })], paymentMethod, guest: details })
    return { id: String(order.json().id), proof: details.proof }
  }
  const chargedTapOrder = async (time: string) => {
    const order = await guestCardOrder(time, 'benefit')
    await post(`/api/checkout/orders/${order.id}/redirect-payment`, { proof: order.proof })
    const row = await t.database.db
      .selectFrom('orders')
      .select('provider_order_id')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow()
    if (!row.provider_order_id) throw new Error('The BENEFIT order got no charge')
    return {
      id: order.id,
      tapId: row.provider_order_id,
      token: returnToken(t.config.AUTH_SECRET, order.id, returnLinkExpiry(checkoutClock)),
    }
  }
  const payable = await guestCardOrder('16:00')
  const tap = {
    payable: await guestCardOrder('13:00', 'benefit'),
    returnable: await chargedTapOrder('14:00'),
    testChargeId: (await chargedTapOrder('15:00')).tapId,
  }
  const started = await guestCardOrder('17:00')
  const payment = await post(`/api/checkout/orders/${started.id}/payment`, { proof: started.proof })
  const application = await post('/api/vendor-applications', vendorApplication('first'))
  const approvable = await post('/api/vendor-applications', vendorApplication('approvable'))
  const declinable = await post('/api/vendor-applications', vendorApplication('declinable'))
  const managerCookie = (await signedInUser(t, 'hardening-manager@example.bh', 'manager')).cookie
  const editor = await t.app.inject({
    url: '/api/admin/venues/manama-marina-hotel',
    headers: { origin: testOrigin, cookie: managerCookie },
  })
  // The schedule endpoints' venue: a booking that a closure would hit, and an exception to remove.
  const booked = await placeOrder(t, {
    items: [line({ gymId: scheduleVenue, passId: `${scheduleVenue}-gym`, date: bookedDate, time: '10:00' })],
    paymentMethod: 'venue',
    guest: guest(t),
  })
  if (booked.statusCode !== 201) throw new Error(`The schedule's booking failed: ${booked.body}`)
  await t.database.db
    .insertInto('venue_date_exceptions')
    .values({ venue_id: scheduleVenue, exception_date: removableExceptionDate, closed_hours: [19] })
    .execute()
  // The desk's visits: today (the checkout clock's 1 December) at the staff member's venue.
  const todaysVisit = async () => {
    const order = await placeOrder(t, {
      items: [line({ date: '2026-12-01', time: '18:00' })],
      paymentMethod: 'venue',
      guest: guest(t),
    })
    if (order.statusCode !== 201) throw new Error(`The desk's booking failed: ${order.body}`)
    return Number(order.json().bookings[0].id)
  }
  const desk = {
    payable: await todaysVisit(),
    markable: await todaysVisit(),
    marked: await todaysVisit(),
    refundable: await todaysVisit(),
    partyPayable: await todaysVisit(),
    collected: await todaysVisit(),
  }
  await t.database.db
    .updateTable('confirmed_bookings')
    .set({ desk_payment_method: 'cash', desk_paid_at: checkoutClock })
    .where('id', '=', desk.collected)
    .execute()
  await t.database.db
    .updateTable('confirmed_bookings')
    .set({ no_show_at: new Date() })
    .where('id', '=', desk.marked)
    .execute()
  // Paid in cash at the desk, then cancelled: its money is to be given back at the desk.
  await t.database.db
    .updateTable('confirmed_bookings')
    .set({ desk_payment_method: 'cash', desk_paid_at: new Date(), cancelled_at: new Date() })
    .where('id', '=', desk.refundable)
    .execute()
  const staff = await accountFromOwnAddress(t, 'hardening-staff@example.bh', 'staff', '10.255.0.2')
  await t.database.db
    .insertInto('venue_staff')
    .values({ user_id: staff.id, venue_id: 'manama-marina-hotel' })
    .execute()
  const userCookie = (await signedInUser(t, 'hardening-user@example.bh')).cookie
  const ownOrder = await placeOrder(
    t,
    { items: [line({ time: '12:00' })], paymentMethod: 'venue' },
    { cookie: userCookie },
  )
  if (ownOrder.statusCode !== 201) throw new Error(`The user's booking failed: ${ownOrder.body}`)
  const guestBooking = await t.database.db
    .selectFrom('confirmed_bookings')
    .select(['id', 'manage_version'])
    .where('order_id', '=', booked.json().id)
    .executeTakeFirstOrThrow()
  const cancellable = await placeOrder(t, {
    items: [line({ date: '2026-12-02', time: '15:00' })],
    paymentMethod: 'venue',
    guest: guest(t),
  })
  if (cancellable.statusCode !== 201) throw new Error(`The guest's booking failed: ${cancellable.body}`)
  const movableOwn = await placeOrder(
    t,
    { items: [line({ date: '2026-12-07', time: '14:00' })], paymentMethod: 'venue' },
    { cookie: userCookie },
  )
  const movableGuest = await placeOrder(t, {
    items: [line({ date: '2026-12-07', time: '13:00' })],
    paymentMethod: 'venue',
    guest: guest(t),
  })
  if (movableOwn.statusCode !== 201 || movableGuest.statusCode !== 201)
    throw new Error(`The bookings to move failed: ${movableOwn.body} ${movableGuest.body}`)
  const receipts = await prepareReceipts(t, userCookie, staff.id)
  const waitlistToken = await prepareWaitlist(t)
  const reviews = {
    token: (await checkedInVisit(t, managerCookie)).token,
    hideableId: await writtenReview(t, managerCookie),
  }
  return {
    receipts,
    t,
    waitlistToken,
    reviews,
    desk,
    staffId: staff.id,
    adminCookie: (await accountFromOwnAddress(t, 'hardening-admin@example.bh', 'admin', '10.255.0.3')).cookie,
    userCookie,
    tickets: {
      userBookingId: ownOrder.json().bookings[0].id,
      userOrderId: String(ownOrder.json().id),
      guestToken: manageToken(t.config.AUTH_SECRET, guestBooking),
      cancellableGuestToken: String(cancellable.json().bookings[0].manageToken),
    },
    movable: {
      userBookingId: movableOwn.json().bookings[0].id,
      guestToken: String(movableGuest.json().bookings[0].manageToken),
    },
    managerCookie,
    editor: editor.json(),
    payable,
    tap,
    capturable: { ...started, providerOrderId: String(payment.json().providerOrderId) },
    applicationId: Number(application.json().id),
    invitations: await prepareInvitations(t, Number(application.json().id)),
    approvableId: Number(approvable.json().id),
    declinableId: Number(declinable.json().id),
    pngBase64: await tinyPngBase64(),
    photo: await samplePng(240, 160),
    uploaderCookies: await Promise.all(
      Array.from({ length: 8 }, async (_, n) => {
        return (await signedInUser(t, `hardening-uploader-${n}@example.bh`, 'manager')).cookie
      }),
    ),
  }
}

/**
 * An account with a role, registered from an address of its own: the suite's other accounts use up
 * the registrations one address may make.
 */
async function accountFromOwnAddress(
  t: TestApp,
  email: string,
  role: 'staff' | 'admin',
  address: string,
): Promise<{ id: string; cookie: string }> {
  await register(t, email, testPassword, address)
  const user = await t.database.db
    .updateTable('users')
    .set({ email_verified: true, role })
    .where('email', '=', email)
    .returning('id')
    .executeTakeFirstOrThrow()
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password: testPassword },
    headers: { origin: testOrigin },
    remoteAddress: address,
  })
  return { id: user.id, cookie: cookieFrom(response) }
}

/** A real 8×8 PNG, for the scanner and the contact form's attachment. */
export async function tinyPngBase64(): Promise<string> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer()
  return png.toString('base64')
}

/** A complete venue application, for the venue named `name`. */
export function vendorApplication(name: string) {
  return vendorApplicationInput({
    venueNameEn: `Seef Tower Fitness ${name}`,
    venueEmail: `${name}@seeftower.bh`,
  })
}

/**
 * Two pay-at-venue orders the desk has taken the money for, so each has a receipt: the user's and a
 * guest's. Their receipts are issued here, so the malformed requests find no table changing.
 */
async function prepareReceipts(t: TestApp, userCookie: string, staffId: string) {
  const own = await placeOrder(
    t,
    { items: [line({ date: '2026-12-08', time: '10:00' })], paymentMethod: 'venue' },
    { cookie: userCookie },
  )
  const guests = await placeOrder(t, {
    items: [line({ date: '2026-12-08', time: '11:00' })],
    paymentMethod: 'venue',
    guest: guest(t),
  })
  if (own.statusCode !== 201 || guests.statusCode !== 201)
    throw new Error(`The bookings with receipts failed: ${own.body} ${guests.body}`)
  await t.database.db
    .updateTable('confirmed_bookings')
    .set({ desk_paid_at: checkoutClock, desk_payment_method: 'card', desk_paid_by: staffId })
    .where('order_id', 'in', [own.json().id, guests.json().id])
    .execute()
  const receipts = {
    userOrderId: String(own.json().id),
    guestToken: String(guests.json().bookings[0].manageToken),
  }
  for (const url of [
    `/api/orders/${receipts.userOrderId}/receipt`,
    `/api/manage/${receipts.guestToken}/receipt`,
  ]) {
    const issued = await t.app.inject({ url, headers: { cookie: userCookie } })
    if (issued.statusCode !== 200) throw new Error(`The receipt was not issued: ${issued.body}`)
  }
  return receipts
}
