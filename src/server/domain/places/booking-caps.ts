import { type CapCode, capLineCodes, isCapCode, type QuoteLine } from '../../../shared/checkout.ts'

export { isCapCode }

import { englishText } from '../../../shared/errors.ts'
import { type FieldErrors, HttpError } from '../../platform/http/errors.ts'
import type { Booker } from '../accounts/booker.ts'

/**
 * Caps on the places one booker can take, so that one account or guest address cannot hoard a
 * venue's slots with pay-at-venue orders it need not honour (migration 008: each venue sets its own).
 */
export interface VenueCaps {
  /** Places in one hourly slot a single order may book. */
  perSlot: number
  /** Places one booker may hold at the venue on one visit date, over all their orders. */
  perDay: number
}

type Problem = NonNullable<QuoteLine['problem']>

function capProblem(code: CapCode, limit: number): Problem {
  return { code, message: englishText(capLineCodes[code], { limit }), limit }
}

/**
 * Who the day cap counts: an account, or a guest's e-mail address ignoring case. An account's own
 * address counts too, so signing out to book as a guest with it does not start a fresh count.
 */
export interface CapHolder {
  userId: string | null
  email: string
}

export function capHolderOf(booker: Booker): CapHolder {
  return {
    userId: booker.kind === 'account' ? booker.userId : null,
    email: booker.email.trim().toLowerCase(),
  }
}

/** One venue on one visit date: what the day cap is counted per. */
export interface VenueDay {
  venueId: string
  date: string
}

export function venueDayKey(day: VenueDay): string {
  return `${day.venueId}|${day.date}`
}

/** The distinct venues and dates of the lines that can otherwise be booked, in a fixed order. */
export function venueDays(lines: Pick<QuoteLine, 'gymId' | 'date' | 'problem'>[]): VenueDay[] {
  const days = new Map<string, VenueDay>()
  for (const line of lines)
    if (!line.problem) {
      const day = { venueId: line.gymId, date: line.date }
      days.set(venueDayKey(day), day)
    }
  return [...days.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, day]) => day)
}

/**
 * Which lines go past a cap, in cart order, counting people (a line's quantity): those that would
 * bring one slot past `perSlot`, and those that would bring one venue on one date past
 * `perDay - held`, where `held` is what the booker already holds there. Lines that cannot be booked
 * for another reason are left out of the counts.
 */
export function capProblems(
  lines: Pick<QuoteLine, 'gymId' | 'date' | 'time' | 'problem' | 'quantity'>[],
  caps: ReadonlyMap<string, VenueCaps>,
  held: ReadonlyMap<string, number> = new Map(),
): Map<number, Problem> {
  const perSlot = new Map<string, number>()
  const perDay = new Map<string, number>()
  const problems = new Map<number, Problem>()
  lines.forEach((line, index) => {
    const cap = caps.get(line.gymId)
    if (line.problem || !cap) return
    const slot = `${line.gymId}|${line.date}|${line.time}`
    const day = venueDayKey({ venueId: line.gymId, date: line.date })
    const inSlot = (perSlot.get(slot) ?? 0) + line.quantity
    const inDay = (perDay.get(day) ?? held.get(day) ?? 0) + line.quantity
    if (inSlot > cap.perSlot) problems.set(index, capProblem('SLOT_CAP_EXCEEDED', cap.perSlot))
    else if (inDay > cap.perDay) problems.set(index, capProblem('DAY_CAP_EXCEEDED', cap.perDay))
    else {
      perSlot.set(slot, inSlot)
      perDay.set(day, inDay)
    }
  })
  return problems
}

/**
 * The 409 for an order past a cap: its code is the first cap problem's, and each refused line is
 * named under `items.<index>` with its reason.
 */
export function capExceeded(problems: ReadonlyMap<number, Problem>): HttpError {
  const fields: FieldErrors = {}
  for (const [index, problem] of problems) fields[`items.${index}`] = problem.code
  const first = [...problems.values()][0]
  const code = first && isCapCode(first.code) ? first.code : 'DAY_CAP_EXCEEDED'
  return new HttpError(409, code, { fields, params: { limit: first?.limit ?? 0 } })
}
