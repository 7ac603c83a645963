import { cancellationPolicy, visitStart } from '../../../shared/cancellation-policy.ts'
import type { CancellableBooking, Cancellation, CancelRefusal } from '../../../shared/cancellations.ts'
import { formatBhd } from '../../../shared/money.ts'
import { toBooking } from '../bookings/repository.ts'
import type { VisitRow } from './repository.ts'

/** What a cancelled visit gives back: its price, when it was paid by card online; else nothing. */
export function refundFilsOf(visit: Pick<VisitRow, 'payment_method' | 'payment_status' | 'price_fils'>) {
  return visit.payment_method === 'card' && visit.payment_status === 'paid' ? visit.price_fils : 0
}

/**
 * What the desk has done to a visit that only a manager's override may undo by cancelling it (the
 * venue's commission depends on it), as the refusal staff get; null when the desk has done nothing.
 */
export function deskActionOf(
  visit: Pick<VisitRow, 'checked_in_at' | 'no_show_at' | 'desk_paid_at'>,
): 'TEAM_CANCEL_CHECKED_IN' | 'TEAM_CANCEL_NO_SHOW' | 'TEAM_CANCEL_DESK_PAID' | null {
  if (visit.checked_in_at) return 'TEAM_CANCEL_CHECKED_IN'
  if (visit.no_show_at) return 'TEAM_CANCEL_NO_SHOW'
  if (visit.desk_paid_at) return 'TEAM_CANCEL_DESK_PAID'
  return null
}

/**
 * Why the visitor may not cancel this visit now, or null. The desk's facts first (checked in, no
 * show), then the clock: started, then past the free-cancellation deadline (the shared policy).
 */
export function refusalOf(visit: VisitRow, now: Date): CancelRefusal | null {
  if (visit.checked_in_at) return 'VISIT_CHECKED_IN'
  if (visit.no_show_at) return 'VISIT_NO_SHOW'
  if (now.getTime() >= visitStart({ date: visit.booking_date, time: visit.booking_time }).getTime())
    return 'VISIT_STARTED'
  const policy = cancellationPolicy(
    { date: visit.booking_date, time: visit.booking_time },
    Number(visit.notice_hours),
    now,
  )
  return policy.free ? null : 'CANCEL_TOO_LATE'
}

export function cancellationOf(visit: VisitRow, now: Date): Cancellation {
  const noticeHours = Number(visit.notice_hours)
  const { deadline } = cancellationPolicy(
    { date: visit.booking_date, time: visit.booking_time },
    noticeHours,
    now,
  )
  return {
    deadline: deadline.toISOString(),
    noticeHours,
    cancelledAt: visit.cancelled_at?.toISOString() ?? null,
    cancelledByTeam: visit.cancelled_by_team,
    reason: visit.cancel_reason,
    refusal: visit.cancelled_at ? null : refusalOf(visit, now),
    refundFils: refundFilsOf(visit),
    refund:
      visit.refund_status && visit.refund_fils !== null
        ? { status: visit.refund_status, amountFils: visit.refund_fils, amount: formatBhd(visit.refund_fils) }
        : null,
  }
}

export function toCancellableBooking(visit: VisitRow, now: Date): CancellableBooking {
  return { ...toBooking(visit), cancellation: cancellationOf(visit, now) }
}
