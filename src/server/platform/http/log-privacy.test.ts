import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { guestSession, signedInUser, testOrigin } from '../../../../tests/support/accounts.ts'
import { line, placeOrder } from '../../../../tests/support/checkout.ts'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts'
import { CatalogService } from '../../domain/catalog/service.ts'
import { mailTemplates } from '../../mail-templates.ts'
import { seedIfEmpty } from '../../seed.ts'
import { createMailer } from '../mail/mailer.ts'
import { smtpTransport } from '../mail/transports.ts'
import { maskEmails } from './log-privacy.ts'

/** Every line the server logs, as written to its destination. */
const lines: string[] = []
const destination = { write: (text: string) => void lines.push(text) }
/** An address as a reader of the logs would spot one; a masked one (`***@example.bh`) is not. */
const anyAddress = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/

/** An SMTP server that refuses every recipient, naming the address, as real servers do. */
const refusing = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onRcptTo: (address, _session, callback) =>
    callback(
      Object.assign(new Error(`<${address.address}>: Recipient address rejected`), { responseCode: 550 }),
    ),
})
let refusingPort = 0
let t: TestApp
const slow = 180_000

beforeAll(async () => {
  await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', () => resolve()))
  const address = refusing.server.address()
  refusingPort = typeof address === 'object' && address ? address.port : 0
  const now = () => new Date('2026-12-01T05:30:00Z')
  t = await createTestApp({ PUBLIC_URL: testOrigin, LOG_LEVEL: 'debug' }, (database) => ({
    now,
    catalog: new CatalogService(database.db, { cacheMs: 0, now }),
    logDestination: destination,
  }))
  await seedIfEmpty(t.database.db)
}, slow)
afterAll(async () => {
  await t?.close()
  await new Promise<void>((resolve) => refusing.close(() => resolve()))
})

describe('logs carry no e-mail addresses', () => {
  it('masks the local part of an address, keeping its domain', () => {
    expect(maskEmails('mail to sara.ali+gym@example.bh failed; cc <x@mail.example.com>')).toBe(
      'mail to ***@example.bh failed; cc <***@mail.example.com>',
    )
  })

  it(
    'through sign-up, sign-in, a booking, its mail in the development mailbox and a refused SMTP send',
    async () => {
      const email = 'sara.ali@example.bh'
      const account = await signedInUser(t, email)
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: 'nobody-here@example.bh', password: 'wrong-password-1' },
        headers: { origin: testOrigin },
      })
      await guestSession(t)
      const order = await placeOrder(
        t,
        { items: [line()], paymentMethod: 'venue' },
        { cookie: account.cookie },
      )
      expect(order.statusCode).toBe(201)
      await t.app.inject({
        method: 'POST',
        url: '/api/newsletter',
        payload: { email: 'news.reader@example.bh' },
      })

      // The development transport's one line per mail.
      const devMailer = createMailer(t.config, t.database.db, t.app.log, t.now, mailTemplates)
      expect(await devMailer.worker.runOnce()).toBeGreaterThan(0)
      // A server that refuses the address: the worker logs the failure, error text included.
      await t.database.db
        .insertInto('mail_outbox')
        .values({
          template: 'newsletter-welcome',
          to_address: 'refused.person@example.bh',
          payload: '{"siteUrl":"x"}',
        })
        .execute()
      const smtp = createMailer(
        t.config,
        t.database.db,
        t.app.log,
        t.now,
        mailTemplates,
        smtpTransport(`smtp://127.0.0.1:${refusingPort}?tls=off`, 5000),
      )
      await smtp.worker.runOnce()
      smtp.transport.close?.()

      const log = lines.join('')
      // The mails were logged, the refusal too: the lines are there, with the addresses masked.
      expect(log).toContain('/dev/mailbox/')
      expect(log).toContain('mail not sent')
      expect(log).toContain('***@example.bh')
      const leaks = lines.filter((text) => anyAddress.test(text))
      expect(leaks).toEqual([])
    },
    slow,
  )
})
