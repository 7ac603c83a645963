import {
  addDays,
  hourInBahrain,
  type IsoDate,
  isIsoDate,
  todayInBahrain,
} from '../../../shared/bahrain-time.ts'
import type { VenueStatus } from '../../platform/db/schema.ts'

/**
 * Which hourly slot can be booked, decided once: availability, the quote and the order all ask
 * `slotStatus`, so a slot the booking dialog shows as open is one the order accepts, and the reason
 * a line cannot be booked is worded once (src/shared/errors.ts). Pure: it reads no database and no
 * clock, so each rule is unit-tested, including the Bahrain day boundary. The rules in words:
 * docs/catalog.md and docs/product.md.
 */

/** How far ahead a visit can be booked. */
export const bookingHorizonDays = 365

/** The catalog's hours when a venue sets none: 08:00 to 19:00 (docs/product.md, "Constants"). */
export const defaultDayHours: readonly number[] = [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]

export interface SlotVenue {
  status: VenueStatus
  /** The hours sold on each weekday, Sunday first. */
  weeklyHours: readonly (readonly number[])[]
  capacityPerSlot: number
  /** yyyy-mm-dd: the first and last dates it sells visits on, each when set (migration 024). */
  sellsFrom?: string | null
  sellsUntil?: string | null
}

/** What a venue changed for one date: closed all day or for some hours, or fewer or more places. */
export interface DateException {
  closedAllDay: boolean
  closedHours: readonly number[]
  capacity: number | null
}

export type SlotState = 'open' | 'full' | 'past' | 'closed'

/** Why a slot cannot be booked: each is an error code with a text in both languages. */
export type SlotProblem =
  | 'GYM_NOT_FOUND'
  | 'COMING_SOON'
  | 'INVALID_DATE'
  | 'DATE_TOO_FAR'
  | 'INVALID_TIME'
  | 'NOT_SOLD_ON_DATE'
  | 'SLOT_CLOSED'
  | 'SLOT_PAST'
  | 'SLOT_FULL'

export interface SlotVerdict {
  state: SlotState
  problem: SlotProblem | null
  /** Places in this slot on this date. */
  capacity: number
  /** Places left, when `taken` was given; 0 for a slot that is not open. */
  remaining: number
}

/** Venues the public sees: listed (bookable or not yet). Draft and suspended ones are the team's. */
export function isListed(status: VenueStatus): boolean {
  return status === 'published' || status === 'coming_soon'
}

/** Whether a date lies within the dates the venue sells visits on. */
export function onSale(venue: SlotVenue, date: IsoDate): boolean {
  return !(venue.sellsFrom && date < venue.sellsFrom) && !(venue.sellsUntil && date > venue.sellsUntil)
}

/** The hours a venue sells on a date: its weekday's hours, without the hours it closed that date. */
export function hoursOn(venue: SlotVenue, date: IsoDate, exception?: DateException): number[] {
  if (exception?.closedAllDay) return []
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay()
  const hours = venue.weeklyHours[weekday] ?? []
  return hours.filter((hour) => !exception?.closedHours.includes(hour))
}

/** The hours a venue usually sells on a date's weekday, closed ones included, in order. */
export function weekdayHours(venue: SlotVenue, date: IsoDate): number[] {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay()
  return [...(venue.weeklyHours[weekday] ?? [])].sort((a, b) => a - b)
}

export function capacityOn(venue: SlotVenue, exception?: DateException): number {
  return exception?.capacity ?? venue.capacityPerSlot
}

/** A time as a slot's hour, for `HH:00` between 00:00 and 23:00; undefined otherwise. */
export function hourOf(time: string): number | undefined {
  const match = /^([01]\d|2[0-3]):00$/.exec(time)
  return match ? Number(match[1]) : undefined
}

/**
 * Whether one slot can be booked now, and if not, why. `wanted` places must fit in what is left
 * once `taken` are counted; leave `taken` out to judge the slot without reading the places.
 * The first rule that fails decides, in the order a visitor can do something about it.
 */
export function slotStatus(
  venue: SlotVenue | undefined,
  date: string,
  hour: number | undefined,
  now: Date,
  day: { exception?: DateException; taken?: number; wanted?: number } = {},
): SlotVerdict {
  const capacity = venue ? capacityOn(venue, day.exception) : 0
  const refuse = (state: SlotState, problem: SlotProblem): SlotVerdict => ({
    state,
    problem,
    capacity,
    remaining: 0,
  })
  if (!venue || !isListed(venue.status)) return refuse('closed', 'GYM_NOT_FOUND')
  if (venue.status === 'coming_soon') return refuse('closed', 'COMING_SOON')
  if (!isIsoDate(date)) return refuse('closed', 'INVALID_DATE')
  const today = todayInBahrain(now)
  if (date > addDays(today, bookingHorizonDays)) return refuse('closed', 'DATE_TOO_FAR')
  if (hour === undefined || !Number.isInteger(hour) || hour < 0 || hour > 23) {
    return refuse('closed', 'INVALID_TIME')
  }
  if (date < today || (date === today && hour <= hourInBahrain(now))) return refuse('past', 'SLOT_PAST')
  if (!onSale(venue, date)) return refuse('closed', 'NOT_SOLD_ON_DATE')
  if (!hoursOn(venue, date, day.exception).includes(hour) || capacity === 0) {
    return refuse('closed', 'SLOT_CLOSED')
  }
  const remaining = Math.max(0, capacity - (day.taken ?? 0))
  if (!fits(capacity, day.taken ?? 0, day.wanted ?? 1)) {
    return { state: 'full', problem: 'SLOT_FULL', capacity, remaining }
  }
  return { state: 'open', problem: null, capacity, remaining }
}

/** Whether `wanted` more places fit in a slot of `capacity` with `taken` already booked. */
export function fits(capacity: number, taken: number, wanted: number): boolean {
  return wanted >= 1 && capacity - taken >= wanted
}
