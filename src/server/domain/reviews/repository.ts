import type { Insertable } from 'kysely'
import type { Database } from '../../platform/db/database.ts'
import type { VenueReviewsTable } from '../../platform/db/schema.ts'

/** The only SQL on venue_reviews (migration 029). */

export async function findReview(db: Database, visitId: number) {
  return db.selectFrom('venue_reviews').selectAll().where('booking_id', '=', visitId).executeTakeFirst()
}
export type ReviewRow = NonNullable<Awaited<ReturnType<typeof findReview>>>

/** The review of a visit's party (migration 031), whichever of its visits it was written through. */
export async function findPartyReview(db: Database, party: string) {
  return db.selectFrom('venue_reviews').selectAll().where('party', '=', party).executeTakeFirst()
}

/**
 * Writes the visit's review unless it or its party has one: false when one was already there (or
 * racing in), by either unique index.
 */
export async function insertReview(db: Database, row: Insertable<VenueReviewsTable>): Promise<boolean> {
  const inserted = await db
    .insertInto('venue_reviews')
    .values(row)
    .onConflict((conflict) => conflict.doNothing())
    .returning('booking_id')
    .executeTakeFirst()
  return inserted !== undefined
}

/** A venue's visible reviews, newest first, and the count and stars' sum of them all. */
export async function visibleReviews(db: Database, venueId: string, limit: number) {
  const [rows, totals] = await Promise.all([
    db
      .selectFrom('venue_reviews')
      .select(['stars', 'body', 'first_name', 'pass_name_en', 'pass_name_ar', 'visit_date', 'created_at'])
      .where('venue_id', '=', venueId)
      .where('hidden_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('booking_id', 'desc')
      .limit(limit)
      .execute(),
    db
      .selectFrom('venue_reviews')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('stars').as('total')])
      .where('venue_id', '=', venueId)
      .where('hidden_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ])
  return { rows, count: Number(totals.count), total: Number(totals.total ?? 0) }
}

/** The latest reviews for the team, with the venue's names; only hidden ones when asked. */
export async function recentReviews(db: Database, onlyHidden: boolean, limit: number) {
  let query = db
    .selectFrom('venue_reviews as r')
    .innerJoin('venues as v', 'v.id', 'r.venue_id')
    .selectAll('r')
    .select(['v.name_en as venue_en', 'v.name_ar as venue_ar'])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.booking_id', 'desc')
    .limit(limit)
  if (onlyHidden) query = query.where('r.hidden_at', 'is not', null)
  return query.execute()
}
export type RecentReviewRow = Awaited<ReturnType<typeof recentReviews>>[number]

/** One review with its venue's names. */
export async function reviewWithVenue(db: Database, visitId: number) {
  return db
    .selectFrom('venue_reviews as r')
    .innerJoin('venues as v', 'v.id', 'r.venue_id')
    .selectAll('r')
    .select(['v.name_en as venue_en', 'v.name_ar as venue_ar'])
    .where('r.booking_id', '=', visitId)
    .executeTakeFirst()
}

/** Locks one review for the team's change. */
export async function lockReview(trx: Database, visitId: number) {
  return trx
    .selectFrom('venue_reviews as r')
    .innerJoin('venues as v', 'v.id', 'r.venue_id')
    .selectAll('r')
    .select(['v.name_en as venue_en', 'v.name_ar as venue_ar'])
    .where('r.booking_id', '=', visitId)
    .forUpdate('r')
    .executeTakeFirst()
}

export async function markHidden(trx: Database, visitId: number, by: string, reason: string, at: Date) {
  await trx
    .updateTable('venue_reviews')
    .set({ hidden_at: at, hidden_by: by, hidden_reason: reason })
    .where('booking_id', '=', visitId)
    .execute()
}

/**
 * Clears the reviewer's address from reviews written before `before` (RETENTION_SENT_MAIL_DAYS):
 * after that a hidden review is not mailed about. How many were cleared.
 */
export async function forgetReviewerAddresses(db: Database, before: Date): Promise<number> {
  const cleared = await db
    .updateTable('venue_reviews')
    .set({ reviewer_email: null })
    .where('reviewer_email', 'is not', null)
    .where('created_at', '<', before)
    .executeTakeFirst()
  return Number(cleared.numUpdatedRows)
}

/** An account's reviews, for its export. */
export async function reviewsOfAccount(db: Database, userId: string) {
  return db
    .selectFrom('venue_reviews')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute()
}

/** Deletes an account's reviews with the account (docs/decisions/051): how many went. */
export async function deleteReviewsOfAccount(trx: Database, userId: string): Promise<number> {
  const deleted = await trx.deleteFrom('venue_reviews').where('user_id', '=', userId).executeTakeFirst()
  return Number(deleted.numDeletedRows)
}
