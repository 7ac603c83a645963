import { describe, expect, it } from 'vitest'
import { guestSession, signedInUser } from '../../../tests/support/accounts.ts'
import { checkoutClock } from '../../../tests/support/checkout.ts'
import { auditOf, book, redeem, send, setUpDeskTest, venueA, venueB } from '../../../tests/support/desk.ts'
import type { DeskDay } from '../../shared/desk.ts'
import { markPastNoShows } from '../domain/desk/sweeper.ts'

const d = setUpDeskTest()

const db = () => d.t.database.db
const day = async (cookie: string, query: string): Promise<DeskDay> => {
  const response = await send(d.t, cookie, 'GET', `/api/desk/bookings?${query}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}
const bookingRow = (id: number) =>
  db().selectFrom('confirmed_bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

describe('who may use the desk, and for which venues', () => {
  it('refuses anonymous visitors and guests (401) and users (403) on every endpoint, changing nothing', async () => {
    const booking = await book(d.t)
    const guestCookie = await guestSession(d.t)
    const attempts = (cookie: string | undefined) => [
      send(d.t, cookie, 'GET', '/api/desk/venues'),
      send(d.t, cookie, 'GET', `/api/desk/bookings?venue=${venueA}&date=2026-12-01`),
      redeem(d.t, cookie, { text: booking.payload }),
      send(d.t, cookie, 'POST', `/api/desk/bookings/${booking.id}/payment`, { method: 'cash' }),
      send(d.t, cookie, 'POST', `/api/desk/bookings/${booking.id}/no-show`, {}),
      send(d.t, cookie, 'DELETE', `/api/desk/bookings/${booking.id}/no-show`),
    ]
    for (const [cookie, status] of [
      [undefined, 401],
      [guestCookie, 401],
      [d.user, 403],
    ] as const)
      for (const response of await Promise.all(attempts(cookie))) {
        expect(response.statusCode, response.body).toBe(status)
        expect(response.body).not.toContain(booking.reference)
      }
    const row = await bookingRow(booking.id)
    expect([row.checked_in_at, row.desk_paid_at, row.no_show_at]).toEqual([null, null, null])
    expect(await auditOf(d.t, booking.id)).toEqual([])
  })

  it('lists staff only their venues, and managers and admins every venue', async () => {
    const ids = async (cookie: string) =>
      ((await send(d.t, cookie, 'GET', '/api/desk/venues')).json().venues as { id: string }[]).map(
        (venue) => venue.id,
      )
    expect(await ids(d.staffA.cookie)).toEqual([venueA])
    expect(await ids(d.staffB.cookie)).toEqual([venueB])
    expect((await ids(d.manager)).length).toBeGreaterThan(2)
    expect(await ids(d.admin)).toEqual(await ids(d.manager))
    const unassigned = (await signedInUser(d.t, 'staff-none@example.bh', 'staff')).cookie
    expect(await ids(unassigned)).toEqual([])
  })

  it('refuses staff another venue’s day (403) and its bookings by id (404), showing nothing', async () => {
    const theirs = await book(d.t, { venue: venueB, time: '11:00' })
    const dayB = await send(d.t, d.staffA.cookie, 'GET', `/api/desk/bookings?venue=${venueB}&date=2026-12-01`)
    expect(dayB.statusCode).toBe(403)
    expect(dayB.json().error.code).toBe('VENUE_NOT_ASSIGNED')
    const scanB = await redeem(d.t, d.staffA.cookie, { venueId: venueB, text: theirs.payload })
    expect(scanB.statusCode).toBe(403)
    for (const [method, path, body] of [
      ['POST', 'payment', { method: 'cash' }],
      ['POST', 'no-show', {}],
      ['DELETE', 'no-show', undefined],
    ] as const) {
      const response = await send(
        d.t,
        d.staffA.cookie,
        method,
        `/api/desk/bookings/${theirs.id}/${path}`,
        body,
      )
      expect(response.statusCode, `${method} ${path}`).toBe(404)
      expect(response.body).not.toContain(theirs.reference)
    }
    expect((await day(d.staffB.cookie, `venue=${venueB}&date=2026-12-01`)).slots[0]?.bookings[0]?.id).toBe(
      theirs.id,
    )
    expect((await day(d.manager, `venue=${venueB}&date=2026-12-01`)).slots.length).toBeGreaterThan(0)
    const row = await bookingRow(theirs.id)
    expect([row.desk_paid_at, row.no_show_at]).toEqual([null, null])
  })

  it('answers 404 for an unknown venue and 400 for a malformed query', async () => {
    expect(
      (await send(d.t, d.manager, 'GET', '/api/desk/bookings?venue=no-such-venue&date=2026-12-01'))
        .statusCode,
    ).toBe(404)
    expect(
      (await send(d.t, d.manager, 'GET', `/api/desk/bookings?venue=${venueA}&date=2026-02-30`)).statusCode,
    ).toBe(400)
    expect((await send(d.t, d.manager, 'GET', `/api/desk/bookings?venue=${venueA}`)).statusCode).toBe(400)
  })
})

describe('GET /api/desk/bookings', () => {
  it('groups a day by slot with counts, and searches by name, e-mail, mobile and reference', async () => {
    const date = '2026-12-04'
    const first = await book(d.t, { date, time: '09:00', email: 'layla.hassan@example.bh' })
    const second = await book(d.t, { date, time: '09:00', paid: true })
    const third = await book(d.t, { date, time: '16:00' })
    await db()
      .updateTable('confirmed_bookings')
      .set({ checked_in_at: new Date(), checked_in_by: d.staffA.id })
      .where('id', '=', second.id)
      .execute()
    const whole = await day(d.staffA.cookie, `venue=${venueA}&date=${date}`)
    expect(
      whole.slots.map(({ time, booked, checkedIn, toCome }) => ({ time, booked, checkedIn, toCome })),
    ).toEqual([
      { time: '09:00', booked: 2, checkedIn: 1, toCome: 1 },
      { time: '16:00', booked: 1, checkedIn: 0, toCome: 1 },
    ])
    expect(whole.slots[0]?.bookings[0]).toMatchObject({
      id: first.id,
      reference: first.reference,
      name: 'Fatima Al Sayed',
      email: 'layla.hassan@example.bh',
      mobile: '+97333123456',
      paymentStatus: 'pay at venue',
      state: 'to_come',
      deskPayment: null,
    })
    const found = async (search: string) =>
      (
        await day(d.staffA.cookie, `venue=${venueA}&date=${date}&search=${encodeURIComponent(search)}`)
      ).slots.flatMap((slot) => slot.bookings.map((booking) => booking.id))
    expect(await found('layla')).toEqual([first.id])
    expect(await found(third.reference.toLowerCase())).toEqual([third.id])
    // A reference as people type it: no dashes, spaces between groups, part of it.
    const compact = third.reference.replaceAll('-', '')
    expect(await found(compact.toLowerCase())).toEqual([third.id])
    expect(await found(`${compact.slice(0, 2)} ${compact.slice(2, 6)} ${compact.slice(6)}`)).toEqual([
      third.id,
    ])
    expect(await found(`${compact.slice(4, 6)} ${compact.slice(6, 9)}`.toLowerCase())).toEqual([third.id])
    expect(await found('+973 3312 3456')).toEqual([first.id, second.id, third.id])
    // As a phone set to Arabic types it.
    expect(await found('٣٣١٢-٣٤٥٦')).toEqual([first.id, second.id, third.id])
    expect(await found('fatima al')).toHaveLength(3)
    expect(await found('nobody')).toEqual([])
  })
})

describe('payment at the desk', () => {
  it('records it once, for pay at the venue, with who and how, and refuses anything else (409)', async () => {
    const booking = await book(d.t, { time: '14:00' })
    const pay = (id: number, method = 'cash') =>
      send(d.t, d.staffA.cookie, 'POST', `/api/desk/bookings/${id}/payment`, { method })
    const first = await pay(booking.id)
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json().booking.deskPayment).toEqual({ method: 'cash', at: checkoutClock.toISOString() })
    const again = await pay(booking.id, 'card')
    expect(again.statusCode).toBe(409)
    expect(again.json().error.code).toBe('DESK_PAYMENT_NOT_DUE')
    const paidOnline = await book(d.t, { time: '14:00', paid: true })
    expect((await pay(paidOnline.id)).statusCode).toBe(409)
    expect((await pay(booking.id, 'cheque')).statusCode).toBe(400)
    const row = await bookingRow(booking.id)
    expect([row.desk_payment_method, row.desk_paid_by]).toEqual(['cash', d.staffA.id])
    const audit = await auditOf(d.t, booking.id)
    expect(audit.map((entry) => [entry.action, entry.actor_email, entry.venue_id])).toEqual([
      ['booking.desk_payment', 'staff-a@example.bh', venueA],
    ])
  })
})

describe('no-shows', () => {
  it('marks a visit of today and takes the mark back; refuses a future visit or a checked-in one', async () => {
    const today = await book(d.t, { time: '17:00' })
    const mark = (id: number) => send(d.t, d.staffA.cookie, 'POST', `/api/desk/bookings/${id}/no-show`, {})
    const marked = await mark(today.id)
    expect(marked.statusCode, marked.body).toBe(200)
    expect(marked.json().booking.state).toBe('no_show')
    const undone = await send(d.t, d.staffA.cookie, 'DELETE', `/api/desk/bookings/${today.id}/no-show`)
    expect(undone.json().booking.state).toBe('to_come')
    expect((await auditOf(d.t, today.id)).map((entry) => entry.action)).toEqual([
      'booking.no_show',
      'booking.no_show_undo',
    ])
    const future = await book(d.t, { date: '2026-12-05' })
    expect((await mark(future.id)).json().error.code).toBe('NO_SHOW_NOT_ALLOWED')
    const checkedIn = await book(d.t, { paid: true })
    await redeem(d.t, d.staffA.cookie, { text: checkedIn.payload })
    expect((await mark(checkedIn.id)).statusCode).toBe(409)
  })

  it('can be corrected until the end of the day after the visit, in Bahrain', async () => {
    const booking = await book(d.t, { time: '18:00' })
    const undo = () => send(d.t, d.staffA.cookie, 'DELETE', `/api/desk/bookings/${booking.id}/no-show`)
    const markAgain = () =>
      db()
        .updateTable('confirmed_bookings')
        .set({ no_show_at: new Date() })
        .where('id', '=', booking.id)
        .execute()
    await markAgain()
    d.clock.now = new Date('2026-12-02T20:59:59Z') // 23:59:59 on the 2nd in Bahrain
    expect((await undo()).statusCode).toBe(200)
    await markAgain()
    d.clock.now = new Date('2026-12-02T21:00:00Z') // the 3rd
    const late = await undo()
    expect(late.statusCode).toBe(409)
    expect(late.json().error.code).toBe('NO_SHOW_CORRECTION_CLOSED')
  })

  it('are swept for the days before today in Bahrain, sparing check-ins, cancellations and corrections', async () => {
    const date = '2026-12-07'
    const missed = await book(d.t, { date })
    const came = await book(d.t, { date, paid: true })
    const cancelled = await book(d.t, { date })
    const corrected = await book(d.t, { date })
    await db()
      .updateTable('confirmed_bookings')
      .set({ checked_in_at: new Date() })
      .where('id', '=', came.id)
      .execute()
    await db()
      .updateTable('confirmed_bookings')
      .set({ cancelled_at: new Date() })
      .where('id', '=', cancelled.id)
      .execute()
    await db()
      .updateTable('confirmed_bookings')
      .set({ no_show_cleared_at: new Date() })
      .where('id', '=', corrected.id)
      .execute()
    await markPastNoShows(db(), new Date('2026-12-07T20:59:00Z')) // still the 7th in Bahrain
    expect((await bookingRow(missed.id)).no_show_at).toBeNull()
    await markPastNoShows(db(), new Date('2026-12-07T21:00:00Z')) // the 8th
    expect((await bookingRow(missed.id)).no_show_at).toEqual(new Date('2026-12-07T21:00:00Z'))
    for (const spared of [came, cancelled, corrected])
      expect((await bookingRow(spared.id)).no_show_at).toBeNull()
    // A second sweep leaves the first mark as it was.
    await markPastNoShows(db(), new Date('2026-12-08T10:00:00Z'))
    expect((await bookingRow(missed.id)).no_show_at).toEqual(new Date('2026-12-07T21:00:00Z'))
  })
})
