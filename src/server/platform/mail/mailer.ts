import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config.ts'
import type { Database } from '../db/database.ts'
import type { MailTemplates } from './templates/render.tsx'
import { devMailboxTransport, type MailTransport, smtpTransport } from './transports.ts'
import { OutboxWorker } from './worker.ts'

/** The transport the settings ask for, and a worker that drains the outbox through it. */
export function createMailer(
  config: Config,
  db: Database,
  log: FastifyBaseLogger,
  /** The app's clock (AppDeps.now). */
  now: () => Date,
  /** Every mail's renderer: the app's (src/server/mail-templates.ts). */
  templates: MailTemplates,
  transport?: MailTransport,
) {
  const chosen =
    transport ??
    (config.SMTP_URL ? smtpTransport(config.SMTP_URL) : devMailboxTransport(db, (line) => log.info(line)))
  const worker = new OutboxWorker({
    db,
    transport: chosen,
    templates,
    from: config.MAIL_FROM,
    domain: new URL(config.PUBLIC_URL).hostname,
    links: { secret: config.AUTH_SECRET, siteUrl: config.PUBLIC_URL },
    pollMs: config.MAIL_POLL_MS,
    leaseSeconds: config.MAIL_LEASE_SECONDS,
    now,
    log,
  })
  return { transport: chosen, worker }
}
