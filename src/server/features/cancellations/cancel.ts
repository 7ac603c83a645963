import type { CancelResult } from '../../../shared/cancellations.ts'
import { HttpError } from '../../plugins/errors.ts'
import type { SignedInViewer } from '../../plugins/viewer.ts'
import { recordAudit } from '../audit/audit-log.ts'
import { usdCents } from '../checkout/pricing.ts'
import { assertVenueInScope, type DeskScope, scopeAllows } from '../desk/scope.ts'
import { attemptRefund, type RefundDeps } from './refunds.ts'
import {
  insertRefund,
  loadOrderVisits,
  loadVisits,
  lockBookings,
  markCancelled,
  queueCancellationMail,
  refundedCentsOfOrder,
  releaseVisitPlaces,
  type VisitRow,
} from './repository.ts'
import { refundFilsOf, refusalOf, toCancellableBooking } from './visit-state.ts'

/**
 * Who cancels: the account that booked, a guest holding the visit's signed link (already checked
 * by the route), or the team (canManageBookings, staff within their venues) with a reason.
 */
export type Canceller =
  | { kind: 'user'; userId: string }
  | { kind: 'guest'; bookingId: number }
  | { kind: 'team'; viewer: SignedInViewer; scope: DeskScope; reason: string }

export type CancelScope = 'visit' | 'order'

function notFound(): HttpError {
  return new HttpError(404, 'BOOKING_NOT_FOUND')
}

/** The visits this canceller may cancel: the one named, or its order's that they may act on. */
async function targetsOf(deps: RefundDeps, canceller: Canceller, bookingId: number, scope: CancelScope) {
  const [visit] = await loadVisits(deps.db, [bookingId])
  if (!visit) throw notFound()
  // Another account's booking looks the same as no booking at all.
  if (canceller.kind === 'user' && visit.user_id !== canceller.userId) throw notFound()
  if (canceller.kind === 'guest' && (visit.user_id || visit.id !== canceller.bookingId)) throw notFound()
  if (canceller.kind === 'team') assertVenueInScope(canceller.scope, visit.gym_id)
  if (scope === 'visit') return [visit]
  const visits = await loadOrderVisits(deps.db, visit.order_id)
  return visits.filter((other) =>
    canceller.kind === 'team' ? scopeAllows(canceller.scope, other.gym_id) : other.user_id === visit.user_id,
  )
}

/**
 * Cancels one visit or every visit of its order, in one transaction: the bookings are marked
 * cancelled (their tickets stop working at the desk), their places go back to the slot, a
 * card-paid visit gets its refund row and each visit its cancellation mail. A visitor is refused,
 * with the reason and nothing changed, once a visit is past its free cancellation, started, checked
 * in or a no-show; the team is not. Cancelling again changes nothing. The refunds are then tried
 * at once; one that fails stays pending for the sweeper.
 */
export async function cancelVisits(
  deps: RefundDeps,
  canceller: Canceller,
  bookingId: number,
  scope: CancelScope,
): Promise<CancelResult> {
  const targets = await targetsOf(deps, canceller, bookingId, scope)
  const ids = targets.map((visit) => visit.id)
  const now = deps.now()
  const { cancelledIds, refundIds } = await deps.db.transaction().execute(async (trx) => {
    await lockBookings(trx, ids)
    // Read again under the lock: a concurrent cancel may have committed meanwhile.
    const active = (await loadVisits(trx, ids)).filter((visit) => !visit.cancelled_at)
    if (canceller.kind !== 'team') {
      const refusal = active.map((visit) => refusalOf(visit, now)).find(Boolean)
      if (refusal) throw new HttpError(409, refusal)
    }
    if (active.length === 0) return { cancelledIds: [], refundIds: [] }
    const team = canceller.kind === 'team' ? canceller : null
    const cancelled = await markCancelled(
      trx,
      active.map((visit) => visit.id),
      {
        at: now,
        by: canceller.kind === 'user' ? canceller.userId : (team?.viewer.id ?? null),
        byTeam: Boolean(team),
        reason: team?.reason ?? null,
      },
    )
    const done = active.filter((visit) => cancelled.includes(visit.id))
    await releaseVisitPlaces(trx, done)
    const refundIds: number[] = []
    for (const visit of done) {
      const refundId = await refundFor(trx, visit, now)
      if (refundId) refundIds.push(refundId)
      // One mail per visit, like its confirmation: the calendar update it carries is per visit too.
      await queueCancellationMail(trx, {
        to: visit.contact_email,
        language: visit.language === 'ar' ? 'ar' : 'en',
        payload: { bookingId: visit.id },
      })
      if (team)
        await recordAudit(trx, team.viewer, {
          action: 'booking.cancel',
          entityType: 'booking',
          entityId: visit.id,
          venueId: visit.gym_id,
          before: { cancelledAt: null },
          after: { cancelledAt: now.toISOString(), reason: team.reason, refundFils: refundFilsOf(visit) },
        })
    }
    return { cancelledIds: cancelled, refundIds }
  })
  for (const refundId of refundIds) await attemptRefund(deps, refundId)
  const after = await loadVisits(deps.db, ids)
  return { cancelledIds, bookings: after.map((visit) => toCancellableBooking(visit, deps.now())) }
}

/** The refund row of a card-paid visit: its price, never more than is left of the order's capture. */
async function refundFor(trx: RefundDeps['db'], visit: VisitRow, now: Date) {
  const amountFils = refundFilsOf(visit)
  if (amountFils === 0) return undefined
  const left = visit.total_usd_cents - (await refundedCentsOfOrder(trx, visit.order_id))
  const amountUsdCents = Math.min(usdCents(amountFils), left)
  if (amountUsdCents <= 0) return undefined
  return insertRefund(trx, { bookingId: visit.id, orderId: visit.order_id, amountFils, amountUsdCents, now })
}
