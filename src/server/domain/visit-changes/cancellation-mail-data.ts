import { formatDisplayDate } from '../../../shared/bahrain-time.ts'
import type { Language } from '../../../shared/i18n.ts'
import { formatBhd } from '../../../shared/money.ts'
import { groupParties, partyHeading } from '../../../shared/party.ts'
import { pagePath } from '../../../shared/route-manifest.ts'
import type { Database } from '../../platform/db/database.ts'
import type { MailLinks } from '../../platform/mail/templates/render.tsx'
import { cancellationMailRow } from '../visits/mail-repository.ts'
import { loadOrderVisits } from '../visits/repository.ts'
import { manageUrl, viewToken } from '../visits/ticket-codes.ts'

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
  /**
   * What is left of the order just after this cancel (ADR 024): each party still booked, its
   * heading (`Manama Marina Hotel · Thu 03/12 · 10:00 · 3 people`) and references. Empty: the
   * whole booking is cancelled.
   */
  remaining: { heading: string; references: string[] }[]
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
  // The order as it stood right after this cancel: a visit cancelled later still counts as booked
  // here, so each mail of several cancels tells its own moment, whenever it is sent.
  const cancelledAt = row.cancelled_at?.getTime() ?? Number.POSITIVE_INFINITY
  const left = (await loadOrderVisits(db, row.order_id)).filter(
    (visit) =>
      visit.id !== row.id &&
      visit.user_id === row.user_id &&
      (visit.cancelled_at === null || visit.cancelled_at.getTime() > cancelledAt),
  )
  const remaining = groupParties(left, (visit) => ({
    venueId: visit.venue_id,
    date: visit.booking_date,
    time: visit.booking_time,
  })).map(({ members }) => {
    const lead = members[0] as (typeof members)[number]
    return {
      heading: partyHeading(
        {
          venueName: ar ? lead.venue_name_ar : lead.venue_name,
          date: lead.booking_date,
          time: lead.booking_time,
          count: members.length,
        },
        language,
      ),
      references: members.map((member) => member.reference),
    }
  })
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
    remaining,
  }
}
