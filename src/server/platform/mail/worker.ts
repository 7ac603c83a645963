import { isLanguage } from '../../../shared/i18n.ts'
import type { Database } from '../db/database.ts'
import { MailNoLongerDue } from './no-longer-due.ts'
import { claimDueMails, markDropped, markFailed, markSent } from './outbox.ts'
import { type MailLinks, type MailTemplates, renderMail } from './templates/render.tsx'
import { type MailTransport, smtpTimeoutMs } from './transports.ts'

export interface OutboxWorkerOptions {
  db: Database
  transport: MailTransport
  from: string
  /** Domain for Message-IDs. */
  domain: string
  /** Every mail's renderer, as the app puts them together from the features. */
  templates: MailTemplates
  /** What a ticket's QR code and a guest's manage link are signed with and point to. */
  links: MailLinks
  pollMs: number
  /**
   * How long a claimed mail is this worker's alone (120 s unless given). A worker that dies holding
   * mails leaves them to the others once this has passed.
   */
  leaseSeconds?: number
  /**
   * The app's clock: a due mail is checked against it (a reminder of a visit that has begun is
   * dropped) and a sent one is stamped with it.
   */
  now: () => Date
  batchSize?: number
  /** After this many failed attempts a mail is marked failed and left for a person to look at. */
  maxAttempts?: number
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void }
}

/** Seconds to wait after the n-th failed attempt: 10 s, 20 s, 40 s … capped at one hour. */
export function backoffSeconds(attempt: number): number {
  return Math.min(3600, 10 * 2 ** Math.max(0, attempt - 1))
}

/** Sends queued mails in the background; several servers can run one each. */
export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined
  private running: Promise<number> | undefined
  private stopped = true

  constructor(private readonly options: OutboxWorkerOptions) {}

  start() {
    this.stopped = false
    const tick = async () => {
      try {
        await this.runOnce()
      } catch (error) {
        this.options.log.warn({ err: error }, 'mail outbox poll failed')
      }
      if (!this.stopped) this.timer = setTimeout(tick, this.options.pollMs)
    }
    this.timer = setTimeout(tick, 0)
  }

  async stop() {
    this.stopped = true
    clearTimeout(this.timer)
    await this.running
  }

  /** One pass over the due mails; returns how many were sent. Tests call it directly. */
  runOnce(): Promise<number> {
    this.running ??= this.sendDue().finally(() => {
      this.running = undefined
    })
    return this.running
  }

  private async sendDue(): Promise<number> {
    const {
      db,
      transport,
      from,
      domain,
      batchSize = 10,
      maxAttempts = 8,
      leaseSeconds = 120,
      log,
      now,
    } = this.options
    // No more mails in one claim than can be sent, each waiting out the SMTP timeout, before the
    // claim runs out and another server may take them too.
    const perClaim = Math.max(1, Math.min(batchSize, Math.floor((leaseSeconds * 1000) / smtpTimeoutMs)))
    const mails = await claimDueMails(db, perClaim, leaseSeconds)
    let sent = 0
    for (const mail of mails) {
      const messageId = `<outbox-${mail.id}@${domain}>`
      try {
        const language = isLanguage(mail.language) ? mail.language : 'en'
        const rendered = await renderMail(
          this.options.templates,
          mail.template,
          language,
          mail.payload,
          db,
          this.options.links,
          now(),
        )
        await transport.send({ ...rendered, outboxId: mail.id, to: mail.to_address, from, messageId })
        await markSent(db, mail.id, messageId, now())
        sent++
      } catch (error) {
        if (error instanceof MailNoLongerDue) {
          await markDropped(db, mail.id, error.message)
          log.info({ outboxId: mail.id, reason: error.message }, 'mail dropped')
          continue
        }
        const message = error instanceof Error ? error.message : String(error)
        const retry = mail.attempts >= maxAttempts ? null : backoffSeconds(mail.attempts)
        await markFailed(db, mail.id, message, retry)
        log.warn(
          { outboxId: mail.id, attempts: mail.attempts, retryInSeconds: retry, error: message },
          'mail not sent',
        )
      }
    }
    return sent
  }
}
