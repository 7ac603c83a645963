import type { FastifyBaseLogger } from 'fastify'
import { sql } from 'kysely'
import { hourInBahrain, todayInBahrain } from '../../../shared/bahrain-time.ts'
import { digestHourInBahrain } from '../../../shared/venue-notices.ts'
import type { Database } from '../../platform/db/database.ts'
import type { PeriodicJob } from '../../platform/jobs/periodic-job.ts'
import { enqueueMail } from '../../platform/mail/outbox.ts'
import { venuesVisitedOn } from '../visits/venue-notice-repository.ts'

/**
 * The morning digest (docs/decisions/042): from 06:00 in Bahrain, each venue that asked for it gets
 * one mail listing the day's visits, if it has any. The mail is queued in the transaction that
 * writes the venue and date into venue_digests_sent, whose key refuses a second row: however often
 * the job runs, on however many servers, each venue gets one digest a day.
 */

/** The venues due their digest of `date`: asked for one, have an address, visits that day and none queued yet. */
async function venuesDue(db: Database, date: string) {
  const visited = await venuesVisitedOn(db, date)
  if (visited.length === 0) return []
  return db
    .selectFrom('venues as v')
    .select(['v.id', 'v.bookings_email', 'v.notice_language'])
    .where('v.booking_notices', '=', 'digest')
    .where('v.bookings_email', 'is not', null)
    .where('v.id', 'in', visited)
    .where(
      sql<boolean>`not exists (select 1 from venue_digests_sent d where d.venue_id = v.id and d.visit_date = ${date})`,
    )
    .orderBy('v.id')
    .execute()
}

/** Queues today's digests that are due and not queued yet; returns how many it queued. */
export async function queueDueDigests(db: Database, now: Date): Promise<number> {
  if (hourInBahrain(now) < digestHourInBahrain) return 0
  const date = todayInBahrain(now)
  let queued = 0
  for (const venue of await venuesDue(db, date)) {
    const claimed = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('venue_digests_sent')
        .values({ venue_id: venue.id, visit_date: date, queued_at: now })
        .onConflict((conflict) => conflict.columns(['venue_id', 'visit_date']).doNothing())
        .returning('venue_id')
        .executeTakeFirst()
      // Another run queued it since this one looked.
      if (!row) return false
      await enqueueMail(trx, {
        template: 'venue-daily-digest',
        to: venue.bookings_email as string,
        language: venue.notice_language === 'ar' ? 'ar' : 'en',
        payload: { venueId: venue.id, date },
      })
      return true
    })
    if (claimed) queued++
  }
  return queued
}

/** The venue notices' periodic job: every few minutes, so the digests go soon after 06:00. */
export function venueNoticeJobs(deps: { db: Database; log: FastifyBaseLogger }): PeriodicJob[] {
  return [
    {
      name: 'venue-daily-digests',
      intervalMs: 5 * 60_000,
      run: async (now) => {
        const queued = await queueDueDigests(deps.db, now)
        if (queued > 0) deps.log.info({ queued }, 'venue digests of the day queued')
      },
    },
  ]
}
