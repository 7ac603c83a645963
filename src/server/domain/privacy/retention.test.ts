import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../../../tests/support/test-database.ts'
import type { DatabaseHandle } from '../../platform/db/database.ts'
import { applyRetention, type RetentionPeriods } from './retention.ts'

/** A fixed clock: every row is placed a minute inside or a minute outside its period from here. */
const now = new Date('2026-12-01T09:00:00Z')
const periods: RetentionPeriods = { sentMailDays: 30, contactAttachmentDays: 180, anonymousUserDays: 30 }
const minute = 60_000
const daysAgo = (days: number, plusMs = 0) => new Date(now.getTime() - days * 86_400_000 + plusMs)
/** Just inside the period (kept) and just outside it (removed). */
const inside = (days: number) => daysAgo(days, minute)
const outside = (days: number) => daysAgo(days, -minute)

let database: DatabaseHandle
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database.close())

async function sentMail(to: string, sentAt: Date) {
  const row = await database.db
    .insertInto('mail_outbox')
    .values({ template: 'newsletter-welcome', to_address: to, payload: JSON.stringify({ name: 'Sara' }) })
    .returning('id')
    .executeTakeFirstOrThrow()
  await database.db
    .updateTable('mail_outbox')
    .set({ status: 'sent', sent_at: sentAt, message_id: `<outbox-${row.id}@daypass.bh>` })
    .where('id', '=', row.id)
    .execute()
  return row.id
}

async function user(id: string, anonymous: boolean, createdAt: Date) {
  await database.db
    .insertInto('users')
    .values({
      id,
      name: id,
      email: `${id}@example.bh`,
      email_verified: !anonymous,
      is_anonymous: anonymous,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .execute()
  await session(id, createdAt, new Date(createdAt.getTime() + 7 * 86_400_000))
}

async function session(userId: string, updatedAt: Date, expiresAt: Date) {
  const id = randomUUID()
  await database.db
    .insertInto('sessions')
    .values({
      id,
      token: id,
      user_id: userId,
      expires_at: expiresAt,
      updated_at: updatedAt,
      created_at: updatedAt,
    })
    .execute()
  return id
}

async function orderFor(userId: string) {
  await database.db
    .insertInto('orders')
    .values({
      id: randomUUID(),
      user_id: userId,
      contact_email: '',
      language: 'en',
      payment_method: 'venue',
      status: 'confirmed',
      items: '[]',
      total_fils: 14_000,
      total_usd_cents: 3713,
    })
    .execute()
}

describe('the retention job', () => {
  it('keeps personal data just inside each period and removes it just outside', async () => {
    const db = database.db
    const keptMail = await sentMail('kept@example.bh', inside(30))
    const clearedMail = await sentMail('cleared@example.bh', outside(30))
    // A cancelled booking's reminder, never sent.
    const droppedMail = await db
      .insertInto('mail_outbox')
      .values({
        template: 'booking-reminder',
        to_address: 'dropped@example.bh',
        status: 'dropped',
        payload: JSON.stringify({ bookingId: 1 }),
        created_at: outside(30),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const pending = await db
      .insertInto('mail_outbox')
      .values({ template: 'newsletter-welcome', to_address: 'queued@example.bh', created_at: outside(30) })
      .returning('id')
      .executeTakeFirstOrThrow()

    const contact = (name: string, createdAt: Date) =>
      db
        .insertInto('contact_submissions')
        .values({
          name,
          email: `${name}@example.bh`,
          subject: 'Pool hours',
          message: 'Is the pool open on Fridays?',
          attachment_name: 'timetable.png',
          attachment_type: 'image/png',
          attachment: Buffer.from('png bytes'),
          created_at: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    const keptContact = await contact('recent', inside(180))
    const oldContact = await contact('old', outside(180))

    await user('guest-recent', true, inside(30))
    await user('guest-old', true, outside(30))
    await user('guest-old-with-order', true, outside(30))
    await orderFor('guest-old-with-order')
    await user('guest-old-still-used', true, outside(90))
    await session('guest-old-still-used', inside(30), new Date(now.getTime() + 86_400_000))
    await user('account-old', false, outside(400))

    const liveSession = await session('account-old', now, new Date(now.getTime() + minute))
    const expiredSession = await session('account-old', daysAgo(8), new Date(now.getTime() - minute))

    const result = await applyRetention(db, periods, now)

    const mails = await db.selectFrom('mail_outbox').selectAll().orderBy('id').execute()
    const mail = (id: number) => mails.find((row) => row.id === id)
    expect(mail(keptMail)).toMatchObject({ to_address: 'kept@example.bh', payload: { name: 'Sara' } })
    // Operations keep the template, status, times and Message-ID of a cleared mail.
    expect(mail(clearedMail)).toMatchObject({
      to_address: '',
      payload: {},
      status: 'sent',
      template: 'newsletter-welcome',
      message_id: `<outbox-${clearedMail}@daypass.bh>`,
    })
    expect(mail(clearedMail)?.sent_at).toBeInstanceOf(Date)
    expect(mail(droppedMail.id)).toMatchObject({ to_address: '', payload: {}, status: 'dropped' })
    // A mail not sent yet is never cleared, however old.
    expect(mail(pending.id)).toMatchObject({ to_address: 'queued@example.bh', status: 'pending' })

    const contacts = await db.selectFrom('contact_submissions').selectAll().orderBy('id').execute()
    expect(contacts.find((row) => row.id === keptContact.id)?.attachment).not.toBeNull()
    // The message stays; only the attachment's bytes go.
    expect(contacts.find((row) => row.id === oldContact.id)).toMatchObject({
      attachment: null,
      message: 'Is the pool open on Fridays?',
      attachment_name: 'timetable.png',
    })

    const users = (await db.selectFrom('users').select('id').orderBy('id').execute()).map((row) => row.id)
    expect(users).toEqual(['account-old', 'guest-old-still-used', 'guest-old-with-order', 'guest-recent'])
    const sessions = await db.selectFrom('sessions').select(['id', 'user_id']).execute()
    expect(sessions.some((row) => row.user_id === 'guest-old')).toBe(false)
    expect(sessions.map((row) => row.id)).toContain(liveSession)
    expect(sessions.map((row) => row.id)).not.toContain(expiredSession)

    expect(result).toMatchObject({ sentMails: 2, contactAttachments: 1, anonymousUsers: 1 })
    // A second run finds nothing more to remove.
    expect(Object.values(await applyRetention(db, periods, now)).every((count) => count === 0)).toBe(true)
  })
})
