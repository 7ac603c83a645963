import type { ErrorCode } from '../../../shared/errors.ts'
import type { VisitForReview } from '../visits/review-repository.ts'

/**
 * Why a visit may not be reviewed, or undefined when it may (docs/decisions/051). A review counts as
 * verified because the venue saw the visitor and DayPass saw the money: a visit must be checked in
 * and not cancelled; one checked in by the desk's override (outside its hours' window) counts only
 * when it was paid through DayPass, since staff who record a cash payment and override the
 * check-in could otherwise mint "verified" reviews of visits that never were.
 */
export function reviewRefusal(
  visit: Pick<VisitForReview, 'checked_in_at' | 'cancelled_at' | 'check_in_override' | 'payment_status'>,
): ErrorCode | undefined {
  if (!visit.checked_in_at || visit.cancelled_at) return 'REVIEW_NOT_CHECKED_IN'
  if (visit.check_in_override && visit.payment_status !== 'paid') return 'REVIEW_NOT_VERIFIED'
  return undefined
}
