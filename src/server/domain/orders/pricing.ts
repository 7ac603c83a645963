import { passLineName } from '../../../shared/cart.ts'
import type { ParsedOrderLine, QuoteLine } from '../../../shared/checkout.ts'
import { englishText } from '../../../shared/errors.ts'
import { formatBhd } from '../../../shared/money.ts'
import type { Database } from '../../platform/db/database.ts'
import { priceNoteOn, priceOn } from '../catalog/pricing.ts'
import { loadOccupancy } from '../catalog/repository.ts'
import type { CatalogService } from '../catalog/service.ts'
import { fits, hourOf, slotStatus } from '../catalog/slot-rules.ts'
import { placesHeld } from '../places/booker-places.ts'
import { type CapHolder, capProblems, type VenueCaps, venueDays } from '../places/booking-caps.ts'
import { slotKey } from '../places/slot-occupancy.ts'

/** The venues table's default notice, for a line whose venue is unknown (it is refused anyway). */
const defaultNoticeHours = 24

type Problem = NonNullable<QuoteLine['problem']>

function problem(
  code: Exclude<Problem['code'], 'SLOT_CAP_EXCEEDED' | 'DAY_CAP_EXCEEDED' | 'PLACES_LEFT'>,
): Problem {
  return { code, message: englishText(code) }
}

/** A line wanting more people than its slot has places: how many are left, or full when none are. */
export function tooFewPlaces(left: number): Problem {
  if (left <= 0) return problem('SLOT_FULL')
  return { code: 'PLACES_LEFT', message: englishText('PLACES_LEFT', { left }), left }
}

/** A quoted line plus what booking it needs: the venue's places per slot and the hour. */
export interface PricedLine extends QuoteLine {
  capacity: number
  hour: number
}

export interface PricedOrder {
  lines: PricedLine[]
  totalFils: number
  payAtVenueOnly: boolean
  bookable: boolean
  /** Each venue's caps on the places one booker can take, by venue id. */
  caps: Map<string, VenueCaps>
}

/** What a quoted line asks of its slot, under the capacity it was quoted with. */
export function quotedDemand(line: PricedLine) {
  return {
    venueId: line.gymId,
    passId: line.passId,
    date: line.date,
    hour: line.hour,
    places: line.quantity,
    capacity: line.capacity,
  }
}

/**
 * Prices every line from the catalog for its own date (weekday, weekend or holiday) and says why a
 * line cannot be booked, including the venue's caps on places per slot and per booker and day
 * (counting what `booker`, when known, already holds). With `checkPlaces`, it also reads the places
 * left, counting several lines for the same hour together; checkout itself takes the places, and
 * counts the booker's places again, in its transaction instead.
 */
export async function priceOrder(
  catalog: CatalogService,
  db: Database,
  items: ParsedOrderLine[],
  {
    checkPlaces,
    booker,
    heldForBooker,
  }: {
    checkPlaces: boolean
    booker?: CapHolder
    /** Places held for this booker (a waiting list offer), by `slotKey`: free for their lines. */
    heldForBooker?: ReadonlyMap<string, number>
  },
): Promise<PricedOrder> {
  const now = catalog.currentTime()
  const lines: PricedLine[] = []
  const caps = new Map<string, VenueCaps>()
  for (const item of items) {
    const { venue, slots, passes, dayType, exception } = await catalog.bookingContext(item.gymId, item.date)
    const pass = passes.find((entry) => entry.id === item.passId)
    const hour = hourOf(item.time)
    if (venue)
      caps.set(venue.id, {
        perSlot: venue.max_places_per_slot_per_order,
        perDay: venue.max_places_per_day_per_booker,
      })
    const priceFils = pass && dayType ? priceOn(pass, dayType, venue) : 0
    // The slot's own rules first (one module for availability, quote and order), then the pass.
    const verdict = slotStatus(slots, item.date, hour, now, { exception })
    const slotProblem =
      verdict.problem === 'GYM_NOT_FOUND' || verdict.problem === 'COMING_SOON' ? verdict.problem : null
    const found: Problem | null = slotProblem
      ? problem(slotProblem)
      : !pass
        ? problem('PASS_NOT_FOUND')
        : verdict.problem
          ? problem(verdict.problem)
          : null
    lines.push({
      ...item,
      gymName: { en: venue?.name_en ?? item.gymId, ar: venue?.name_ar ?? item.gymId },
      passName: {
        en: pass ? passLineName(pass.name_en, pass.description_en) : item.passId,
        ar: pass ? passLineName(pass.name_ar, pass.description_ar) : item.passId,
      },
      location: { en: venue?.location_en ?? '', ar: venue?.location_ar ?? '' },
      priceFils,
      price: formatBhd(priceFils),
      ...(dayType ? { dayType } : {}),
      priceNote: pass && dayType ? priceNoteOn(pass, dayType) : null,
      payAtVenueOnly: venue?.pay_at_venue_only ?? false,
      cancellationNoticeHours: venue?.cancellation_notice_hours ?? defaultNoticeHours,
      problem: found,
      capacity: verdict.capacity,
      hour: hour ?? -1,
    })
  }
  const held = booker ? await placesHeld(db, booker, venueDays(lines)) : undefined
  for (const [index, found] of capProblems(lines, caps, held)) {
    const line = lines[index]
    if (line) line.problem = found
  }
  if (checkPlaces) await markFullSlots(db, lines, heldForBooker)
  const totalFils = lines.reduce((sum, line) => sum + (line.problem ? 0 : line.priceFils * line.quantity), 0)
  return {
    lines,
    totalFils,
    payAtVenueOnly: lines.some((line) => line.payAtVenueOnly),
    bookable: lines.every((line) => line.problem === null),
    caps,
  }
}

async function markFullSlots(db: Database, lines: PricedLine[], heldForBooker?: ReadonlyMap<string, number>) {
  const wanted = new Map<string, number>()
  for (const line of lines) {
    const key = slotKey(line.gymId, line.date, line.hour)
    if (!line.problem) wanted.set(key, (wanted.get(key) ?? 0) + line.quantity)
  }
  const occupancy = new Map<string, Map<number, number>>()
  for (const line of lines) {
    if (line.problem) continue
    const dayKey = `${line.gymId}|${line.date}`
    let taken = occupancy.get(dayKey)
    if (!taken) {
      taken = await loadOccupancy(db, line.gymId, line.date)
      occupancy.set(dayKey, taken)
    }
    const key = slotKey(line.gymId, line.date, line.hour)
    const held = Math.max(0, (taken.get(line.hour) ?? 0) - (heldForBooker?.get(key) ?? 0))
    if (!fits(line.capacity, held, wanted.get(key) ?? 1)) {
      line.problem = tooFewPlaces(line.capacity - held)
    }
  }
}
