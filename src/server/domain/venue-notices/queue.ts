import type { Database } from '../../platform/db/database.ts'
import { outboxRow } from '../../platform/mail/outbox.ts'
import { noticeVisitRows } from '../visits/venue-notice-repository.ts'
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
  const visits = await noticeVisitRows(trx, bookingIds)
  if (visits.length === 0) return
  const venueIds = visits.map((visit) => visit.venue_id)
  const venues = await trx
    .selectFrom('venues as v')
    .select(['v.id', 'v.bookings_email', 'v.notice_language', 'v.booking_notices'])
    .where('v.id', 'in', venueIds)
    .where('v.bookings_email', 'is not', null)
    .where('v.booking_notices', 'in', ['each', 'digest'])
    .execute()
  const digested = await trx
    .selectFrom('venue_digests_sent')
    .select(['venue_id', 'visit_date'])
    .where('venue_id', 'in', venueIds)
    .where(
      'visit_date',
      'in',
      visits.map((visit) => visit.booking_date),
    )
    .execute()
  const told = new Map(venues.map((venue) => [venue.id, venue]))
  const rows = visits.flatMap((visit) => {
    const venue = told.get(visit.venue_id)
    if (!venue) return []
    // A venue on the digest hears at once only of a day whose digest has gone already.
    const tellsNow =
      venue.booking_notices === 'each' ||
      digested.some((d) => d.venue_id === visit.venue_id && d.visit_date === visit.booking_date)
    return tellsNow
      ? [{ ...visit, bookings_email: venue.bookings_email, notice_language: venue.notice_language }]
      : []
  })
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
