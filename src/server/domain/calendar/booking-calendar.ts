import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator'
import { slotStart } from '../../../shared/bahrain-time.ts'
import type { Language } from '../../../shared/i18n.ts'
import { mapLinks } from '../../../shared/opening-hours.ts'
import { peopleCount } from '../../../shared/party.ts'
import { supportEmail } from '../../platform/mail/templates/layout.tsx'

/** One booked visit as its calendar entry shows it, in the booker's language. */
export interface CalendarVisit {
  bookingId: number
  reference: string
  language: Language
  venueName: string
  passName: string
  location: string
  /** yyyy-mm-dd and HH:MM, Bahrain time. */
  date: string
  time: string
  /** How many hours the entry lasts: a day pass runs until the venue's hours that day end. */
  hours: number
  coordinates: { latitude: number; longitude: number } | null
  /** Where the visitor finds the ticket: My Bookings, or a guest's signed link. */
  ticketUrl: string
  /** Raised when the booking changes (migration 010): each change is a newer version of the entry. */
  manageVersion: number
  /** How many times the visit was moved to another date or time (migration 025): each move is a newer version. */
  dateChanges: number
  cancelled: boolean
}

const hourMs = 60 * 60 * 1000

/**
 * How long a day pass bought for `time` lasts on `date`: from its hour to the end of the venue's
 * hours it falls in that weekday (a venue that closes at noon and opens again at four ends it at
 * noon); one hour when the venue's hours do not hold it (changed since the booking).
 */
export function visitHours(
  date: string,
  time: string,
  weeklyHours: readonly (readonly number[])[] | null,
): number {
  const hour = Number(time.slice(0, 2))
  const sold = new Set(weeklyHours?.[new Date(`${date}T00:00:00Z`).getUTCDay()] ?? [])
  let end = hour + 1
  while (sold.has(end)) end += 1
  return end - hour
}

const copy = {
  en: {
    summary: '{venue}: day pass',
    cancelledSummary: 'Cancelled: {venue}, day pass',
    reference: 'Booking reference: {reference}',
    pass: 'Pass: {pass}',
    ticket: 'Your booking: {url}',
    bringId: 'Bring a government ID (CPR or passport): reception checks it against your booking.',
    directions: 'Directions: {url}',
    cancelled: 'This booking was cancelled.',
  },
  ar: {
    summary: '{venue}: تذكرة يومية',
    cancelledSummary: 'أُلغي: {venue}، تذكرة يومية',
    reference: 'رقم الحجز: {reference}',
    pass: 'التذكرة: {pass}',
    ticket: 'حجزك: {url}',
    bringId: 'أحضر هوية حكومية (البطاقة الذكية أو جواز السفر): يتحقق منها الاستقبال مقابل حجزك.',
    directions: 'الاتجاهات: {url}',
    cancelled: 'أُلغي هذا الحجز.',
  },
} as const

function fill(text: string, values: Record<string, string>) {
  return text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '')
}

/**
 * The stable UID of a booking's calendar entry: the same in the confirmation, the "Add to calendar"
 * download and the cancellation, so a calendar updates the one entry instead of adding another.
 */
export function calendarUid(bookingId: number, domain: string): string {
  return `booking-${bookingId}@${domain}`
}

/**
 * An order's calendar file (docs/mail.md, "One mail per order"; ADR 025): one entry per party and
 * hour, not per person, in the iCalendar format (RFC 5545, METHOD:PUBLISH), the hour in UTC (Bahrain
 * is UTC+3 all year, so no VTIMEZONE is needed). Each party lists every visit booked in it, cancelled
 * ones too: the entry counts and names the people still booked. A party booked alone keeps its
 * visit's UID; a larger party's is named after its first visit. Once nobody of the party is left, the
 * same UID carries STATUS:CANCELLED: that is how a published entry is withdrawn.
 */
export function partiesCalendar(
  parties: readonly (readonly CalendarVisit[])[],
  options: { domain: string; now: Date },
): string {
  const language = parties[0]?.[0]?.language ?? 'en'
  const calendar = ical({
    prodId: { company: 'DayPass Bahrain', product: 'Bookings', language: language.toUpperCase() },
    method: ICalCalendarMethod.PUBLISH,
  })
  for (const party of parties) if (party.length > 0) addPartyEvent(calendar, party, options)
  return calendar.toString()
}

/**
 * The entry's version: every change of any of its visits (a change, a move, a cancel) raises it,
 * so a calendar takes the newer entry. A party fresh from checkout is version 0.
 */
function partySequence(party: readonly CalendarVisit[]): number {
  return party.reduce(
    (sum, visit) => sum + visit.manageVersion - 1 + visit.dateChanges + (visit.cancelled ? 1 : 0),
    0,
  )
}

/** The entry's UID: a party booked alone keeps its visit's (ADR 025), a larger one its first visit's. */
export function partyUid(party: readonly Pick<CalendarVisit, 'bookingId'>[], domain: string): string {
  const first = party[0]?.bookingId ?? 0
  return party.length === 1 ? calendarUid(first, domain) : `party-${first}@${domain}`
}

function addPartyEvent(
  calendar: ReturnType<typeof ical>,
  party: readonly CalendarVisit[],
  options: { domain: string; now: Date },
) {
  const booked = party.filter((member) => !member.cancelled)
  const cancelled = booked.length === 0
  const shown = cancelled ? party : booked
  const visit = shown[0] as CalendarVisit
  const text = copy[visit.language]
  const start = slotStart(visit.date, visit.time)
  const directions = visit.coordinates ? mapLinks(visit.coordinates).directions : null
  const passes = [...new Set(shown.map((member) => member.passName))]
  const description = [
    cancelled ? text.cancelled : null,
    ...shown.map((member) => fill(text.reference, { reference: member.reference })),
    ...passes.map((pass) => fill(text.pass, { pass })),
    cancelled ? null : fill(text.ticket, { url: visit.ticketUrl }),
    cancelled ? null : text.bringId,
    directions && !cancelled ? fill(text.directions, { url: directions }) : null,
  ].filter((line): line is string => line !== null)
  const summary = fill(cancelled ? text.cancelledSummary : text.summary, { venue: visit.venueName })
  calendar.createEvent({
    id: partyUid(party, options.domain),
    sequence: partySequence(party),
    // When this version of the file was made (DTSTAMP), by the app's clock.
    stamp: options.now,
    start,
    end: new Date(start.getTime() + visit.hours * hourMs),
    // How many people are still going, once the party was booked for more than one.
    summary:
      party.length === 1 || cancelled
        ? summary
        : `${summary} (${peopleCount(booked.length, visit.language)})`,
    location: {
      title: visit.venueName,
      address: visit.location,
      ...(visit.coordinates
        ? { geo: { lat: visit.coordinates.latitude, lon: visit.coordinates.longitude } }
        : {}),
    },
    description: description.join('\n'),
    url: visit.ticketUrl,
    organizer: { name: 'DayPass Bahrain', email: supportEmail },
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  })
}

/** The file's name and type, for a download or a mail attachment. */
export function calendarFileName(reference: string): string {
  return `daypass-${reference}.ics`
}

export const calendarContentType = 'text/calendar; charset=utf-8; method=PUBLISH'
