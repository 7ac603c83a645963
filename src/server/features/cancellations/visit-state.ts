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
