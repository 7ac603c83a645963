import type { Database } from '../../platform/db/database.ts'

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

function noticeVisits(db: Database) {
  return db
    .selectFrom('confirmed_bookings as b')
    .leftJoin('users as u', 'u.id', 'b.user_id')
    .select([
      'b.id',
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

type NoticeRow = Awaited<ReturnType<ReturnType<typeof noticeVisits>['execute']>>[number]

function toNoticeVisit(row: NoticeRow): NoticeVisit {
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
  if (bookingIds.length === 0) return []
  const rows = await noticeVisits(db).where('b.id', 'in', bookingIds).orderBy('b.id').execute()
  return rows.map(toNoticeVisit)
}

/** A venue's visits on one date that still stand, by time then id: its morning digest. */
export async function loadDayVisits(db: Database, venueId: string, date: string): Promise<NoticeVisit[]> {
  const rows = await noticeVisits(db)
    .where('b.venue_id', '=', venueId)
    .where('b.booking_date', '=', date)
    .where('b.cancelled_at', 'is', null)
    .orderBy('b.booking_time')
    .orderBy('b.id')
    .execute()
  return rows.map(toNoticeVisit)
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
