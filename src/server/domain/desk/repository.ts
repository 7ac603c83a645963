import { sql } from 'kysely'
import type { Database } from '../../platform/db/database.ts'
import type { DeskScope } from './scope.ts'

/** The desk's SQL on venues and scans; what it reads and changes of visits is in visits/desk-repository.ts. */

export async function listDeskVenues(db: Database, scope: DeskScope) {
  let query = db
    .selectFrom('venues')
    .select(['id', 'name_en', 'name_ar', 'check_in_opens_minutes', 'check_in_closes_minutes'])
    .orderBy('position')
    .orderBy('id')
  if (scope.kind === 'venues') {
    if (scope.venueIds.length === 0) return []
    query = query.where('id', 'in', scope.venueIds)
  }
  return query.execute()
}

export async function findDeskVenue(db: Database, id: string) {
  return db
    .selectFrom('venues')
    .select(['id', 'check_in_opens_minutes', 'check_in_closes_minutes'])
    .where('id', '=', id)
    .executeTakeFirst()
}

/** Who checked a booking in: their name, else their e-mail. */
export async function checkerName(db: Database, userId: string | null): Promise<string | undefined> {
  if (!userId) return undefined
  const user = await db
    .selectFrom('users')
    .select(['name', 'email'])
    .where('id', '=', userId)
    .executeTakeFirst()
  return user ? user.name.trim() || user.email : undefined
}

/**
 * Claims a scan's nonce for this transaction. False when it was claimed before: a concurrent scan
 * with the same nonce waits here on PostgreSQL until the first commits, then reads its answer.
 */
export async function claimNonce(trx: Database, nonce: string, userId: string): Promise<boolean> {
  const row = await trx
    .insertInto('check_in_attempts')
    .values({ nonce, user_id: userId, result: 'pending', answered: '{}' })
    .onConflict((oc) => oc.column('nonce').doNothing())
    .returning('nonce')
    .executeTakeFirst()
  return row !== undefined
}

export async function findAttempt(db: Database, nonce: string) {
  return db.selectFrom('check_in_attempts').selectAll().where('nonce', '=', nonce).executeTakeFirst()
}

export async function storeAnswer(
  trx: Database,
  nonce: string,
  bookingId: number | null,
  result: string,
  answered: unknown,
) {
  await trx
    .updateTable('check_in_attempts')
    .set({ booking_id: bookingId, result, answered: JSON.stringify(answered) } as never)
    .where('nonce', '=', nonce)
    .execute()
}

/** Scans are kept a week: long enough for any retry, short enough to stay small. */
export async function purgeOldAttempts(db: Database) {
  await db
    .deleteFrom('check_in_attempts')
    .where('created_at', '<', sql<Date>`now() - interval '7 days'`)
    .execute()
}
