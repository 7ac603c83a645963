import { formatDisplayDate } from '../../../shared/bahrain-time.ts'
import type { Language } from '../../../shared/i18n.ts'
import { formatBhd } from '../../../shared/money.ts'
import { pagePath } from '../../../shared/route-manifest.ts'
import type { Database } from '../../platform/db/database.ts'
import type { MailLinks } from '../../platform/mail/templates/render.tsx'
import { manageUrl, viewToken } from '../tickets/ticket-codes.ts'
import { cancellationMailRow } from './mail-repository.ts'

/** The cancellation mail's fields, already in the booker's language. */
export interface BookingCancellationProps {
  language: Language
  name: string
  reference: string
  venueName: string
  passName: string
  /** dd/mm/yyyy */
  date: string
  time: string
  /** The amount going back to the card (`BD 14.000`), or null when there was nothing to pay back. */
  refund: string | null
  /** The team's reason, when the team cancelled. */
  teamReason: string | null
  /**
   * Where the cancelled visit and its refund can be seen: a guest's read-only link (the
   * cancellation revoked the links sent before), or My Bookings.
   */
  bookingUrl: string
}

/** Reads a cancelled booking, its refund and its order's language into the mail's fields. */
export async function loadBookingCancellation(
  db: Database,
  bookingId: number,
  links: MailLinks,
): Promise<BookingCancellationProps> {
  const row = await cancellationMailRow(db, bookingId)
  const language: Language = row.language === 'ar' ? 'ar' : 'en'
  const ar = language === 'ar'
  return {
    language,
    name: row.first_name ?? row.guest_first_name ?? '',
    reference: row.reference,
    venueName: ar ? row.venue_name_ar : row.venue_name,
    passName: ar ? row.pass_name_ar : row.pass_name,
    date: formatDisplayDate(row.booking_date),
    time: row.booking_time,
    refund: row.amount_fils ? formatBhd(row.amount_fils, language) : null,
    teamReason: row.cancelled_by_team ? row.cancel_reason : null,
    bookingUrl: row.user_id
      ? `${links.siteUrl}${pagePath('bookings')}`
      : manageUrl(links.siteUrl, viewToken(links.secret, row)),
  }
}
