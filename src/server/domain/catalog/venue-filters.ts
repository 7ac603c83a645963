import { hourLabel } from '../../../shared/catalog.ts'
import { priceToFils, type VenueFilters } from '../../../shared/catalog-filters.ts'
import { type ReviewSummary, shownRating } from '../../../shared/reviews.ts'
import { matchesSearch } from '../../../shared/search-text.ts'
import { type DayType, priceNoteOn, priceOn } from './pricing.ts'
import type { PassRow, VenueRow } from './repository.ts'
import { type DateException, type SlotVenue, slotStatus, weekdayHours } from './slot-rules.ts'

/**
 * The /gyms filters, applied in memory to the cached catalog (docs/catalog.md, "Finding a pass").
 * Whether a slot is open with places is `slotStatus`'s answer, as for the booking dialog and the
 * order; prices are `priceOn`'s.
 */

export interface FilterableVenue {
  venue: VenueRow
  slots: SlotVenue
  passes: PassRow[]
  searchText: string
  reviews: ReviewSummary
}

/** What one venue's card says about the chosen date. */
export interface DayFacts {
  fromPriceFils: number | null
  priceNote: 'weekend' | 'holiday' | null
  nextSlot: { time: string; remaining: number } | null
  /** Whether the chosen hour is open with a place left (true when no hour was chosen). */
  openAtHour: boolean
}

export interface DayContext {
  date: string
  dayType: DayType
  now: Date
  exception: (venueId: string) => DateException | undefined
  taken: (venueId: string) => Map<number, number> | undefined
}

export function dayFacts(entry: FilterableVenue, filters: VenueFilters, day: DayContext): DayFacts {
  const passes = filters.pass ? entry.passes.filter((pass) => pass.pass_type === filters.pass) : entry.passes
  const prices = passes.map((pass) => priceOn(pass, day.dayType, entry.venue))
  const differs = passes.some((pass) => priceNoteOn(pass, day.dayType) !== null)
  const exception = day.exception(entry.venue.id)
  const taken = day.taken(entry.venue.id)
  const from = filters.hour ? Number(filters.hour) : 0
  let nextSlot: DayFacts['nextSlot'] = null
  let openAtHour = !filters.hour
  for (const hour of weekdayHours(entry.slots, day.date)) {
    if (hour < from) continue
    const verdict = slotStatus(entry.slots, day.date, hour, day.now, {
      exception,
      taken: taken?.get(hour) ?? 0,
    })
    if (verdict.state !== 'open') continue
    nextSlot ??= { time: hourLabel(hour), remaining: verdict.remaining }
    if (hour === from) openAtHour = true
    break
  }
  return {
    fromPriceFils: prices.length ? Math.min(...prices) : null,
    priceNote: differs ? (day.dayType as Exclude<DayType, 'weekday'>) : null,
    nextSlot,
    openAtHour,
  }
}

/** Whether a venue passes every chosen filter, its day facts already worked out. */
export function matchesFilters(entry: FilterableVenue, facts: DayFacts, filters: VenueFilters): boolean {
  const { venue } = entry
  if (filters.search && !matchesSearch(entry.searchText, filters.search)) return false
  if (filters.area && venue.area_id !== filters.area) return false
  if (filters.facility.some((code) => !venue.facilities.includes(code))) return false
  if (filters.pass && !entry.passes.some((pass) => pass.pass_type === filters.pass)) return false
  if (filters.bookable && venue.status !== 'published') return false
  if (filters.min || filters.max) {
    if (facts.fromPriceFils === null) return false
    if (filters.min && facts.fromPriceFils < priceToFils(filters.min)) return false
    if (filters.max && facts.fromPriceFils > priceToFils(filters.max)) return false
  }
  if (filters.hour && !facts.openAtHour) return false
  return true
}

function ratingOf(entry: FilterableVenue): number {
  return shownRating({ rating: entry.venue.rating, reviews: entry.reviews })?.value ?? 0
}

/**
 * The venues in the chosen order, bookable ones always first. Distance is the browser's: it alone
 * knows where the visitor is, so the server keeps the team's order for it.
 */
export function sortVenues<T extends { entry: FilterableVenue; facts: DayFacts }>(
  rows: T[],
  sort: VenueFilters['sort'],
): T[] {
  const compare: Record<VenueFilters['sort'], (a: T, b: T) => number> = {
    recommended: () => 0,
    distance: () => 0,
    price: (a, b) => (a.facts.fromPriceFils ?? Infinity) - (b.facts.fromPriceFils ?? Infinity),
    // The rating the card shows: the visitors' average from 3 reviews on, else the venue's own.
    rating: (a, b) => ratingOf(b.entry) - ratingOf(a.entry),
    name: (a, b) => a.entry.venue.name_en.localeCompare(b.entry.venue.name_en, 'en'),
  }
  const soon = (row: T) => Number(row.entry.venue.status === 'coming_soon')
  // Array sort is stable: ties keep the team's order.
  return [...rows].sort((a, b) => soon(a) - soon(b) || compare[sort](a, b))
}
