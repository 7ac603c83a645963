import { capacityOn, type DateException, hoursOn, type SlotVenue } from '../catalog/slot-rules.ts'

/** The rules of one date: the venue's week and that date's exception, if any. */
export interface DayRules {
  venue: SlotVenue
  exception?: DateException
}

/** Whether a slot is sold at all under some rules: among the date's hours, with places. */
function sold(rules: DayRules, date: string, hour: number): boolean {
  return (
    hoursOn(rules.venue, date, rules.exception).includes(hour) && capacityOn(rules.venue, rules.exception) > 0
  )
}

/**
 * Whether a change of rules hits a slot that holds `taken` places: it was sold and is no longer
 * (closed hours, a closed day, no places), or its places went down below what is already taken.
 * A slot that was already closed or over its places is not hit again by a later change, so a
 * manager who confirmed once is not asked again for the same bookings on every save. Read through
 * the slot rules (hoursOn, capacityOn), so a change is judged by the rules that sell the slots.
 */
export function slotHit(
  date: string,
  hour: number,
  taken: number,
  before: DayRules,
  after: DayRules,
): boolean {
  if (taken <= 0 || !sold(before, date, hour)) return false
  if (!sold(after, date, hour)) return true
  const capacityAfter = capacityOn(after.venue, after.exception)
  return capacityAfter < capacityOn(before.venue, before.exception) && taken > capacityAfter
}

export interface BookedSlot {
  date: string
  /** `HH:00`, as bookings store it. */
  time: string
}

/**
 * The bookings in the slots a change hits. A slot's `taken` counts unpaid holds as well as
 * bookings; when the occupancy row is missing, the bookings themselves are counted.
 */
export function hitBookings<B extends BookedSlot>(
  bookings: B[],
  taken: Map<string, number>,
  rulesOn: (date: string) => { before: DayRules; after: DayRules },
): B[] {
  const counted = new Map<string, number>()
  for (const booking of bookings) {
    const key = slotKey(booking.date, Number(booking.time.slice(0, 2)))
    counted.set(key, (counted.get(key) ?? 0) + 1)
  }
  const verdicts = new Map<string, boolean>()
  return bookings.filter((booking) => {
    const hour = Number(booking.time.slice(0, 2))
    const key = slotKey(booking.date, hour)
    let hit = verdicts.get(key)
    if (hit === undefined) {
      const { before, after } = rulesOn(booking.date)
      hit = slotHit(booking.date, hour, Math.max(taken.get(key) ?? 0, counted.get(key) ?? 0), before, after)
      verdicts.set(key, hit)
    }
    return hit
  })
}

export function slotKey(date: string, hour: number): string {
  return `${date}|${hour}`
}
