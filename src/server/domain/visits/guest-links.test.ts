import ICAL from 'ical.js'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { signedInUser, testOrigin } from '../../../../tests/support/accounts.ts'
import { guest, line, placeOrder } from '../../../../tests/support/checkout.ts'
import { setUpMailTest } from '../../../../tests/support/mail-test.ts'
import { guestLinkDays } from './access.ts'
import { readGuestLink } from './ticket-codes.ts'

/**
 * The lifetimes of a guest's links (docs/decisions/031), attacked over HTTP as someone holding an
 * old mail, a calendar entry or a tampered link would: revoked by a cancellation, expired some days
 * after the visit, and a calendar's read-only link that cannot cancel.
 */
const m = setUpMailTest()
let manager: { id: string; cookie: string }

beforeAll(async () => {
  manager = await signedInUser(m.t, 'links-manager@example.bh', 'manager')
})
beforeEach(() => {
  client++
})

/**
 * Requests from a client address of their own per test, so the manage link's rate limit (per
 * address) never decides an answer here.
 */
let client = 0
const address = () => `10.77.0.${client}`
const get = (url: string) =>
  m.t.app.inject({ method: 'GET', url, headers: { origin: testOrigin }, remoteAddress: address() })
const post = (url: string, payload: object, cookie?: string) =>
  m.t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { origin: testOrigin, ...(cookie ? { cookie } : {}) },
    remoteAddress: address(),
  })

let next = 0
/** A guest's visit of its own (pay at the venue) on Thursday 3 December 2026: its id and manage token. */
async function guestVisit(language: 'en' | 'ar' = 'en') {
  const time = `${String(9 + next++).padStart(2, '0')}:00`
  const placed = await placeOrder(m.t, {
    items: [line({ time })],
    paymentMethod: 'venue',
    language,
    guest: guest(m.t),
  })
  expect(placed.statusCode, placed.body).toBe(201)
  const [booking] = placed.json().bookings as { id: number; manageToken: string }[]
  if (!booking) throw new Error('a booking expected')
  return { id: booking.id, token: booking.manageToken, time }
}

/** What each use of a link answers: the page, the ticket's QR code, the calendar file, a cancel. */
async function uses(token: string) {
  const url = `/api/manage/${encodeURIComponent(token)}`
  return {
    page: (await get(url)).statusCode,
    qr: (await get(`${url}/qr.svg`)).statusCode,
    calendar: (await get(`${url}/calendar.ics`)).statusCode,
    cancel: (await post(`${url}/cancel`, {})).statusCode,
  }
}

const isCancelled = async (id: number) =>
  (
    await m.t.database.db
      .selectFrom('confirmed_bookings')
      .select('cancelled_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).cancelled_at !== null

/** The guest link an `.ics` file carries (its URL property), as a calendar app reads it. */
function calendarLink(ics: string): string {
  const event = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')
  const url = String(event?.getFirstPropertyValue('url') ?? '')
  return decodeURIComponent(url.split('/booking/')[1] ?? '')
}

describe('a cancelled visit’s links', () => {
  it('are revoked by the guest’s cancel, whose answer moves the page to a read-only link of the cancelled visit', async () => {
    const visit = await guestVisit()
    const cancelled = await post(`/api/manage/${visit.token}/cancel`, {})
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    expect(cancelled.json().cancelledIds).toEqual([visit.id])

    // The link in the confirmation mail (and any calendar that took it) now opens nothing.
    expect(await uses(visit.token)).toEqual({ page: 404, qr: 404, calendar: 404, cancel: 404 })
    expect((await get(`/api/manage/${visit.token}`)).json().error.code).toBe('BOOKING_NOT_FOUND')

    // The page the guest is on reads the cancelled visit through the answer's read-only token.
    const viewToken = String(cancelled.json().viewToken)
    expect(readGuestLink(m.t.config.AUTH_SECRET, viewToken)).toEqual({
      id: visit.id,
      version: 2,
      scope: 'view',
    })
    const page = await get(`/api/manage/${encodeURIComponent(viewToken)}`)
    expect(page.statusCode, page.body).toBe(200)
    expect(page.json()).toMatchObject({
      access: 'view',
      booking: { id: visit.id, cancellation: { cancelledByTeam: false, refund: null } },
    })
    expect(page.json().booking.cancellation.cancelledAt).not.toBeNull()
    expect((await uses(viewToken)).cancel).toBe(404)
  })

  it('are revoked by the team’s cancel too, and the cancellation mail links to the cancelled visit read-only', async () => {
    const visit = await guestVisit('ar')
    const cancelled = await post(
      `/api/team/bookings/${visit.id}/cancel`,
      { reason: 'The pool is closed for repairs.' },
      manager.cookie,
    )
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    expect(await uses(visit.token)).toEqual({ page: 404, qr: 404, calendar: 404, cancel: 404 })

    await m.worker.runOnce()
    const mail = m.smtp.messages.find((message) => message.subject?.startsWith('تم إلغاء الحجز'))
    const link = /\/booking\/([^\s"\]]+)/.exec(mail?.text ?? '')?.[1] ?? ''
    const token = decodeURIComponent(link)
    expect(readGuestLink(m.t.config.AUTH_SECRET, token)).toMatchObject({ id: visit.id, scope: 'view' })
    const page = await get(`/api/manage/${encodeURIComponent(token)}`)
    expect(page.statusCode, page.body).toBe(200)
    expect(page.json().booking.cancellation).toMatchObject({
      cancelledByTeam: true,
      reason: 'The pool is closed for repairs.',
    })
    expect((await uses(token)).cancel).toBe(404)
  })
})

describe('a guest link’s lifetime', () => {
  it(`opens the booking until ${guestLinkDays} days after the visit starts, then answers 404 like a forged one`, async () => {
    const visit = await guestVisit()
    const calendar = await get(`/api/manage/${visit.token}/calendar.ics`)
    const viewToken = calendarLink(calendar.body)
    const start = new Date(`2026-12-03T${visit.time}:00+03:00`).getTime()

    m.clock.now = new Date(start + guestLinkDays * 86_400_000 - 60_000)
    expect((await get(`/api/manage/${visit.token}`)).statusCode).toBe(200)
    expect((await get(`/api/manage/${visit.token}/qr.svg`)).statusCode).toBe(200)
    expect((await get(`/api/manage/${encodeURIComponent(viewToken)}`)).statusCode).toBe(200)

    m.clock.now = new Date(start + guestLinkDays * 86_400_000)
    for (const token of [visit.token, viewToken]) {
      const answers = await uses(token)
      expect(answers, token).toEqual({ page: 404, qr: 404, calendar: 404, cancel: 404 })
    }
    expect((await get(`/api/manage/${visit.token}`)).json().error.code).toBe('BOOKING_NOT_FOUND')
  })

  it('cancels only until the cancellation deadline: later the visit stays booked and the link still reads it', async () => {
    const visit = await guestVisit()
    // The default notice is 24 hours: an hour before the visit is long past it.
    m.clock.now = new Date(new Date(`2026-12-03T${visit.time}:00+03:00`).getTime() - 3_600_000)
    const late = await post(`/api/manage/${visit.token}/cancel`, {})
    expect(late.statusCode, late.body).toBe(409)
    expect(late.json().error.code).toBe('CANCEL_TOO_LATE')
    expect(await isCancelled(visit.id)).toBe(false)
    expect((await get(`/api/manage/${visit.token}`)).json()).toMatchObject({
      access: 'manage',
      booking: { cancellation: { refusal: 'CANCEL_TOO_LATE' } },
    })
  })
})

describe('the calendar file’s link', () => {
  it('is read-only: it opens the booking without its ticket, and cancelling with it is a 404 that changes nothing', async () => {
    const visit = await guestVisit()
    const calendar = await get(`/api/manage/${visit.token}/calendar.ics`)
    expect(calendar.statusCode).toBe(200)
    const token = calendarLink(calendar.body)
    expect(readGuestLink(m.t.config.AUTH_SECRET, token)).toEqual({ id: visit.id, version: 1, scope: 'view' })
    expect(calendar.body).not.toContain(visit.token)

    const page = await get(`/api/manage/${encodeURIComponent(token)}`)
    expect(page.statusCode, page.body).toBe(200)
    expect(page.json()).toMatchObject({ access: 'view', orderVisits: [], booking: { id: visit.id } })
    expect(await uses(token)).toEqual({ page: 200, qr: 404, calendar: 200, cancel: 404 })
    const refused = await post(`/api/manage/${encodeURIComponent(token)}/cancel`, { scope: 'order' })
    expect(refused.json().error.code).toBe('BOOKING_NOT_FOUND')
    expect(await isCancelled(visit.id)).toBe(false)
    // The guest's own link still manages it.
    expect((await get(`/api/manage/${visit.token}`)).json().access).toBe('manage')
  })

  it('cannot gain rights by a scope written into it or taken out of it', async () => {
    const visit = await guestVisit()
    const view = calendarLink((await get(`/api/manage/${visit.token}/calendar.ics`)).body)
    const [id, version, , signature] = view.split('.')
    const manageSignature = visit.token.split('.')[2]
    // The genuine view link reads and nothing more.
    expect(await uses(view)).toEqual({ page: 200, qr: 404, calendar: 200, cancel: 404 })
    const forged = [
      `${id}.${version}.${signature}`, // the view signature passed off as a manage link
      `${id}.${version}.m.${signature}`, // a scope that does not exist
      `${id}.${version}.V.${signature}`,
      `${id}.${version}.v.${manageSignature}`, // a manage signature marked as a view
      `${id}.${version}.v.v.${signature}`,
    ]
    for (const token of forged) {
      expect(await uses(token), token).toEqual({ page: 404, qr: 404, calendar: 404, cancel: 404 })
    }
    expect(await isCancelled(visit.id)).toBe(false)
  })
})
