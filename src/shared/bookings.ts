import type { IsoDate } from './bahrain-time.ts'

interface Dated {
  /** yyyy-mm-dd */
  date: string
  /** HH:00 */
  time: string
}

function soonestFirst(a: Dated, b: Dated): number {
  // Both fields are fixed-width and zero-padded, so text order is time order.
  if (a.date !== b.date) return a.date < b.date ? -1 : 1
  if (a.time !== b.time) return a.time < b.time ? -1 : 1
  return 0
}

/**
 * A booking is upcoming when its date is today or later (against the start of
 * today in Bahrain), otherwise past. Upcoming come soonest first; past come most recent first.
 */
export function splitBookings<T extends Dated>(bookings: readonly T[], today: IsoDate) {
  const upcoming = bookings.filter((booking) => booking.date >= today).sort(soonestFirst)
  const past = bookings.filter((booking) => booking.date < today).sort((a, b) => soonestFirst(b, a))
  return { upcoming, past }
}
