import { sql } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { TestSmtpServer } from '../../../../tests/support/smtp-server.ts'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts'
import { mailTemplates } from '../../mail-templates.ts'
import { smtpTransport } from './transports.ts'
import { backoffSeconds, OutboxWorker, type OutboxWorkerOptions } from './worker.ts'

let t: TestApp
const smtp = new TestSmtpServer()
const quietLog = { info() {}, warn() {} }

function worker(options: Partial<OutboxWorkerOptions> = {}) {
  return new OutboxWorker({
    db: t.database.db,
    transport: smtpTransport(smtp.url, 2000),
    templates: mailTemplates,
    from: 'DayPass Bahrain <no-reply@daypass.bh>',
    domain: 'daypass.bh',
    links: { secret: 'a-test-secret-that-is-long-enough-for-hmac', siteUrl: 'http://localhost:3000' },
    pollMs: 50,
    log: quietLog,
    now: t.now,
    ...options,
  })
}

function subscribe(email: string, language: 'en' | 'ar' = 'en') {
  return t.app.inject({
    method: 'POST',
    url: '/api/newsletter',
    payload: { email, language },
    remoteAddress: email,
  })
}

/** Time passes: whatever is waiting for a retry is due now. */
async function makeRetriesDue() {
  await sql`update mail_outbox set next_attempt_at = now() where status = 'pending'`.execute(t.database.db)
}

beforeAll(async () => {
  await smtp.start()
  t = await createTestApp()
})
afterAll(async () => {
  await smtp.stop()
  await t.close()
})
beforeEach(() => {
  smtp.messages.length = 0
})

describe('the mail outbox', () => {
  it('writes the welcome mail with the subscription, and the worker delivers it over SMTP', async () => {
    expect((await subscribe('noor@example.bh')).statusCode).toBe(201)
    const queued = await t.database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'noor@example.bh')
      .execute()
    expect(queued).toHaveLength(1)
    expect(queued[0]?.status).toBe('pending')

    expect(await worker().runOnce()).toBe(1)
    expect(smtp.messages).toHaveLength(1)
    const [mail] = smtp.messages
    expect(mail?.subject).toBe('Welcome to the DayPass Bahrain newsletter')
    expect(mail?.html).toContain('Thank you for subscribing!')
    expect(mail?.text).toContain("You'll be the first to know about new gyms and exclusive offers.")
    expect(mail?.messageId).toMatch(/^<outbox-\d+@daypass\.bh>$/)
    const row = await t.database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', queued[0]?.id ?? 0)
      .executeTakeFirst()
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null })
  })

  it('renders the Arabic mail right to left', async () => {
    await subscribe('huda@example.bh', 'ar')
    await worker().runOnce()
    expect(smtp.messages[0]?.subject).toBe('مرحباً بك في نشرة داي باس البحرين')
    expect(smtp.messages[0]?.html).toMatch(/<html[^>]*dir="rtl"/)
  })

  it('keeps a mail while the SMTP server is down and delivers it exactly once when it is back', async () => {
    await smtp.stop()
    expect((await subscribe('fatima@example.bh')).statusCode).toBe(201)
    expect(await worker().runOnce()).toBe(0)
    const failed = await t.database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'fatima@example.bh')
      .executeTakeFirstOrThrow()
    expect(failed.status).toBe('pending')
    expect(failed.attempts).toBe(1)
    expect(failed.last_error).toMatch(/ECONNREFUSED|connect/i)
    expect(failed.next_attempt_at.getTime()).toBeGreaterThan(Date.now())

    // Not due yet: nothing is tried again before the backoff runs out.
    await smtp.start()
    expect(await worker().runOnce()).toBe(0)
    await makeRetriesDue()
    const [a, b] = [worker(), worker()]
    const sent = await Promise.all([a.runOnce(), b.runOnce()])
    expect(sent[0] + sent[1]).toBe(1)
    await makeRetriesDue()
    expect(await worker().runOnce()).toBe(0)
    expect(smtp.messages).toHaveLength(1)
    const to = smtp.messages[0]?.to
    expect(Array.isArray(to) ? to[0]?.text : to?.text).toBe('fatima@example.bh')
  })

  it('gives up after the last attempt and records why', async () => {
    await smtp.stop()
    await subscribe('gives-up@example.bh')
    const limited = new OutboxWorker({
      db: t.database.db,
      transport: smtpTransport(smtp.url, 500),
      templates: mailTemplates,
      from: 'x@daypass.bh',
      domain: 'daypass.bh',
      links: { secret: 'a-test-secret-that-is-long-enough-for-hmac', siteUrl: 'http://localhost:3000' },
      pollMs: 50,
      maxAttempts: 2,
      log: quietLog,
      now: t.now,
    })
    await limited.runOnce()
    await makeRetriesDue()
    await limited.runOnce()
    const row = await t.database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'gives-up@example.bh')
      .executeTakeFirstOrThrow()
    expect(row.status).toBe('failed')
    expect(row.attempts).toBe(2)
    await smtp.start()
  })

  it('holds a claimed mail for its lease alone; a server killed holding it leaves it to another then', async () => {
    await subscribe('lease@example.bh')
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let sending = () => {}
    const started = new Promise<void>((resolve) => {
      sending = resolve
    })
    // A server whose SMTP send never ends, as if it had been killed in the middle of it.
    const stuck = worker({
      leaseSeconds: 15,
      transport: {
        name: 'stuck',
        async send() {
          sending()
          await held
        },
      },
    })
    const running = stuck.runOnce()
    await started
    const claim = await sql<{ seconds: number; status: string }>`
      select extract(epoch from locked_until - now())::float as seconds, status
        from mail_outbox where to_address = 'lease@example.bh'`.execute(t.database.db)
    expect(claim.rows[0]?.status).toBe('sending')
    expect(claim.rows[0]?.seconds).toBeGreaterThan(10)
    expect(claim.rows[0]?.seconds).toBeLessThanOrEqual(15)
    // While the lease lasts, another server leaves the mail alone.
    expect(await worker().runOnce()).toBe(0)
    expect(smtp.messages).toHaveLength(0)
    // The lease runs out: another server sends it, once.
    await sql`update mail_outbox set locked_until = now() - interval '1 second'
               where to_address = 'lease@example.bh'`.execute(t.database.db)
    expect(await worker().runOnce()).toBe(1)
    expect(smtp.messages).toHaveLength(1)
    release()
    await running
  })

  it('backs off exponentially, up to an hour', () => {
    expect([1, 2, 3, 4].map(backoffSeconds)).toEqual([10, 20, 40, 80])
    expect(backoffSeconds(20)).toBe(3600)
  })
})
