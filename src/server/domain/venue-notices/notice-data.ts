import type { Database } from '../../platform/db/database.ts'
import { dayVisitRows, type NoticeVisitRow, noticeVisitRows } from '../visits/venue-notice-repository.ts'

/**
 * What a venue's notices show of a visit: as the desk shows it, the booker's name and nothing more
 * of them (no e-mail or mobile), with the visit's reference, pass, date, time and payment.
 */
export interface NoticeVisit {
  id: number
  reference: string
  venueName: { en: string; ar: string }
  pass: { en: string; ar: string }
  /** yyyy-mm-dd and HH:00, Bahrain time. */
  date: string
  time: string
  paymentStatus: 'paid' | 'pay at venue'
  priceFils: number
  bookerName: string
  cancelled: boolean
}

function toNoticeVisit(row: NoticeVisitRow): NoticeVisit {
  const guestName = [row.guest_first_name, row.guest_last_name].filter(Boolean).join(' ')
  return {
    id: Number(row.id),
    reference: row.reference,
    venueName: { en: row.venue_name, ar: row.venue_name_ar },
    pass: { en: row.pass_name, ar: row.pass_name_ar },
    date: row.booking_date,
    time: row.booking_time,
    paymentStatus: row.payment_status,
    priceFils: row.price_fils,
    // The desk's name for the booker, without its fall-back to their e-mail address.
    bookerName: guestName || row.user_name || '',
    cancelled: row.cancelled_at !== null,
  }
}

/** The visits a notice is about, by id. */
export async function loadNoticeVisits(db: Database, bookingIds: readonly number[]): Promise<NoticeVisit[]> {
  return (await noticeVisitRows(db, bookingIds)).map(toNoticeVisit)
}

/** A venue's visits on one date that still stand, by time then id: its morning digest. */
export async function loadDayVisits(db: Database, venueId: string, date: string): Promise<NoticeVisit[]> {
  return (await dayVisitRows(db, venueId, date)).map(toNoticeVisit)
}

/** The venue's name in both languages, for its digest; undefined once the venue is gone. */
export async function loadVenueName(db: Database, venueId: string) {
  const row = await db
    .selectFrom('venues')
    .select(['name_en', 'name_ar'])
    .where('id', '=', venueId)
    .executeTakeFirst()
  return row && { en: row.name_en, ar: row.name_ar }
}
