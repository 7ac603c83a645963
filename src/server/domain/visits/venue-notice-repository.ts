import type { Database } from '../../platform/db/database.ts'

/**
 * The reads of booked visits that the venue's notices and morning digest are made from
 * (docs/decisions/042): the booker as the desk shows them, never their e-mail or mobile.
 */

function noticeVisits(db: Database) {
  return db
    .selectFrom('confirmed_bookings as b')
    .leftJoin('users as u', 'u.id', 'b.user_id')
    .select([
      'b.id',
      'b.order_id',
      'b.venue_id',
      'b.reference',
      'b.venue_name',
      'b.venue_name_ar',
      'b.pass_name',
      'b.pass_name_ar',
      'b.booking_date',
      'b.booking_time',
      'b.payment_status',
      'b.price_fils',
      'b.guest_first_name',
      'b.guest_last_name',
      'b.cancelled_at',
      'u.name as user_name',
    ])
}

export type NoticeVisitRow = Awaited<ReturnType<ReturnType<typeof noticeVisits>['execute']>>[number]

/** The visits a notice is about, by id. */
export async function noticeVisitRows(db: Database, ids: readonly number[]): Promise<NoticeVisitRow[]> {
  if (ids.length === 0) return []
  return noticeVisits(db).where('b.id', 'in', ids).orderBy('b.id').execute()
}

/** A venue's visits on one date that still stand, by time then id. */
export function dayVisitRows(db: Database, venueId: string, date: string): Promise<NoticeVisitRow[]> {
  return noticeVisits(db)
    .where('b.venue_id', '=', venueId)
    .where('b.booking_date', '=', date)
    .where('b.cancelled_at', 'is', null)
    .orderBy('b.booking_time')
    .orderBy('b.id')
    .execute()
}

/** The venues with a visit still standing on `date`. */
export async function venuesVisitedOn(db: Database, date: string): Promise<string[]> {
  const rows = await db
    .selectFrom('confirmed_bookings')
    .select('venue_id')
    .distinct()
    .where('booking_date', '=', date)
    .where('cancelled_at', 'is', null)
    .execute()
  return rows.map((row) => row.venue_id)
}
