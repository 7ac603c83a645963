import { sql } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import { signedInUser } from '../../../../tests/support/accounts.ts'
import { bookAtVenue, checkoutClock } from '../../../../tests/support/checkout.ts'
import { setUpMailTest } from '../../../../tests/support/mail-test.ts'
import { decodeQrPng } from '../../../../tests/support/qr.ts'
import { smtpOutboxWorker } from '../../../../tests/support/smtp-server.ts'
import { readTicketText } from '../visits/ticket-codes.ts'
import { queueReminders, reminderSendAt } from './schedule.ts'

const m = setUpMailTest()

/** The outbox worker with the test's clock, delivering to the test SMTP server. */
function workerAt(now: Date) {
  return smtpOutboxWorker(m.t.database.db, m.smtp, () => now, m.t.config)
}

beforeAll(async () => {
  await m.t.database.db
    .updateTable('venues')
    .set({ latitude: 26.2361, longitude: 50.5831, capacity_per_slot: 50 })
    .where('id', '=', 'manama-marina-hotel')
    .execute()
})

const hour = 60 * 60 * 1000

describe('when a reminder is sent', () => {
  const visit = new Date('2026-12-03T07:00:00Z')
  it('is 24 hours before the visit when booked earlier than that', () => {
    expect(reminderSendAt(visit, new Date(visit.getTime() - 72 * hour))).toEqual(
      new Date('2026-12-02T07:00:00Z'),
    )
    expect(reminderSendAt(visit, new Date(visit.getTime() - 24 * hour))).toEqual(
      new Date('2026-12-02T07:00:00Z'),
    )
  })

  it('is at once when booked less than 24 but more than 3 hours ahead', () => {
    for (const ahead of [23.99, 12, 3.01]) {
      const bookedAt = new Date(visit.getTime() - ahead * hour)
      expect(reminderSendAt(visit, bookedAt), String(ahead)).toEqual(bookedAt)
    }
  })

  it('is never when booked 3 hours ahead or less', () => {
    for (const ahead of [3, 2, 0.5])
      expect(reminderSendAt(visit, new Date(visit.getTime() - ahead * hour))).toBeNull()
  })
})

const book = (time: string, options: { date?: string; cookie?: string; language?: 'en' | 'ar' } = {}) =>
  bookAtVenue(m.t, { time, ...(options.date ? { date: options.date } : {}) }, options)

function remindersOf(bookingId: number) {
  return m.t.database.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('template', '=', 'booking-reminder')
    .where(sql<string>`payload ->> 'bookingId'`, '=', String(bookingId))
    .execute()
}

/** Time passes until the reminder is due: its send time moves to the database's now. */
async function makeDue(bookingId: number) {
  await m.t.database.db
    .updateTable('mail_outbox')
    .set({ next_attempt_at: sql<Date>`now() - interval '1 second'` })
    .where('template', '=', 'booking-reminder')
    .where(sql<string>`payload ->> 'bookingId'`, '=', String(bookingId))
    .execute()
}

describe('a booking’s reminder in the outbox', () => {
  // The clock: Tuesday 1 December 2026, 08:30 in Bahrain (05:30 UTC).
  it('is queued with the booking, due 24 hours before a visit two days ahead', async () => {
    const booking = await book('10:00')
    const reminders = await remindersOf(booking.id)
    expect(reminders).toHaveLength(1)
    expect(reminders[0]?.next_attempt_at).toEqual(new Date('2026-12-02T07:00:00Z'))
    expect(reminders[0]?.status).toBe('pending')
  })

  it('is due at once for a visit later today, and not queued for one under 3 hours away', async () => {
    const later = await book('14:00', { date: '2026-12-01' })
    expect((await remindersOf(later.id))[0]?.next_attempt_at).toEqual(checkoutClock)
    const soon = await book('11:00', { date: '2026-12-01' })
    expect(await remindersOf(soon.id)).toHaveLength(0)
  })

  it('is sent once, with the ticket inline, the address, the map link and what to bring, in the booker’s language', async () => {
    const amira = await signedInUser(m.t, 'reminded@example.bh')
    const booking = await book('15:00', { cookie: amira.cookie, language: 'ar' })
    // Queued again by mistake: still one reminder.
    await queueReminders(
      m.t.database.db,
      { contact_email: 'reminded@example.bh', language: 'ar' },
      [booking],
      checkoutClock,
    )
    expect(await remindersOf(booking.id)).toHaveLength(1)
    await m.worker.runOnce()
    m.smtp.messages.length = 0
    await makeDue(booking.id)

    await m.worker.runOnce()
    await m.worker.runOnce()
    const mails = m.smtp.messages.filter((mail) => mail.subject?.startsWith('تذكير'))
    expect(mails).toHaveLength(1)
    const mail = mails[0]
    expect(mail?.to && 'text' in mail.to ? mail.to.text : '').toBe('reminded@example.bh')
    expect(mail?.subject).toBe('تذكير: فندق مرسى المنامة، 03/12/2026 الساعة 15:00')
    const qr = mail?.attachments.find((attachment) => attachment.contentId === '<ticket-qr@daypass>')
    expect(qr?.related).toBe(true)
    expect(readTicketText(decodeQrPng(qr?.content as Buffer) ?? '')?.reference).toBe(booking.reference)
    expect(mail?.text).toContain(booking.reference)
    expect(mail?.text).toContain('مرسى المنامة، المنامة')
    expect(mail?.text).toContain('https://www.google.com/maps/dir/?api=1&destination=26.2361,50.5831')
    expect(mail?.text).toContain('أحضر هوية سارية')
    expect(mail?.text).toContain('http://localhost:3000/bookings')
    const [row] = await remindersOf(booking.id)
    expect(row?.status).toBe('sent')
  })

  it('is never sent for a booking cancelled after it was queued', async () => {
    const booking = await book('16:00')
    await m.worker.runOnce()
    m.smtp.messages.length = 0
    await m.t.database.db
      .updateTable('confirmed_bookings')
      .set({ cancelled_at: new Date() })
      .where('id', '=', booking.id)
      .execute()
    await makeDue(booking.id)
    await m.worker.runOnce()
    expect(m.smtp.messages).toHaveLength(0)
    const [row] = await remindersOf(booking.id)
    expect(row).toMatchObject({ status: 'dropped', last_error: 'The booking was cancelled' })
    // Dropped is final: it is not tried again.
    await m.worker.runOnce()
    expect(m.smtp.messages).toHaveLength(0)
  })

  it('is dropped when the worker only gets to it once the visit has begun', async () => {
    const booking = await book('17:00')
    await m.worker.runOnce()
    m.smtp.messages.length = 0
    await makeDue(booking.id)
    await workerAt(new Date('2026-12-03T14:00:00Z')).runOnce()
    expect(m.smtp.messages).toHaveLength(0)
    expect((await remindersOf(booking.id))[0]?.status).toBe('dropped')
  })
})
