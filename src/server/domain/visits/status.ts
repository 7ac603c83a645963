import { slotStart, todayInBahrain } from '../../../shared/bahrain-time.ts'
import { cancellationPolicy } from '../../../shared/cancellation-policy.ts'
import type { CheckInRefusal, DeskBookingState } from '../../../shared/desk.ts'
import type { CancelRefusal } from '../../../shared/visits.ts'

/**
 * Where a booked visit stands at an instant: the one place its state, start, cancellation deadline
 * and refusal and check-in refusal are worked out (My Bookings, the guest page, cancelling, the
 * desk). The cancellation rule itself is the shared policy's (docs/decisions/024), which the
 * browser states too.
 */

/** The facts of a visit its state is decided from. */
export interface VisitFacts {
  booking_date: string
  booking_time: string
  /** The venue's notice for free cancellation, as booked (else the venue's, else 24). */
  notice_hours: number | string
  payment_status: 'paid' | 'pay at venue'
  cancelled_at: Date | null
  checked_in_at: Date | null
  no_show_at: Date | null
  desk_paid_at: Date | null
}

/** When the desk may check a visit in around its start (the venue's tolerance). */
export interface CheckInWindow {
  check_in_opens_minutes: number
  check_in_closes_minutes: number
}

export type { CheckInRefusal }

export interface VisitStatus {
  state: DeskBookingState
  /** The start of the visit's hour (Bahrain). */
  start: Date
  cancellation: {
    /** Free cancellation before it. */
    deadline: Date
    /** Why the visitor may not cancel it now; null when they may (or it is cancelled already). */
    refusal: CancelRefusal | null
  }
  checkIn: {
    /** The venue's window around the start, when one is given: from `opensAt` to `closesAt`. */
    window: { opensAt: Date; closesAt: Date } | null
    /** Outside the venue's tolerance around the start; null inside it, or with no window given. */
    timing: 'too_early' | 'too_late' | null
    /** The first reason the desk refuses; the timing is waived by the desk's override. */
    refusal: CheckInRefusal | null
  }
}

const minuteMs = 60_000

/** Cancelled, checked in, a no-show or still to come: what the desk lists it as. */
export function visitState(
  visit: Pick<VisitFacts, 'cancelled_at' | 'checked_in_at' | 'no_show_at'>,
): DeskBookingState {
  if (visit.cancelled_at) return 'cancelled'
  if (visit.checked_in_at) return 'checked_in'
  if (visit.no_show_at) return 'no_show'
  return 'to_come'
}

/**
 * Why the visitor may not cancel: the desk's facts first (checked in, no show), then the clock:
 * started, then past the free-cancellation deadline (the shared policy).
 */
function cancelRefusal(visit: VisitFacts, start: Date, free: boolean, now: Date): CancelRefusal | null {
  if (visit.cancelled_at) return null
  if (visit.checked_in_at) return 'VISIT_CHECKED_IN'
  if (visit.no_show_at) return 'VISIT_NO_SHOW'
  if (now.getTime() >= start.getTime()) return 'VISIT_STARTED'
  return free ? null : 'CANCEL_TOO_LATE'
}

/** Cancelled or checked in, which nothing changes; then the date, the time and the payment. */
function checkInRefusal(
  visit: VisitFacts,
  today: string,
  timing: VisitStatus['checkIn']['timing'],
  override: boolean,
): CheckInRefusal | null {
  if (visit.cancelled_at) return 'cancelled'
  if (visit.checked_in_at) return 'already_checked_in'
  if (visit.booking_date !== today) return 'other_date'
  if (timing && !override) return timing
  if (visit.payment_status === 'pay at venue' && !visit.desk_paid_at) return 'unpaid'
  return null
}

/**
 * The visit's status at `now`. The check-in's timing needs the venue's window; `override` is the
 * desk's "check in anyway" outside it.
 */
export function visitStatus(
  visit: VisitFacts,
  now: Date,
  checkIn: { window?: CheckInWindow; override?: boolean } = {},
): VisitStatus {
  const start = slotStart(visit.booking_date, visit.booking_time)
  const policy = cancellationPolicy(
    { date: visit.booking_date, time: visit.booking_time },
    Number(visit.notice_hours),
    now,
  )
  const window = checkIn.window && {
    opensAt: new Date(start.getTime() - checkIn.window.check_in_opens_minutes * minuteMs),
    closesAt: new Date(start.getTime() + checkIn.window.check_in_closes_minutes * minuteMs),
  }
  const timing = !window
    ? null
    : now.getTime() < window.opensAt.getTime()
      ? 'too_early'
      : now.getTime() > window.closesAt.getTime()
        ? 'too_late'
        : null
  return {
    state: visitState(visit),
    start,
    cancellation: { deadline: policy.deadline, refusal: cancelRefusal(visit, start, policy.free, now) },
    checkIn: {
      window: window ?? null,
      timing,
      refusal: checkInRefusal(visit, todayInBahrain(now), timing, checkIn.override ?? false),
    },
  }
}
