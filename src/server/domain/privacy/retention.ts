import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../../platform/config.ts'
import type { Database } from '../../platform/db/database.ts'
import type { PeriodicJob } from '../../platform/jobs/periodic-job.ts'
import { forgetReviewerAddresses } from '../reviews/repository.ts'

/** How long each kind of personal data is kept, in days (settings RETENTION_*, docs/decisions/017). */
export interface RetentionPeriods {
  sentMailDays: number
  contactAttachmentDays: number
  anonymousUserDays: number
}

export function retentionPeriodsFrom(config: Config): RetentionPeriods {
  return {
    sentMailDays: config.RETENTION_SENT_MAIL_DAYS,
    contactAttachmentDays: config.RETENTION_CONTACT_ATTACHMENT_DAYS,
    anonymousUserDays: config.RETENTION_ANONYMOUS_USER_DAYS,
  }
}

export interface RetentionResult {
  sentMails: number
  devMailbox: number
  contactAttachments: number
  anonymousUsers: number
  expiredSessions: number
  expiredVerifications: number
  reviewerAddresses: number
}

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000)

/**
 * Removes personal data past its period. Each step is one statement, so several servers may run
 * it at once, and each touches only rows that still hold data (a second run changes nothing).
 * `now` is a parameter so tests can fix the clock.
 */
export async function applyRetention(
  db: Database,
  periods: RetentionPeriods,
  now: Date,
): Promise<RetentionResult> {
  const mailCutoff = daysBefore(now, periods.sentMailDays)
  // A sent mail keeps what operations need (template, status, attempts, times, Message-ID); its
  // address and the payload it was rendered from (names, links, codes) go.
  const sentMails = await db
    .updateTable('mail_outbox')
    .set({ to_address: '', payload: '{}', last_error: null })
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'sent'), eb('sent_at', '<', mailCutoff)]),
        // A mail dropped unsent (a cancelled booking's reminder) goes the same way.
        eb.and([eb('status', '=', 'dropped'), eb('created_at', '<', mailCutoff)]),
      ]),
    )
    .where('to_address', '<>', '')
    .executeTakeFirst()
  // The development mailbox keeps whole rendered mails: none outlives the sent mail it copies.
  const devMailbox = await db
    .deleteFrom('dev_mailbox')
    .where('created_at', '<', mailCutoff)
    .executeTakeFirst()
  const contactAttachments = await db
    .updateTable('contact_submissions')
    .set({ attachment: null })
    .where('attachment', 'is not', null)
    .where('created_at', '<', daysBefore(now, periods.contactAttachmentDays))
    .executeTakeFirst()
  // A guest account is kept while it is used or has an order (the order's records point to it).
  const guestCutoff = daysBefore(now, periods.anonymousUserDays)
  const anonymousUsers = await db
    .deleteFrom('users')
    .where('is_anonymous', '=', true)
    .where('created_at', '<', guestCutoff)
    .where(({ exists, not, selectFrom }) =>
      not(exists(selectFrom('orders').select('orders.user_id').whereRef('orders.user_id', '=', 'users.id'))),
    )
    .where(({ exists, not, selectFrom }) =>
      not(
        exists(
          selectFrom('sessions')
            .select('sessions.user_id')
            .whereRef('sessions.user_id', '=', 'users.id')
            .where('sessions.updated_at', '>=', guestCutoff),
        ),
      ),
    )
    .executeTakeFirst()
  const expiredSessions = await db.deleteFrom('sessions').where('expires_at', '<', now).executeTakeFirst()
  // Spent or expired reset tokens (their value is the account's id).
  const expiredVerifications = await db
    .deleteFrom('verifications')
    .where('expires_at', '<', now)
    .executeTakeFirst()
  // A review keeps where to tell its writer of a hide as long as a sent mail keeps its address.
  const reviewerAddresses = await forgetReviewerAddresses(db, mailCutoff)
  return {
    reviewerAddresses,
    sentMails: Number(sentMails.numUpdatedRows),
    devMailbox: Number(devMailbox.numDeletedRows),
    contactAttachments: Number(contactAttachments.numUpdatedRows),
    anonymousUsers: Number(anonymousUsers.numDeletedRows),
    expiredSessions: Number(expiredSessions.numDeletedRows),
    expiredVerifications: Number(expiredVerifications.numDeletedRows),
  }
}

/**
 * Removes personal data past its retention period: at start and then every hour (periods are
 * days, so once an hour is plenty), on one server at a time.
 */
export function retentionJob(deps: {
  db: Database
  periods: RetentionPeriods
  log: FastifyBaseLogger
}): PeriodicJob {
  return {
    name: 'personal-data-retention',
    intervalMs: 60 * 60_000,
    runAtStart: true,
    run: async (now) => {
      const result = await applyRetention(deps.db, deps.periods, now)
      if (Object.values(result).some((count) => count > 0))
        deps.log.info(result, 'personal data past its retention period removed')
    },
  }
}
