import { sql } from 'kysely'
import type { Database } from '../../platform/db/database.ts'

/**
 * What a review needs of its visit (docs/decisions/051): where and what it was, whether it was
 * checked in and not cancelled (and how: the desk's override, and whether paid online), whose it
 * is, its party (the order's people at one venue, date and hour: src/shared/party.ts, one review
 * each), and where the invitation goes (the order's contact address, in the language it was booked in).
 */
export async function findVisitForReview(db: Database, id: number) {
  return (
    db
      .selectFrom('confirmed_bookings as b')
      .innerJoin('orders as o', 'o.id', 'b.order_id')
      .leftJoin('user_profiles as p', 'p.id', 'b.user_id')
      // The pass's own name, as cards show it; the booking's line name (with what it includes) if it is gone.
      .leftJoin('passes as pass', 'pass.id', 'b.pass_id')
      .select((eb) => [
        eb.fn.coalesce('pass.name_en', 'b.pass_name').as('pass_short_en'),
        eb.fn.coalesce('pass.name_ar', 'b.pass_name_ar').as('pass_short_ar'),
        // The same key migration 031 wrote for the reviews before it.
        sql<string>`b.order_id || '|' || b.venue_id || '|' || b.booking_date::text || '|' || b.booking_time`.as(
          'party',
        ),
      ])
      .select([
        'b.id',
        'b.reference',
        'b.venue_id',
        'b.venue_name',
        'b.venue_name_ar',
        'b.pass_name',
        'b.pass_name_ar',
        'b.booking_date',
        'b.user_id',
        'b.guest_first_name',
        'b.checked_in_at',
        'b.check_in_override',
        'b.payment_status',
        'b.cancelled_at',
        'o.contact_email',
        'o.language',
        'p.first_name as profile_first_name',
      ])
      .where('b.id', '=', id)
      .executeTakeFirst()
  )
}
export type VisitForReview = NonNullable<Awaited<ReturnType<typeof findVisitForReview>>>

/** The references of visits, by id: the team's review list names each visit by its reference. */
export async function visitReferences(db: Database, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .selectFrom('confirmed_bookings')
    .select(['id', 'reference'])
    .where('id', 'in', ids)
    .execute()
  return new Map(rows.map((row) => [Number(row.id), row.reference]))
}
