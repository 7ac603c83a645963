import { type Expression, type Insertable, sql } from 'kysely'
import type { Language } from '../../../shared/i18n.ts'
import type { Database } from '../db/database.ts'
import type { MailOutboxTable } from '../db/schema.ts'

/**
 * Every mail the product sends, by template name, with the payload it is queued with. Empty here:
 * the outbox knows no feature. Each feature adds its own mails in its template file, by declaration
 * merging (docs/mail.md):
 *
 *   declare module './outbox.ts' {
 *     interface MailPayloads { 'booking-confirmation': BookingConfirmationPayload }
 *   }
 */
// biome-ignore lint/suspicious/noEmptyInterface: features merge their mails into it.
export interface MailPayloads {}
export type MailName = keyof MailPayloads

export interface OutboxMail<T extends MailName = MailName> {
  template: T
  to: string
  language: Language
  payload: MailPayloads[T]
  /** When it is due: at once when absent (a visit's reminder is due the day before). */
  sendAt?: Date
}

/** A mail's outbox row, for an insert of several at once; `enqueueMail` writes one. */
export function outboxRow<T extends MailName>(mail: OutboxMail<T>): Insertable<MailOutboxTable> {
  return {
    template: mail.template,
    to_address: mail.to,
    language: mail.language,
    payload: JSON.stringify(mail.payload),
    ...(mail.sendAt && { next_attempt_at: mail.sendAt }),
  }
}

/**
 * Queues a mail. Call it with the transaction of the change that causes the mail, so both are
 * written, or neither.
 */
export async function enqueueMail<T extends MailName>(db: Database, mail: OutboxMail<T>): Promise<void> {
  await db.insertInto('mail_outbox').values(outboxRow(mail)).execute()
}

/** The columns `outboxSelection` fills, in its order. */
export const outboxColumns = ['template', 'to_address', 'language', 'payload'] as const

/**
 * A mail's outbox row as a select list, for mails queued by the statement that writes what they
 * are about: each payload field is an expression over the rows that statement inserts (a booking's
 * new id), so the rows and their mails are one statement. Use it as
 * `insertInto('mail_outbox').columns(outboxColumns).expression((eb) => eb.selectFrom(…).select(outboxSelection(…)))`.
 */
export function outboxSelection<T extends MailName>(
  mail: Omit<OutboxMail<T>, 'payload' | 'sendAt'> & {
    payload: { [K in keyof MailPayloads[T]]-?: Expression<MailPayloads[T][K]> }
  },
) {
  const fields = Object.entries<Expression<unknown>>(mail.payload).flatMap(([key, value]) => [
    sql.lit(key),
    value,
  ])
  return [
    sql<string>`${mail.template}::text`.as('template'),
    sql<string>`${mail.to}::text`.as('to_address'),
    sql<string>`${mail.language}::text`.as('language'),
    sql<string>`jsonb_build_object(${sql.join(fields)})`.as('payload'),
  ]
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

/**
 * How far behind sending is, for /metrics: the mails due (or held by a worker) and not sent, and
 * how long the oldest of them has waited past its time. One query over the outbox's due index.
 */
export async function outboxBacklog(
  db: Database,
  now: Date,
): Promise<{ due: number; oldestDueAgeSeconds: number }> {
  const { rows } = await sql<{ due: number; oldest: Date | null }>`
    SELECT count(*)::int AS due, min(next_attempt_at) AS oldest
      FROM mail_outbox
     WHERE status IN ('pending', 'sending') AND next_attempt_at <= ${now}`.execute(db)
  const oldest = rows[0]?.oldest
  return {
    due: rows[0]?.due ?? 0,
    oldestDueAgeSeconds: oldest ? Math.max(0, (now.getTime() - new Date(oldest).getTime()) / 1000) : 0,
  }
}
