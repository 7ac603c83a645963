import type { CancelResult, OverrideRefund } from '../../../shared/cancellations.ts'
import { paysThrough } from '../../../shared/payment-methods.ts'
import { hasPermission } from '../../../shared/permissions.ts'
import { recordAudit } from '../../platform/audit/audit-log.ts'
import { HttpError } from '../../platform/http/errors.ts'
import type { AccountCaller } from '../../platform/identity/caller.ts'
import type { VenueScope } from '../../platform/identity/venue-scope.ts'
import { filsToUsdCents } from '../../platform/payments/usd.ts'
import { releaseVisitPlaces } from '../places/slot-occupancy.ts'
import { attemptRefund, type RefundDeps } from '../refunds/refunds.ts'
import { insertRefund, lockOrder, refundedCentsOfOrder, refundedFilsOfOrder } from '../refunds/repository.ts'
import { queueVenueNotices } from '../venue-notices/queue.ts'
import { reaches, reachesInOrder } from '../visits/access.ts'
import { refundFilsOf, toCancellableBooking } from '../visits/booking-shape.ts'
import {
  isLastToRefund,
  lockBookings,
  markCancelled,
  queueCancellationMail,
} from '../visits/change-repository.ts'
import { loadOrderVisits, loadVisits, type VisitRow } from '../visits/repository.ts'
import { visitStatus } from '../visits/status.ts'

/** A manager's override of what the desk did: why (for the audit log) and, if paid online, the refund. */
export interface TeamOverride {
  reason: string
  refund?: OverrideRefund
}

/**
 * Who cancels: the account that booked, a guest holding the visit's signed link (already checked
 * by the route), or the team (canManageBookings, staff within their venues) with a reason, and
 * for a visit the desk has acted on, a manager's override.
 */
export type Canceller =
  | { kind: 'account'; userId: string }
  | { kind: 'link'; bookingId: number }
  | { kind: 'team'; caller: AccountCaller; scope: VenueScope; reason: string; override?: TeamOverride }

export type CancelScope = 'visit' | 'order'

function notFound(): HttpError {
  return new HttpError(404, 'BOOKING_NOT_FOUND')
}

/** The visits this canceller may cancel: the one named, or its order's that they may act on. */
async function targetsOf(deps: RefundDeps, canceller: Canceller, bookingId: number, scope: CancelScope) {
  const [visit] = await loadVisits(deps.db, [bookingId])
  // Another account's or another venue's booking looks the same as no booking at all (access.ts).
  if (!visit || !reaches(canceller, visit)) throw notFound()
  if (scope === 'visit') return [visit]
  const visits = await loadOrderVisits(deps.db, visit.order_id)
  return visits.filter((other) => reachesInOrder(canceller, visit, other))
}

/**
 * What the desk has done to a visit that only a manager's override may undo by cancelling it (the
 * venue's commission depends on it), as the refusal staff get; null when the desk has done nothing.
 */
function deskActionOf(
  visit: Pick<VisitRow, 'checked_in_at' | 'no_show_at' | 'desk_paid_at'>,
): 'TEAM_CANCEL_CHECKED_IN' | 'TEAM_CANCEL_NO_SHOW' | 'TEAM_CANCEL_DESK_PAID' | null {
  if (visit.checked_in_at) return 'TEAM_CANCEL_CHECKED_IN'
  if (visit.no_show_at) return 'TEAM_CANCEL_NO_SHOW'
  if (visit.desk_paid_at) return 'TEAM_CANCEL_DESK_PAID'
  return null
}

/**
 * What a team cancellation may do to each visit, or the refusal. Staff cancel whatever the policy
 * but not what the desk has acted on: a visit checked in, a no-show or one paid at the desk (the
 * venue's commission hangs on those). A manager or admin may, as an override with its own reason;
 * for a visit paid online they say whether its payment goes back. Returns the desk's action each
 * overridden visit had, by id.
 */
function teamOverrides(team: Extract<Canceller, { kind: 'team' }>, visits: readonly VisitRow[]) {
  const overridden = new Map<number, NonNullable<ReturnType<typeof deskActionOf>>>()
  for (const visit of visits) {
    const action = deskActionOf(visit)
    if (!action) continue
    if (!team.override || !hasPermission(team.caller.role, 'canManageVenues'))
      throw new HttpError(409, action)
    if (refundFilsOf(visit) > 0 && !team.override.refund)
      throw new HttpError(409, 'CANCEL_REFUND_CHOICE_REQUIRED')
    overridden.set(visit.id, action)
  }
  return overridden
}

/**
 * Cancels one visit or every visit of its order, in one transaction: the bookings are marked
 * cancelled (their tickets stop working at the desk), their places go back to the slot, a
 * card-paid visit gets its refund row, each visit its cancellation mail and the venue one notice. A visitor is refused,
 * with the reason and nothing changed, once a visit is past its free cancellation, started, checked
 * in or a no-show; the team only as `teamOverrides` says. Cancelling again changes nothing. The
 * refunds are then tried at once; one that fails stays pending for the sweeper.
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
    // The order first, then its bookings: two cancels of different visits of one order queue here,
    // so each refund is worked out from the refunds committed before it (never more than the capture).
    const [first] = targets
    if (first) await lockOrder(trx, first.order_id)
    await lockBookings(trx, ids)
    // Read again under the lock: a concurrent cancel may have committed meanwhile.
    const active = (await loadVisits(trx, ids)).filter((visit) => !visit.cancelled_at)
    if (canceller.kind !== 'team') {
      const refusal = active.map((visit) => visitStatus(visit, now).cancellation.refusal).find(Boolean)
      if (refusal) throw new HttpError(409, refusal)
    }
    const team = canceller.kind === 'team' ? canceller : null
    const overridden = team ? teamOverrides(team, active) : new Map()
    if (active.length === 0) return { cancelledIds: [], refundIds: [] }
    const cancelled = await markCancelled(
      trx,
      active.map((visit) => visit.id),
      {
        at: now,
        by: canceller.kind === 'account' ? canceller.userId : (team?.caller.id ?? null),
        byTeam: Boolean(team),
        reason: team?.reason ?? null,
      },
    )
    const done = active.filter((visit) => cancelled.includes(visit.id))
    await releaseVisitPlaces(trx, done, now)
    const refundIds: number[] = []
    for (const visit of done) {
      const action = overridden.get(visit.id)
      // An overridden visit paid online goes back only if the manager said so.
      const refunds = !action || team?.override?.refund !== 'none'
      const refundId = refunds ? await refundFor(trx, visit, now) : undefined
      if (refundId) refundIds.push(refundId)
      // One mail per cancelled visit; the calendar update it carries is its party's entry (one per party).
      await queueCancellationMail(trx, {
        to: visit.contact_email,
        language: visit.language === 'ar' ? 'ar' : 'en',
        payload: { bookingId: visit.id },
      })
      if (!team) continue
      const cancelledAfter = { cancelledAt: now.toISOString(), reason: team.reason }
      const refundFils = refunds ? refundFilsOf(visit) : 0
      await recordAudit(
        trx,
        team.caller,
        action
          ? {
              // Its own action, so an override is found apart from ordinary cancellations.
              action: 'booking.cancel_override',
              entityType: 'booking',
              entityId: visit.id,
              venueId: visit.venue_id,
              before: {
                cancelledAt: null,
                checkedInAt: visit.checked_in_at?.toISOString() ?? null,
                noShowAt: visit.no_show_at?.toISOString() ?? null,
                deskPayment: visit.desk_payment_method,
              },
              after: {
                ...cancelledAfter,
                overridden: action,
                overrideReason: team.override?.reason,
                refund: refundFilsOf(visit) > 0 ? (team.override?.refund ?? 'full') : null,
                refundFils,
              },
            }
          : {
              action: 'booking.cancel',
              entityType: 'booking',
              entityId: visit.id,
              venueId: visit.venue_id,
              before: { cancelledAt: null },
              after: { ...cancelledAfter, refundFils },
            },
      )
    }
    // The venue hears of it once for the order's visits cancelled together, not once per visit.
    await queueVenueNotices(trx, 'cancelled', cancelled)
    return { cancelledIds: cancelled, refundIds }
  })
  for (const refundId of refundIds) await attemptRefund(deps, refundId)
  const after = await loadVisits(deps.db, ids)
  return { cancelledIds, bookings: after.map((visit) => toCancellableBooking(visit, deps.now())) }
}

/**
 * The refund row of a card-paid visit: its price, never more than is left of the order's capture;
 * the order's last visit to be refunded takes exactly what is left, so the refunds of a whole order
 * add up to its capture to the cent (each visit's price in cents is rounded on its own). The order
 * row is locked by the caller.
 */
async function refundFor(trx: RefundDeps['db'], visit: VisitRow, now: Date) {
  const amountFils = refundFilsOf(visit)
  if (amountFils === 0) return undefined
  if (paysThrough(visit.payment_method, 'tap')) {
    // Tap took the order's total in BHD: the refunds add up to it to the fils, none in USD.
    const leftFils = visit.order_total_fils - (await refundedFilsOfOrder(trx, visit.order_id))
    const fils = (await isLastToRefund(trx, visit.order_id, visit.id))
      ? leftFils
      : Math.min(amountFils, leftFils)
    if (fils <= 0) return undefined
    return insertRefund(trx, {
      bookingId: visit.id,
      orderId: visit.order_id,
      amountFils: fils,
      amountUsdCents: 0,
      now,
    })
  }
  const left = visit.total_usd_cents - (await refundedCentsOfOrder(trx, visit.order_id))
  const last = await isLastToRefund(trx, visit.order_id, visit.id)
  const amountUsdCents = last ? left : Math.min(filsToUsdCents(amountFils), left)
  if (amountUsdCents <= 0) return undefined
  return insertRefund(trx, { bookingId: visit.id, orderId: visit.order_id, amountFils, amountUsdCents, now })
}
