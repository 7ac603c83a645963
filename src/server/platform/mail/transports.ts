import nodemailer from 'nodemailer'
import type { Database } from '../db/database.ts'
import type { RenderedMail } from './templates/render.tsx'

export interface OutgoingMail extends RenderedMail {
  outboxId: number
  to: string
  from: string
  /** Stable per outbox row, so a mail sent again after a crash is recognisably the same message. */
  messageId: string
}

export interface MailTransport {
  readonly name: string
  send(mail: OutgoingMail): Promise<void>
  close?(): void
}

/** Real delivery through an SMTP server (`SMTP_URL`, e.g. smtps://user:pass@smtp.example.com:465). */
/** How long the SMTP server may keep one step of a send waiting before it counts as failed. */
export const smtpTimeoutMs = 15_000

export function smtpTransport(url: string, timeoutMs = smtpTimeoutMs): MailTransport {
  const parsed = new URL(url)
  const transporter = nodemailer.createTransport({
    host: parsed.hostname,
    port: Number(parsed.port) || (parsed.protocol === 'smtps:' ? 465 : 587),
    secure: parsed.protocol === 'smtps:',
    auth: parsed.username
      ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) }
      : undefined,
    // A local or test server without TLS is fine; a real one is reached over smtps:// or STARTTLS.
    ignoreTLS: parsed.searchParams.get('tls') === 'off',
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  })
  return {
    name: 'smtp',
    async send(mail) {
      await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        messageId: mail.messageId,
        replyTo: mail.replyTo,
        attachments: mail.attachments,
        headers: mail.headers,
      })
    },
    close: () => transporter.close(),
  }
}

/**
 * Development delivery: keeps the rendered mail in the database, to read at /dev/mailbox, and logs
 * one line. This is how someone running `npm start` without SMTP reads a link or a code.
 */
export function devMailboxTransport(db: Database, log: (line: string) => void): MailTransport {
  return {
    name: 'dev-mailbox',
    async send(mail) {
      const row = await db
        .insertInto('dev_mailbox')
        .values({
          outbox_id: mail.outboxId,
          to_address: mail.to,
          subject: mail.subject,
          html: mail.html,
          text_body: mail.text,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      // The outbox id, not the address: logs carry no e-mail addresses (docs/decisions/017).
      log(`mail ${mail.outboxId} "${mail.subject}": read it at /dev/mailbox/${row.id}`)
    },
  }
}
