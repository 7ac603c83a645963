import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser } from '../../support/accounts.ts'
import { createCheckoutTestApp, guest, line, placeOrder } from '../../support/checkout.ts'
import { smtpOutboxWorker, TestSmtpServer } from '../../support/smtp-server.ts'
import type { TestApp } from '../../support/test-app.ts'

/**
 * The mail server is down while visitors check out. src/server/platform/mail/outbox.test.ts shows
 * the outbox's retry for one newsletter mail; this follows booking confirmations through it: the
 * orders commit regardless, every failed attempt is recorded with its backoff, and once SMTP is
 * back each confirmation arrives exactly once, even with two workers sending at the same time.
 */

const smtp = new TestSmtpServer()
let t: TestApp

beforeAll(async () => {
  await smtp.start()
  t = await createCheckoutTestApp()
})
afterAll(async () => {
  await smtp.stop()
  await t.close()
})

const db = () => t.database.db

async function confirmationMails() {
  return db()
    .selectFrom('mail_outbox')
    .select(['id', 'to_address', 'status', 'attempts', 'last_error', 'payload'])
    .select(sql<number>`extract(epoch from next_attempt_at - now())`.as('retryInSeconds'))
    .where('template', '=', 'booking-confirmation')
    .orderBy('id')
    .execute()
}

/** Time passes: whatever waits for its retry is due now. */
/** The mails that failed come due again; the visits' reminders (not tried yet) keep their day. */
async function makeRetriesDue() {
  await sql`update mail_outbox set next_attempt_at = now() where status = 'pending' and attempts > 0`.execute(
    db(),
  )
}

describe('checking out while the SMTP server is down', () => {
  it('books every visit, keeps retrying the mails, and delivers each exactly once when SMTP is back', async () => {
    const nour = await signedInUser(t, 'nour@example.bh')
    // Her activation mail goes while SMTP still works: only the confirmations are left to send.
    expect(await smtpOutboxWorker(db(), smtp, t.now).runOnce()).toBe(1)
    smtp.messages.length = 0
    await smtp.stop()

    const signedIn = await placeOrder(
      t,
      {
        items: [
          line({ time: '09:00' }),
          line({ gymId: 'seef-towers-residences', passId: 'seef-towers-residences-gym', time: '10:00' }),
          line({ gymId: 'juffair-grand-suites', passId: 'juffair-grand-suites-health-club', time: '11:00' }),
        ],
        paymentMethod: 'venue',
        language: 'ar',
      },
      { cookie: nour.cookie },
    )
    const visitor = guest(t)
    const asGuest = await placeOrder(t, {
      items: [
        line({ time: '12:00' }),
        line({ gymId: 'vida-beach-hotel', passId: 'vida-beach-hotel-beach-pool', time: '13:00' }),
      ],
      paymentMethod: 'venue',
      language: 'en',
      guest: visitor,
    })
    // The orders do not wait for mail: both are confirmed with all their visits.
    for (const [answer, visits] of [
      [signedIn, 3],
      [asGuest, 2],
    ] as const) {
      expect(answer.statusCode).toBe(201)
      expect(answer.json()).toMatchObject({ status: 'confirmed' })
      expect(answer.json().bookings).toHaveLength(visits)
    }
    const bookingIds = [...signedIn.json().bookings, ...asGuest.json().bookings].map((b) => b.id)
    // One confirmation per order, every visit of it in the one mail.
    const queued = await confirmationMails()
    expect(queued.map((mail) => (mail.payload as { orderId: string }).orderId)).toEqual([
      signedIn.json().id,
      asGuest.json().id,
    ])
    expect(queued.map((mail) => mail.to_address)).toEqual(['nour@example.bh', visitor.email])

    // Every attempt fails, is recorded, and waits longer each time.
    const worker = smtpOutboxWorker(db(), smtp, t.now)
    expect(await worker.runOnce()).toBe(0)
    for (const mail of await confirmationMails()) {
      expect(mail).toMatchObject({ status: 'pending', attempts: 1 })
      expect(mail.last_error).toMatch(/ECONNREFUSED|connect/i)
      expect(Number(mail.retryInSeconds)).toBeGreaterThan(5)
    }
    expect(await worker.runOnce()).toBe(0)
    expect((await confirmationMails()).map((mail) => mail.attempts)).toEqual([1, 1])
    await makeRetriesDue()
    expect(await worker.runOnce()).toBe(0)
    for (const mail of await confirmationMails()) {
      expect(mail).toMatchObject({ status: 'pending', attempts: 2 })
      expect(Number(mail.retryInSeconds)).toBeGreaterThan(15)
    }
    const bookings = await db()
      .selectFrom('confirmed_bookings')
      .select(['id', 'payment_status'])
      .orderBy('id')
      .execute()
    expect(bookings).toEqual(bookingIds.map((id) => ({ id, payment_status: 'pay at venue' })))

    // SMTP is back on the same port; two workers drain the outbox at the same time.
    await smtp.start()
    await makeRetriesDue()
    const [first, second] = [smtpOutboxWorker(db(), smtp, t.now), smtpOutboxWorker(db(), smtp, t.now)]
    const sent = await Promise.all([first.runOnce(), second.runOnce()])
    expect(sent[0] + sent[1]).toBe(2)
    await makeRetriesDue()
    expect(await worker.runOnce()).toBe(0)

    const delivered = smtp.messages.map((mail) => {
      const to = Array.isArray(mail.to) ? mail.to[0] : mail.to
      return `${to?.text} | ${mail.subject}`
    })
    expect(delivered).toHaveLength(2)
    // One confirmation per order, whatever its number of visits and venues.
    expect(delivered.filter((mail) => mail.startsWith('nour@example.bh | تأكيد الحجز - '))).toHaveLength(1)
    expect(
      delivered.filter((mail) => mail.startsWith(`${visitor.email} | Booking Confirmation - `)),
    ).toHaveLength(1)
    const outbox = await confirmationMails()
    expect(new Set(smtp.messages.map((mail) => mail.messageId))).toEqual(
      new Set(outbox.map((mail) => `<outbox-${mail.id}@daypass.bh>`)),
    )
    expect(outbox.map((mail) => [mail.status, mail.attempts])).toEqual(Array(2).fill(['sent', 3]))
  })
})
