import { afterAll, beforeAll, beforeEach } from 'vitest'
import type { OutboxWorker } from '../../src/server/platform/mail/worker.ts'
import { checkoutClock, createCheckoutTestApp } from './checkout.ts'
import { smtpOutboxWorker, TestSmtpServer } from './smtp-server.ts'
import type { TestApp } from './test-app.ts'

export interface MailTest {
  t: TestApp
  /** The app's and the worker's clock: set `now` to move time; it is back at `checkoutClock` before each test. */
  clock: { now: Date }
  /** The test SMTP server the worker delivers to; its mailbox is emptied before each test. */
  smtp: TestSmtpServer
  /** The outbox worker on the app's clock: `runOnce()` sends what is queued. */
  worker: OutboxWorker
}

/**
 * The checkout app with its outbox worker delivering to a test SMTP server, for the file that calls
 * it (it registers the file's hooks): started before its tests and stopped after them; before each
 * test the clock is back at `checkoutClock` and the mailbox is empty. The object is filled in before
 * the first test.
 */
export function setUpMailTest({
  publicUrl,
  deliverQueuedBeforeEach = false,
}: {
  /** The site's address in the mails' links, if not the test app's. */
  publicUrl?: string
  /** Before each test, send what earlier tests left queued (then empty the mailbox). */
  deliverQueuedBeforeEach?: boolean
} = {}): MailTest {
  const m = { clock: { now: checkoutClock }, smtp: new TestSmtpServer() } as MailTest
  beforeAll(async () => {
    await m.smtp.start()
    m.t = await createCheckoutTestApp(undefined, () => m.clock.now)
    const links = publicUrl ? { AUTH_SECRET: m.t.config.AUTH_SECRET, PUBLIC_URL: publicUrl } : m.t.config
    m.worker = smtpOutboxWorker(m.t.database.db, m.smtp, m.t.now, links)
  })
  afterAll(async () => {
    await m.smtp.stop()
    await m.t.close()
  })
  beforeEach(async () => {
    m.clock.now = checkoutClock
    if (deliverQueuedBeforeEach) await m.worker.runOnce()
    m.smtp.messages.length = 0
  })
  return m
}
