import { sql } from 'kysely'
import type { Language } from '../../../shared/i18n.ts'
import type { Database } from '../../db/database.ts'
import type { MailTemplateName, MailTemplatePayloads } from './templates/catalog.tsx'

export interface OutboxMail<T extends MailTemplateName = MailTemplateName> {
  template: T
  to: string
  language: Language
  payload: MailTemplatePayloads[T]
}

/**
 * Queues a mail. Call it with the transaction of the change that causes the mail, so both are
 * written, or neither.
 */
export async function enqueueMail<T extends MailTemplateName>(
  db: Database,
  mail: OutboxMail<T>,
): Promise<void> {
  await db
    .insertInto('mail_outbox')
    .values({
      template: mail.template,
      to_address: mail.to,
      language: mail.language,
      payload: JSON.stringify(mail.payload),
    })
    .execute()
}

export interface ClaimedMail {
  id: number
  template: string
  to_address: string
  language: string
  payload: Record<string, unknown>
  attempts: number
}

/**
 * Takes up to `limit` due mails for this worker. SKIP LOCKED lets several servers run workers at
 * once without two of them taking the same mail; the claim expires if this worker dies mid-send.
 */
export async function claimDueMails(
  db: Database,
  limit: number,
  claimSeconds: number,
): Promise<ClaimedMail[]> {
  const { rows } = await sql<ClaimedMail>`
    UPDATE mail_outbox
       SET status = 'sending', attempts = attempts + 1, locked_until = now() + make_interval(secs => ${claimSeconds})
     WHERE id IN (
       SELECT id FROM mail_outbox
        WHERE (status = 'pending' AND next_attempt_at <= now())
           OR (status = 'sending' AND locked_until < now())
        ORDER BY id
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
    RETURNING id, template, to_address, language, payload, attempts`.execute(db)
  return rows
}

export async function markSent(db: Database, id: number, messageId: string, sentAt: Date): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ status: 'sent', sent_at: sentAt, message_id: messageId, locked_until: null, last_error: null })
    .where('id', '=', id)
    .execute()
}

/** Records a failed attempt: retry after `retryInSeconds`, or give up when that is null. */
export async function markFailed(
  db: Database,
  id: number,
  error: string,
  retryInSeconds: number | null,
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({
      status: retryInSeconds === null ? 'failed' : 'pending',
      last_error: error.slice(0, 1000),
      locked_until: null,
      next_attempt_at: sql<Date>`now() + make_interval(secs => ${retryInSeconds ?? 0})`,
    })
    .where('id', '=', id)
    .execute()
}

/** A mail that will never be sent, kept with the reason. */
export async function markDropped(db: Database, id: number, reason: string): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ status: 'dropped', last_error: reason.slice(0, 1000), locked_until: null })
    .where('id', '=', id)
    .execute()
}
