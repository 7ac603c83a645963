import ICAL from 'ical.js'
import { beforeAll, describe, expect, it } from 'vitest'
import { signedInUser } from '../../../../tests/support/accounts.ts'
import { bookAtVenue } from '../../../../tests/support/checkout.ts'
import { setUpMailTest } from '../../../../tests/support/mail-test.ts'
import { manageToken } from '../visits/ticket-codes.ts'
import { visitHours } from './booking-calendar.ts'
import { bookingCalendarFile } from './calendar-file.ts'

const m = setUpMailTest()
let owner: { id: string; cookie: string }
let stranger: { id: string; cookie: string }

beforeAll(async () => {
  owner = await signedInUser(m.t, 'calendar-owner@example.bh')
  stranger = await signedInUser(m.t, 'calendar-stranger@example.bh')
  await m.t.database.db
    .updateTable('venues')
    .set({ latitude: 26.2361, longitude: 50.5831 })
    .where('id', '=', 'manama-marina-hotel')
    .execute()
})

const book = (options: { cookie?: string; time: string; language?: 'en' | 'ar' }) =>
  bookAtVenue(m.t, { time: options.time }, options)

/** The file read by a real iCalendar parser, not by our own code. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text))
  const vevents = calendar.getAllSubcomponents('vevent')
  expect(vevents).toHaveLength(1)
  const event = new ICAL.Event(vevents[0])
  return {
    method: calendar.getFirstPropertyValue('method'),
    version: calendar.getFirstPropertyValue('version'),
    uid: event.uid,
    sequence: event.sequence,
    status: event.component.getFirstPropertyValue('status'),
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    summary: event.summary,
    location: event.location,
    description: event.description,
    geo: event.component.getFirstPropertyValue('geo'),
  }
}

describe('a booking’s calendar file', () => {
  it('starts a 10:00 Bahrain visit at 07:00 UTC, names the venue, its place and the reference', async () => {
    const booking = await book({ cookie: owner.cookie, time: '10:00' })
    const file = await bookingCalendarFile(
      m.t.database.db,
      booking.id,
      { secret: m.t.config.AUTH_SECRET, siteUrl: m.t.config.PUBLIC_URL },
      { now: m.t.now() },
    )
    expect(file?.contentType).toBe('text/calendar; charset=utf-8; method=PUBLISH')
    expect(file?.filename).toBe(`daypass-${booking.reference}.ics`)
    const event = parse(file?.content.toString('utf8') ?? '')
    expect(event).toMatchObject({
      method: 'PUBLISH',
      version: '2.0',
      start: '2026-12-03T07:00:00.000Z',
      // A day pass: until the venue's hours end that day (20:00 in Bahrain), not one hour.
      end: '2026-12-03T17:00:00.000Z',
      status: 'CONFIRMED',
      sequence: 0,
      summary: 'Manama Marina Hotel: day pass',
      geo: [26.2361, 50.5831],
    })
    expect(event.location).toContain('Manama Marina Hotel')
    expect(event.location).toContain('Manama Marina, Manama')
    expect(event.description).toContain(booking.reference)
    expect(event.description).toContain('government ID')
    expect(event.description).toContain('https://www.google.com/maps/dir/?api=1&destination=26.2361,50.5831')
    expect(event.uid).toBe(`booking-${booking.id}@${new URL(m.t.config.PUBLIC_URL).hostname}`)
  })

  it('keeps its UID, and its cancelled variant has the same UID, STATUS:CANCELLED and a higher SEQUENCE', async () => {
    const booking = await book({ time: '11:00', language: 'ar' })
    const links = { secret: m.t.config.AUTH_SECRET, siteUrl: m.t.config.PUBLIC_URL }
    const first = parse(
      (
        await bookingCalendarFile(m.t.database.db, booking.id, links, { now: m.t.now() })
      )?.content.toString() ?? '',
    )
    const again = parse(
      (
        await bookingCalendarFile(m.t.database.db, booking.id, links, { now: m.t.now() })
      )?.content.toString() ?? '',
    )
    expect(again.uid).toBe(first.uid)
    expect(first.summary).toContain('تذكرة يومية')
    expect(first.start).toBe('2026-12-03T08:00:00.000Z')

    // Once the booking is cancelled, the same file is the cancelled variant.
    await m.t.database.db
      .updateTable('confirmed_bookings')
      .set({ cancelled_at: new Date() })
      .where('id', '=', booking.id)
      .execute()
    const stored = parse(
      (
        await bookingCalendarFile(m.t.database.db, booking.id, links, { now: m.t.now() })
      )?.content.toString() ?? '',
    )
    expect(stored).toMatchObject({
      method: 'PUBLISH',
      uid: first.uid,
      status: 'CANCELLED',
      start: first.start,
    })
    expect(stored.sequence).toBeGreaterThan(first.sequence)
    expect(stored.description).not.toContain('/booking/')
  })

  it('is attached to every confirmation mail, as delivered through SMTP', async () => {
    const booking = await book({ time: '12:00' })
    await m.worker.runOnce()
    const mail = m.smtp.messages.find((message) => message.text?.includes(booking.reference))
    const attachment = mail?.attachments.find((file) => file.contentType === 'text/calendar')
    expect(attachment?.filename).toBe(`daypass-${booking.reference}.ics`)
    // Offered as a file to open, unlike the QR code shown inline.
    expect(attachment?.related).toBeFalsy()
    const event = parse(attachment?.content.toString('utf8') ?? '')
    expect(event.uid).toBe(`booking-${booking.id}@${new URL(m.t.config.PUBLIC_URL).hostname}`)
    expect(event.start).toBe('2026-12-03T09:00:00.000Z')
    expect(mail?.text).toContain(`daypass-${booking.reference}.ics`)
    expect(mail?.text).toContain('https://www.google.com/maps/dir/?api=1&destination=26.2361,50.5831')
  })
})

describe('“Add to calendar”', () => {
  it('downloads a signed-in booker’s own booking, and nobody else’s', async () => {
    const booking = await book({ cookie: owner.cookie, time: '13:00' })
    const url = `/api/bookings/${booking.id}/calendar.ics`
    const mine = await m.t.app.inject({ url, headers: { cookie: owner.cookie } })
    expect(mine.statusCode).toBe(200)
    expect(mine.headers['content-type']).toBe('text/calendar; charset=utf-8; method=PUBLISH')
    expect(mine.headers['content-disposition']).toBe(
      `attachment; filename="daypass-${booking.reference}.ics"`,
    )
    expect(mine.headers['cache-control']).toContain('no-store')
    expect(parse(mine.body).start).toBe('2026-12-03T10:00:00.000Z')

    const theirs = await m.t.app.inject({ url, headers: { cookie: stranger.cookie } })
    expect(theirs.statusCode).toBe(404)
    expect(theirs.body).not.toContain(booking.reference)
    expect((await m.t.app.inject({ url })).statusCode).toBe(401)
    const missing = await m.t.app.inject({
      url: `/api/bookings/${booking.id + 1000}/calendar.ics`,
      headers: { cookie: owner.cookie },
    })
    expect(missing.statusCode).toBe(404)
  })

  it('downloads a guest’s booking through the signed link, and answers 404 to a forged one', async () => {
    const booking = await book({ time: '14:00' })
    const token = manageToken(m.t.config.AUTH_SECRET, booking)
    const answer = await m.t.app.inject({ url: `/api/manage/${token}/calendar.ics` })
    expect(answer.statusCode).toBe(200)
    const event = parse(answer.body)
    expect(event.start).toBe('2026-12-03T11:00:00.000Z')
    expect(event.description).toContain(booking.reference)

    const forged = manageToken('not-the-server-secret-but-just-as-long!!', booking)
    const otherId = token.replace(/^\d+/, String(booking.id - 1))
    for (const bad of [forged, otherId, `${token}A`, 'x']) {
      const refused = await m.t.app.inject({ url: `/api/manage/${encodeURIComponent(bad)}/calendar.ics` })
      expect(refused.statusCode, bad).toBe(404)
      expect(refused.json().error.code).toBe('BOOKING_NOT_FOUND')
    }
  })
})

describe('how long a visit lasts', () => {
  // Sunday to Saturday: 8 to 19 every day but Thursday (a break from 12 to 16) and Friday (closed).
  const day = [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]
  const week = [day, day, day, day, [8, 9, 10, 11, 16, 17, 18, 19], [], day]
  it('runs from its hour to the end of the venue’s hours it falls in', () => {
    expect(visitHours('2026-12-06', '10:00', week)).toBe(10) // Sunday: until 20:00
    expect(visitHours('2026-12-06', '19:00', week)).toBe(1)
    expect(visitHours('2026-12-10', '09:00', week)).toBe(3) // Thursday: until the noon break
    expect(visitHours('2026-12-10', '16:00', week)).toBe(4)
  })
  it('is one hour when the venue’s hours no longer hold it', () => {
    expect(visitHours('2026-12-11', '10:00', week)).toBe(1)
    expect(visitHours('2026-12-11', '10:00', null)).toBe(1)
  })
})
