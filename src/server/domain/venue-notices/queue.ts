import { sql } from 'kysely'
import type { Database } from '../../platform/db/database.ts'
import { outboxRow } from '../../platform/mail/outbox.ts'
import type { VenueNoticeEvent } from './notice-mail.tsx'

/**
 * The venue is told of its bookings (docs/decisions/042): one mail per order and venue for each
 * confirmation, change and cancellation, queued in the transaction that makes it: the venue hears
 * of each exactly once, and of nothing that rolled back.
 */

/**
 * Queues the notices of `event` for the visits `bookingIds`, in the caller's transaction: one per
 * order and venue, to venues with a bookings address that take a notice for each booking. A venue
 * on the morning digest is told too when the visit's day has had its digest already (a booking
 * made, or cancelled, that morning); a venue with notices off, or no address, is not.
 */
export async function queueVenueNotices(
  trx: Database,
  event: VenueNoticeEvent,
  bookingIds: readonly number[],
  previous?: { date: string; time: string },
): Promise<void> {
  if (bookingIds.length === 0) return
  const rows = await trx
    .selectFrom('confirmed_bookings as b')
    .innerJoin('venues as v', 'v.id', 'b.venue_id')
    .select(['b.id', 'b.order_id', 'b.venue_id', 'v.bookings_email', 'v.notice_language'])
    .where('b.id', 'in', bookingIds)
    .where('v.bookings_email', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('v.booking_notices', '=', 'each'),
        eb.and([
          eb('v.booking_notices', '=', 'digest'),
          sql<boolean>`exists (select 1 from venue_digests_sent d where d.venue_id = b.venue_id and d.visit_date = b.booking_date)`,
        ]),
      ]),
    )
    .orderBy('b.id')
    .execute()
  const notices = new Map<string, { to: string; language: 'en' | 'ar'; bookingIds: number[] }>()
  for (const row of rows) {
    const key = `${row.order_id} ${row.venue_id}`
    const notice = notices.get(key)
    if (notice) notice.bookingIds.push(Number(row.id))
    else
      notices.set(key, {
        to: row.bookings_email as string,
        language: row.notice_language === 'ar' ? 'ar' : 'en',
        bookingIds: [Number(row.id)],
      })
  }
  if (notices.size === 0) return
  await trx
    .insertInto('mail_outbox')
    .values(
      [...notices.values()].map((notice) =>
        outboxRow({
          template: 'venue-booking-notice',
          to: notice.to,
          language: notice.language,
          payload: { event, bookingIds: notice.bookingIds, ...(previous && { previous }) },
        }),
      ),
    )
    .execute()
}

/**
 * The hook for a change of date or time of booked visits (all of one order): call it in the
 * transaction that moves them, after the move, with where they were before.
 */
export function queueVenueChangeNotices(
  trx: Database,
  bookingIds: readonly number[],
  previous: { date: string; time: string },
): Promise<void> {
  return queueVenueNotices(trx, 'changed', bookingIds, previous)
}
