import { readFileSync } from 'node:fs'
import { sql } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { signedInUser } from '../../../../tests/support/accounts.ts'
import { paidCardOrder } from '../../../../tests/support/cancellation.ts'
import {
  checkoutClock,
  createCheckoutTestApp,
  guest,
  line,
  placeOrder,
} from '../../../../tests/support/checkout.ts'
import { send } from '../../../../tests/support/desk.ts'
import { smtpOutboxWorker, TestSmtpServer } from '../../../../tests/support/smtp-server.ts'
import type { TestApp } from '../../../../tests/support/test-app.ts'
import { errorTexts } from '../../../shared/errors.ts'
import { type DatabaseHandle, openDatabase } from '../../platform/db/database.ts'
import { runJobOnce } from '../../platform/jobs/periodic-job.ts'
import type { OutboxWorker } from '../../platform/mail/worker.ts'
import { issueGuestProof } from '../guest-verification/proof.ts'
import { queueDueDigests, venueNoticeJobs } from './digest.ts'
import { queueVenueChangeNotices } from './queue.ts'

/**
 * The venue is told of its bookings (docs/decisions/042), through the real outbox and a real SMTP
 * server: one notice per order, in the venue's language, or one digest each morning.
 */
const marina = 'manama-marina-hotel'
const marinaPass = 'manama-marina-hotel-gym'
const seef = 'seef-towers-residences'
const seefPass = 'seef-towers-residences-gym'

const clock = { now: checkoutClock }
const smtp = new TestSmtpServer()
let t: TestApp
let worker: OutboxWorker
let manager: string

beforeAll(async () => {
  await smtp.start()
  t = await createCheckoutTestApp(undefined, () => clock.now)
  worker = smtpOutboxWorker(t.database.db, smtp, t.now, t.config)
  manager = (await signedInUser(t, 'notices-manager@example.bh', 'manager')).cookie
}, 60_000)
afterAll(async () => {
  await smtp.stop()
  await t?.close()
})
beforeEach(async () => {
  clock.now = checkoutClock
  // Earlier tests' mails are sent and forgotten, so each test sees only its own.
  await worker.runOnce()
  smtp.messages.length = 0
})

const db = () => t.database.db

function setNotices(venue: string, body: object) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/admin/venues/${venue}/notices`,
    payload: body,
    headers: { origin: t.config.PUBLIC_URL, cookie: manager },
  })
}

async function notices(venue: string, bookingsEmail: string, mode = 'each', language = 'en') {
  const response = await setNotices(venue, { bookingsEmail, mode, language })
  expect(response.statusCode, response.body).toBe(200)
}

async function book(venue: string, passId: string, slot: { date: string; time: string }, quantity = 1) {
  const base = guest(t)
  // Its e-mail proven at the test's own time.
  const visitor = { ...base, proof: issueGuestProof(t.config.AUTH_SECRET, base.email, clock.now).proof }
  const response = await placeOrder(t, {
    items: [line({ gymId: venue, passId, ...slot, quantity })],
    paymentMethod: 'venue',
    language: 'en',
    guest: visitor,
  })
  expect(response.statusCode, response.body).toBe(201)
  const bookings = await db()
    .selectFrom('confirmed_bookings')
    .select(['id', 'reference'])
    .where('order_id', '=', response.json().id)
    .orderBy('id')
    .execute()
  return { orderId: response.json().id as string, bookings, visitor }
}

/** The mails delivered to `to`, after the worker sent what is due. */
async function delivered(to: string) {
  await worker.runOnce()
  return smtp.messages.filter((mail) => mail.to && 'text' in mail.to && mail.to.text === to)
}

const venueMails = (template: string) =>
  db().selectFrom('mail_outbox').selectAll().where('template', '=', template).execute()

describe('a notice for each booking', () => {
  it('tells the venue of a party once, with its references, pass, people, time and payment, no contact details', async () => {
    await notices(marina, 'Desk@Marina.example.bh')
    const party = await book(marina, marinaPass, { date: '2026-12-03', time: '10:00' }, 3)
    expect(party.bookings).toHaveLength(3)

    const mails = await delivered('desk@marina.example.bh')
    expect(mails).toHaveLength(1)
    const mail = mails[0]
    expect(mail?.subject).toBe('New booking - Manama Marina Hotel, 03/12/2026 10:00')
    const text = mail?.text ?? ''
    for (const booking of party.bookings) expect(text).toContain(booking.reference)
    expect(text).toMatch(/People\s+3/)
    expect(text).toContain('03/12/2026')
    expect(text).toMatch(/Time \(Bahrain\)\s+10:00/)
    expect(text).toContain('To be paid at the venue: BD')
    expect(text).toContain('Fatima Al Sayed')
    // The desk's name for the booker, not their address or mobile.
    expect(text).not.toContain(party.visitor.email)
    expect(text).not.toMatch(/3312\s?3456/)
  })

  it('tells the venue once of a party paid online by card, as paid', async () => {
    await notices(marina, 'desk@marina.example.bh')
    const order = await paidCardOrder(t, [
      line({ gymId: marina, passId: marinaPass, date: '2026-12-12', time: '16:00', quantity: 2 }),
    ])
    expect(order.bookings).toHaveLength(2)
    const mails = await delivered('desk@marina.example.bh')
    expect(mails).toHaveLength(1)
    expect(mails[0]?.text).toMatch(/Payment\s+Paid online/)
    expect(mails[0]?.text).toMatch(/People\s+2/)
  })

  it('tells the venue of a cancellation once, however many of the order’s visits it cancels', async () => {
    await notices(marina, 'desk@marina.example.bh')
    const party = await book(marina, marinaPass, { date: '2026-12-04', time: '11:00' }, 2)
    await delivered('desk@marina.example.bh')
    smtp.messages.length = 0

    const first = party.bookings[0]?.id
    const cancelled = await send(t, manager, 'POST', `/api/team/bookings/${first}/cancel`, {
      reason: 'The pool is closed.',
      scope: 'order',
    })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    const mails = await delivered('desk@marina.example.bh')
    expect(mails).toHaveLength(1)
    expect(mails[0]?.subject).toBe('Booking cancelled - Manama Marina Hotel, 04/12/2026 11:00')
    for (const booking of party.bookings) expect(mails[0]?.text).toContain(booking.reference)
    // Cancelling again changes nothing, and tells nobody again.
    const again = await send(t, manager, 'POST', `/api/team/bookings/${first}/cancel`, {
      reason: 'The pool is closed.',
      scope: 'order',
    })
    expect(again.statusCode).toBe(200)
    expect(await delivered('desk@marina.example.bh')).toHaveLength(1)
  })

  it('writes to the venue in Arabic when it asked for Arabic', async () => {
    await notices(marina, 'desk@marina.example.bh', 'each', 'ar')
    const booked = await book(marina, marinaPass, { date: '2026-12-05', time: '12:00' })
    const mails = await delivered('desk@marina.example.bh')
    expect(mails).toHaveLength(1)
    expect(mails[0]?.subject).toBe('حجز جديد - فندق مرسى المنامة، 05/12/2026 12:00')
    expect(mails[0]?.text).toContain(booked.bookings[0]?.reference)
    expect(mails[0]?.text).toContain('عدد الأشخاص')
    await notices(marina, 'desk@marina.example.bh', 'each', 'en')
  })

  it('tells a venue of a change of date through its hook, with where the visits were', async () => {
    await notices(marina, 'desk@marina.example.bh')
    const booked = await book(marina, marinaPass, { date: '2026-12-06', time: '13:00' })
    await delivered('desk@marina.example.bh')
    smtp.messages.length = 0
    const ids = booked.bookings.map((booking) => Number(booking.id))
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable('confirmed_bookings')
          .set({ booking_date: '2026-12-07' })
          .where('id', 'in', ids)
          .execute()
        await queueVenueChangeNotices(trx, ids, { date: '2026-12-06', time: '13:00' })
      })
    const mails = await delivered('desk@marina.example.bh')
    expect(mails).toHaveLength(1)
    expect(mails[0]?.subject).toBe('Booking changed - Manama Marina Hotel, 07/12/2026 13:00')
    expect(mails[0]?.text).toContain('moved from 06/12/2026 13:00')
  })

  it('tells a venue without an address, or with notices off, nothing', async () => {
    const before = (await venueMails('venue-booking-notice')).length
    // Seef has no address: none was ever set.
    await book(seef, seefPass, { date: '2026-12-03', time: '10:00' }, 2)
    await notices(marina, 'desk@marina.example.bh', 'off')
    await book(marina, marinaPass, { date: '2026-12-03', time: '14:00' })
    expect(await venueMails('venue-booking-notice')).toHaveLength(before)
    await notices(marina, 'desk@marina.example.bh')
  })
})

describe('the morning digest', () => {
  /** Another server on the same database: a second pool on PostgreSQL; PGlite is one process. */
  async function secondServer(): Promise<{ handle: DatabaseHandle; close(): Promise<void> }> {
    if (t.database.kind === 'pglite') return { handle: t.database, close: async () => {} }
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db())
    const url = new URL(process.env.TEST_DATABASE_URL as string)
    url.pathname = `/${rows[0]?.name}`
    const handle = await openDatabase({ url: url.toString(), maxConnections: 2 })
    return { handle, close: () => handle.close() }
  }

  it('lists the day’s visits once per venue and day, however often and on however many servers it runs', async () => {
    await notices(seef, 'front@seef.example.bh', 'digest')
    const morning = await book(seef, seefPass, { date: '2026-12-08', time: '09:00' }, 2)
    const evening = await book(seef, seefPass, { date: '2026-12-08', time: '18:00' })
    // A digest venue hears nothing at booking time.
    expect(await delivered('front@seef.example.bh')).toHaveLength(0)

    // 05:30 in Bahrain on the day: too early.
    expect(await queueDueDigests(db(), new Date('2026-12-08T02:30:00Z'))).toBe(0)
    const at = new Date('2026-12-08T03:05:00Z')
    const second = await secondServer()
    try {
      const counts = await Promise.all([
        queueDueDigests(db(), at),
        queueDueDigests(second.handle.db, at),
        queueDueDigests(db(), new Date('2026-12-08T04:00:00Z')),
      ])
      expect(counts.reduce((sum, n) => sum + n, 0)).toBe(1)
      // The job itself, ticked on both servers and again later that morning: nothing more.
      const job = venueNoticeJobs({ db: db(), log: t.app.log })[0]
      if (!job) throw new Error('no digest job')
      await runJobOnce(t.database, job, new Date('2026-12-08T05:00:00Z'))
      await runJobOnce(second.handle, job, new Date('2026-12-08T06:00:00Z'))
    } finally {
      await second.close()
    }

    const queued = await venueMails('venue-daily-digest')
    expect(queued.filter((mail) => mail.to_address === 'front@seef.example.bh')).toHaveLength(1)
    const mails = await delivered('front@seef.example.bh')
    expect(mails).toHaveLength(1)
    expect(mails[0]?.subject).toBe('Today’s bookings - Seef Towers Residences, 08/12/2026')
    const text = mails[0]?.text ?? ''
    for (const booking of [...morning.bookings, ...evening.bookings])
      expect(text).toContain(booking.reference)
    expect(text.indexOf('09:00')).toBeLessThan(text.indexOf('18:00'))
    expect(text).toContain('3 visits')
  })

  it('tells the venue at once of a booking for a day whose digest has gone, and goes again the next day', async () => {
    await notices(seef, 'front@seef.example.bh', 'digest')
    await book(seef, seefPass, { date: '2026-12-10', time: '09:00' })
    expect(await queueDueDigests(db(), new Date('2026-12-10T03:05:00Z'))).toBe(1)
    expect(await delivered('front@seef.example.bh')).toHaveLength(1)
    smtp.messages.length = 0

    // 07:00 that morning: a visit booked for 15:00 is told at once, since the list has gone.
    clock.now = new Date('2026-12-10T04:00:00Z')
    const late = await book(seef, seefPass, { date: '2026-12-10', time: '15:00' })
    const mails = await delivered('front@seef.example.bh')
    expect(mails).toHaveLength(1)
    expect(mails[0]?.subject).toMatch(/^New booking/)
    expect(mails[0]?.text).toContain(late.bookings[0]?.reference)

    // The next day has its own list.
    await book(seef, seefPass, { date: '2026-12-11', time: '10:00' })
    expect(await queueDueDigests(db(), new Date('2026-12-11T03:00:00Z'))).toBe(1)
    expect(await queueDueDigests(db(), new Date('2026-12-11T03:10:00Z'))).toBe(0)
  })
})

describe('the editor’s notice settings', () => {
  it('saves the address lower-cased with the mode and language, and keeps it in the history', async () => {
    const saved = await setNotices('vida-beach-hotel', {
      bookingsEmail: '  Bookings@Vida.example.bh ',
      mode: 'digest',
      language: 'ar',
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().venue.notices).toEqual({
      bookingsEmail: 'bookings@vida.example.bh',
      mode: 'digest',
      language: 'ar',
    })
    const history = await send(t, manager, 'GET', '/api/admin/venues/vida-beach-hotel/history')
    expect(history.json().entries[0]).toMatchObject({
      action: 'venue.notices',
      before: { bookingsEmail: null, bookingNotices: 'each', noticeLanguage: 'en' },
      after: { bookingsEmail: 'bookings@vida.example.bh', bookingNotices: 'digest', noticeLanguage: 'ar' },
    })
    // An empty address is none: the venue gets no notices.
    const cleared = await setNotices('vida-beach-hotel', { bookingsEmail: '', mode: 'each', language: 'en' })
    expect(cleared.json().venue.notices.bookingsEmail).toBe('')
    const row = await db()
      .selectFrom('venues')
      .select('bookings_email')
      .where('id', '=', 'vida-beach-hotel')
      .executeTakeFirstOrThrow()
    expect(row.bookings_email).toBeNull()
  })

  it('refuses an address that is not one, with a code worded in English and Arabic', async () => {
    for (const bookingsEmail of ['not-an-address', 'desk@marina', `${'a'.repeat(250)}@x.bh`]) {
      const refused = await setNotices(marina, { bookingsEmail, mode: 'each', language: 'en' })
      expect(refused.statusCode).toBe(400)
      expect(refused.json().error.fields).toEqual({ bookingsEmail: 'BOOKINGS_EMAIL_INVALID' })
    }
    const unknownMode = await setNotices(marina, { bookingsEmail: '', mode: 'weekly', language: 'en' })
    expect(unknownMode.statusCode).toBe(400)
    expect(unknownMode.json().error.fields).toEqual({ mode: 'INVALID_VALUE' })
    const english = JSON.parse(readFileSync('src/web/locales/en/errors.json', 'utf8'))
    const arabic = JSON.parse(readFileSync('src/web/locales/ar/errors.json', 'utf8'))
    expect(english.BOOKINGS_EMAIL_INVALID).toBe(errorTexts.BOOKINGS_EMAIL_INVALID)
    expect(arabic.BOOKINGS_EMAIL_INVALID).toMatch(/[\u0600-\u06FF]/)
  })

  it('is the team’s alone: staff and visitors are refused', async () => {
    const staff = (await signedInUser(t, 'notices-staff@example.bh', 'staff')).cookie
    const body = { bookingsEmail: 'x@example.bh', mode: 'each', language: 'en' }
    expect((await send(t, staff, 'PUT', `/api/admin/venues/${marina}/notices`, body)).statusCode).toBe(403)
    expect((await send(t, undefined, 'PUT', `/api/admin/venues/${marina}/notices`, body)).statusCode).toBe(
      401,
    )
    const unknown = await setNotices('no-such-venue', body)
    expect(unknown.statusCode).toBe(404)
  })
})
