import { addDays, todayInBahrain } from '../../../shared/bahrain-time.ts'
import { reviewWindowDays } from '../../../shared/reviews.ts'
import type { Database } from '../../platform/db/database.ts'
import { type MailName, outboxRow } from '../../platform/mail/outbox.ts'
import { findVisitForReview } from '../visits/review-repository.ts'
import { reviewRefusal } from './eligibility.ts'

/**
 * Queues a checked-in visit's review invitation, in the check-in's transaction, due `delayMs` later
 * (REVIEW_INVITE_DELAY_MINUTES: after the visit rather than at the door); none for a visit that may
 * not be reviewed (eligibility.ts). The outbox's worker sends it once across servers (its rows are
 * claimed with SKIP LOCKED), and unique indexes keep a second invitation out, for the same visit
 * (migration 029) or its party (031: one booking of N people is one invitation), however they
 * are checked in.
 */
export async function queueReviewInvite(
  trx: Database,
  visitId: number,
  checkedInAt: Date,
  delayMs: number,
): Promise<void> {
  const visit = await findVisitForReview(trx, visitId)
  if (!visit || reviewRefusal(visit)) return
  const template = 'review-invite' satisfies MailName
  await trx
    .insertInto('mail_outbox')
    .values(
      outboxRow({
        template,
        to: visit.contact_email,
        language: visit.language === 'ar' ? 'ar' : 'en',
        payload: { bookingId: visitId, reviewParty: visit.party },
        sendAt: new Date(checkedInAt.getTime() + delayMs),
      }),
    )
    // Either index: the visit's or its party's.
    .onConflict((conflict) => conflict.doNothing())
    .execute()
}

/** Whether a visit on `visitDate` may still be reviewed on `now`'s date in Bahrain. */
export function withinReviewWindow(visitDate: string, now: Date): boolean {
  return todayInBahrain(now) <= addDays(visitDate, reviewWindowDays)
}
