import type { Language } from '../../../shared/i18n.ts'
import { groupParties } from '../../../shared/party.ts'
import { pagePath } from '../../../shared/route-manifest.ts'
import type { Database } from '../../platform/db/database.ts'
import { findCalendarVisit, findOrderCalendarVisits } from '../visits/repository.ts'
import { manageUrl, viewToken } from '../visits/ticket-codes.ts'
import {
  type CalendarVisit,
  calendarContentType,
  calendarFileName,
  partiesCalendar,
  visitHours,
} from './booking-calendar.ts'

export interface CalendarLinks {
  /** AUTH_SECRET: a guest's entry links to their booking page by a signed, read-only link. */
  secret: string
  /** PUBLIC_URL: its host names the entries' UIDs. */
  siteUrl: string
}

export interface CalendarFile {
  filename: string
  content: Buffer
  contentType: string
}

type CalendarRow = NonNullable<Awaited<ReturnType<typeof findCalendarVisit>>>

/** A booking as its calendar entry needs it: the booker's language and the venue's position. */
export async function loadCalendarVisit(
  db: Database,
  bookingId: number,
  links: CalendarLinks,
): Promise<CalendarVisit | undefined> {
  const row = await findCalendarVisit(db, bookingId)
  return row && toCalendarVisit(row, links)
}

function toCalendarVisit(row: CalendarRow, links: CalendarLinks): CalendarVisit {
  const language: Language = row.language === 'ar' ? 'ar' : 'en'
  const ar = language === 'ar'
  return {
    bookingId: row.id,
    reference: row.reference,
    language,
    venueName: ar ? row.venue_name_ar : row.venue_name,
    passName: ar ? row.pass_name_ar : row.pass_name,
    location: ar ? row.location_ar : row.location,
    date: row.booking_date,
    time: row.booking_time,
    hours: visitHours(row.booking_date, row.booking_time, row.weekly_hours),
    coordinates:
      row.latitude !== null && row.longitude !== null
        ? { latitude: row.latitude, longitude: row.longitude }
        : null,
    // A calendar is often shared or synced to other devices: a guest's entry carries the view
    // link, which can neither cancel nor show the ticket.
    ticketUrl: row.user_id
      ? `${links.siteUrl}${pagePath('bookings')}`
      : manageUrl(links.siteUrl, viewToken(links.secret, row)),
    manageVersion: row.manage_version,
    dateChanges: row.date_changes,
    cancelled: row.cancelled_at !== null,
  }
}

/**
 * The `.ics` file of a booking's party (docs/mail.md; ADR 025): the one entry of the people of its
 * order booked at its venue, date and hour (src/shared/party.ts), as "Add to calendar" downloads it
 * and a cancellation mail carries it. The entry counts the people still booked; once none is, it is
 * the cancelled variant, with the same UID and a higher SEQUENCE.
 */
export async function bookingCalendarFile(
  db: Database,
  bookingId: number,
  links: CalendarLinks,
  options: { now: Date },
): Promise<CalendarFile | undefined> {
  const row = await findCalendarVisit(db, bookingId)
  if (!row) return undefined
  // The same booker's visits of the order: an order has one booker, this says so where it is read.
  const visits = (await findOrderCalendarVisits(db, row.order_id)).filter(
    (visit) => visit.user_id === row.user_id,
  )
  const party = groupParties(visits, (visit) => ({
    venueId: visit.venue_id,
    date: visit.booking_date,
    time: visit.booking_time,
  })).find(({ members }) => members.some((member) => member.id === bookingId))
  const members = (party?.members ?? [row]).map((member) => toCalendarVisit(member, links))
  return calendarFileOf([members], links, options)
}

function calendarFileOf(
  parties: readonly (readonly CalendarVisit[])[],
  links: CalendarLinks,
  options: { now: Date },
): CalendarFile | undefined {
  const first = parties[0]?.[0]
  if (!first) return undefined
  return {
    filename: calendarFileName(first.reference),
    content: Buffer.from(
      partiesCalendar(parties, { domain: new URL(links.siteUrl).hostname, now: options.now }),
      'utf8',
    ),
    contentType: calendarContentType,
  }
}

/**
 * The `.ics` file of an order's confirmation: one entry per party (`partyBookingIds`, each party's
 * visits), named after the order's first ticket.
 */
export async function partiesCalendarFile(
  db: Database,
  partyBookingIds: readonly (readonly number[])[],
  links: CalendarLinks,
  options: { now: Date },
): Promise<CalendarFile | undefined> {
  const parties: CalendarVisit[][] = []
  for (const ids of partyBookingIds) {
    const visits: CalendarVisit[] = []
    for (const id of ids) {
      const visit = await loadCalendarVisit(db, id, links)
      if (visit) visits.push(visit)
    }
    if (visits.length > 0) parties.push(visits)
  }
  return calendarFileOf(parties, links, options)
}
