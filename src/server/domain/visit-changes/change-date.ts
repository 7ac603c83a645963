import { type DateChangeResult, maxDateChangesPerVisit } from '../../../shared/date-changes.ts'
import type { ErrorCode } from '../../../shared/errors.ts'
import { paysThrough } from '../../../shared/payment-methods.ts'
import type { CancelRefusal } from '../../../shared/visits.ts'
import { HttpError } from '../../platform/http/errors.ts'
import { filsToUsdCents } from '../../platform/payments/usd.ts'
import type { CatalogService } from '../catalog/service.ts'
import { priceOrder, quotedDemand, tooFewPlaces } from '../orders/pricing.ts'
import { placesLeft, releaseVisitPlaces, slotClaims, takePlaces } from '../places/slot-occupancy.ts'
import { attemptRefund, type RefundDeps } from '../refunds/refunds.ts'
import { insertRefund, lockOrder, refundedCentsOfOrder, refundedFilsOfOrder } from '../refunds/repository.ts'
import { rescheduleReminders } from '../reminders/schedule.ts'
import { queueVenueChangeNotices } from '../venue-notices/queue.ts'
import { reaches, type VisitAccess } from '../visits/access.ts'
import { refundFilsOf, toCancellableBooking } from '../visits/booking-shape.ts'
import { lockBookings } from '../visits/change-repository.ts'
import { moveVisits, queueDateChangeMail } from '../visits/date-change-repository.ts'
import { loadOrderVisits, loadVisits, type VisitRow } from '../visits/repository.ts'
import { visitStatus } from '../visits/status.ts'

export interface DateChangeDeps extends RefundDeps {
  /** Prices and checks the new slot as the quote and checkout do (weekday, weekend, holiday). */
  catalog: CatalogService
}

/** Who moves: the account that booked, or a guest holding the visit's manage link (checked by the route). */
export type Mover = Extract<VisitAccess, { kind: 'account' } | { kind: 'link' }>

export interface NewSlot {
  date: string
  time: string
  /** The party (the order's visits still booked for the same pass and slot) or the one visit named. */
  scope: 'visit' | 'order'
}

/** The answer to a refusal of cancelling, as a refusal of moving: a move is allowed exactly as long. */
const refusalOfMove: Record<CancelRefusal, ErrorCode> = {
  CANCEL_TOO_LATE: 'CHANGE_TOO_LATE',
  VISIT_STARTED: 'CHANGE_TOO_LATE',
  VISIT_CHECKED_IN: 'CHANGE_VISIT_DONE',
  VISIT_NO_SHOW: 'CHANGE_VISIT_DONE',
}

const moveLimitReached = () =>
  new HttpError(409, 'CHANGE_LIMIT_REACHED', { params: { limit: maxDateChangesPerVisit } })

function sameSlot(
  a: Pick<VisitRow, 'booking_date' | 'booking_time'>,
  b: Pick<VisitRow, 'booking_date' | 'booking_time'>,
) {
  return a.booking_date === b.booking_date && a.booking_time === b.booking_time
}

/** The visits a move takes along: the one named, or its party (same order, account, pass and slot). */
function partyOf(named: VisitRow, visits: readonly VisitRow[], scope: NewSlot['scope']) {
  if (scope === 'visit') return visits.filter((visit) => visit.id === named.id)
  return visits.filter(
    (visit) =>
      !visit.cancelled_at &&
      visit.user_id === named.user_id &&
      visit.venue_id === named.venue_id &&
      visit.pass_id === named.pass_id &&
      sameSlot(visit, named),
  )
}

/**
 * Moves a visit, or its party, to another date or time at the same venue and pass, in one
 * transaction: allowed as long as a free cancellation is (to the second), the new slot must have a
 * place for each person (taken as checkout takes them, under the slot's row lock), the old slot's
 * places go back, the price is the new day's (weekday, weekend or holiday). Cheaper: a card payment
 * gets the difference back, once per move; dearer: a pay-at-venue visit simply owes the new price,
 * a card payment is refused (it cannot be topped up: cancel and book again). References, tickets
 * and guest links stay; the calendar entry gets a higher SEQUENCE. The visitor gets one mail, the
 * venue its change notice. Asked again for the slot they are at, nothing changes.
 */
export async function changeVisitDate(
  deps: DateChangeDeps,
  mover: Mover,
  bookingId: number,
  target: NewSlot,
): Promise<DateChangeResult> {
  const [named] = await loadVisits(deps.db, [bookingId])
  // Another account's booking looks the same as no booking at all (access.ts).
  if (!named || !reaches(mover, named)) throw new HttpError(404, 'BOOKING_NOT_FOUND')
  const candidates = partyOf(named, await loadOrderVisits(deps.db, named.order_id), target.scope)
  const ids = candidates.map((visit) => visit.id)
  const now = deps.now()
  // Why it cannot move, before what the new slot says (checked again under the lock below).
  if (named.cancelled_at) throw new HttpError(409, 'CHANGE_VISIT_CANCELLED')
  const early = visitStatus(named, now).cancellation.refusal
  if (early) throw new HttpError(409, refusalOfMove[early])
  // Priced as the quote prices it, before the transaction: the catalog reads outside it, and a
  // price needs no lock. The places are taken under the slot's lock below.
  const line = await priceNewSlot(deps, named, target, candidates.length)
  const { moved, differenceFils, refundIds } = await deps.db.transaction().execute(async (trx) => {
    // The order first, then its bookings, as cancelling does: a cancel and a move of one order queue.
    await lockOrder(trx, named.order_id)
    await lockBookings(trx, ids)
    const [current] = await loadVisits(trx, [named.id])
    if (!current) throw new HttpError(404, 'BOOKING_NOT_FOUND')
    if (current.cancelled_at) throw new HttpError(409, 'CHANGE_VISIT_CANCELLED')
    // Already there (a repeated request): nothing to move, nothing more to refund.
    if (current.booking_date === target.date && current.booking_time === target.time)
      return { moved: [] as VisitRow[], differenceFils: 0, refundIds: [] as number[] }
    // Read again under the lock: only those still booked at the named visit's slot move.
    const party = (await loadVisits(trx, ids)).filter(
      (visit) => !visit.cancelled_at && sameSlot(visit, current),
    )
    const refusal = party.map((visit) => visitStatus(visit, now).cancellation.refusal).find(Boolean)
    if (refusal) throw new HttpError(409, refusalOfMove[refusal])
    // Read under the rows' lock, so concurrent moves count one after another; moveVisits checks again.
    if (party.some((visit) => visit.date_changes >= maxDateChangesPerVisit)) throw moveLimitReached()
    const difference = line.priceFils - current.price_fils
    // A card payment cannot be topped up: the visitor cancels (free, still) and books again.
    if (difference > 0 && party.some((visit) => refundFilsOf(visit) > 0))
      throw new HttpError(409, 'CHANGE_PRICE_HIGHER')
    // The new slot's places, as checkout takes them: refused past its capacity under the row lock.
    const claims = slotClaims([{ ...quotedDemand(line), places: party.length }])
    const refused = await takePlaces(trx, claims)
    if (refused.length > 0) {
      const [left = 0] = await placesLeft(trx, refused)
      const problem = tooFewPlaces(left)
      throw new HttpError(409, problem.code, problem.code === 'PLACES_LEFT' ? { params: { left } } : {})
    }
    await releaseVisitPlaces(trx, party, now)
    const previous = { date: current.booking_date, time: current.booking_time }
    const after = await moveVisits(trx, party, {
      date: target.date,
      time: target.time,
      priceFils: line.priceFils,
      maxMoves: maxDateChangesPerVisit,
    })
    // A visit the UPDATE left (at its last move): the whole move is rolled back.
    if (after.length !== party.length) throw moveLimitReached()
    await rescheduleReminders(trx, after, now)
    const refundIds: number[] = []
    if (difference < 0) {
      for (const visit of party) {
        if (refundFilsOf(visit) === 0) continue
        const change = after.find((row) => row.id === visit.id)
        const refundId = change && (await differenceRefund(trx, visit, -difference, change.date_changes, now))
        if (refundId) refundIds.push(refundId)
      }
    }
    await queueDateChangeMail(trx, {
      to: current.contact_email,
      language: current.language === 'ar' ? 'ar' : 'en',
      payload: { bookingIds: party.map((visit) => visit.id), previous, differenceFils: difference },
    })
    await queueVenueChangeNotices(
      trx,
      party.map((visit) => visit.id),
      previous,
    )
    return { moved: party, differenceFils: difference, refundIds }
  })
  for (const refundId of refundIds) await attemptRefund(deps, refundId)
  const movedIds = moved.map((visit) => visit.id)
  const shown = await loadVisits(deps.db, movedIds.length > 0 ? movedIds : [named.id])
  const refundFils =
    differenceFils < 0 ? moved.filter((visit) => refundFilsOf(visit) > 0).length * -differenceFils : 0
  return {
    changedIds: movedIds,
    differenceFils,
    refundFils,
    bookings: shown.map((visit) => toCancellableBooking(visit, deps.now())),
  }
}

/** The new slot's line as the quote prices it (its day's price, the venue's hours), or its refusal. */
async function priceNewSlot(deps: DateChangeDeps, named: VisitRow, target: NewSlot, people: number) {
  const priced = await priceOrder(
    deps.catalog,
    deps.db,
    [
      {
        gymId: named.venue_id,
        passId: named.pass_id,
        date: target.date,
        time: target.time,
        quantity: Math.max(people, 1),
      },
    ],
    // A move to another day counts what the booker already holds there against the venue's day cap,
    // as a new order would; within the day the party's own places are already counted.
    {
      checkPlaces: false,
      booker:
        named.booking_date === target.date
          ? undefined
          : { userId: named.user_id, email: named.contact_email.trim().toLowerCase() },
    },
  )
  const [line] = priced.lines
  if (!line) throw new Error('a priced line expected')
  // Already there, it needs no price: the repeat answers that nothing changed.
  const already = named.booking_date === target.date && named.booking_time === target.time
  if (line.problem && !already) {
    const params = line.problem.left !== undefined ? { params: { left: line.problem.left } } : {}
    throw new HttpError(409, line.problem.code, params)
  }
  return line
}

/** A move's refund of the difference to the card, never more than is left of the order's capture. */
async function differenceRefund(
  trx: RefundDeps['db'],
  visit: VisitRow,
  amountFils: number,
  changeNumber: number,
  now: Date,
) {
  if (paysThrough(visit.payment_method, 'tap')) {
    // Tap refunds in BHD, never more than is left of the order's charge.
    const leftFils = visit.order_total_fils - (await refundedFilsOfOrder(trx, visit.order_id))
    const fils = Math.min(amountFils, leftFils)
    if (fils <= 0) return undefined
    return insertRefund(trx, {
      bookingId: visit.id,
      orderId: visit.order_id,
      amountFils: fils,
      amountUsdCents: 0,
      now,
      changeNumber,
    })
  }
  const left = visit.total_usd_cents - (await refundedCentsOfOrder(trx, visit.order_id))
  const amountUsdCents = Math.min(filsToUsdCents(amountFils), left)
  if (amountUsdCents <= 0) return undefined
  return insertRefund(trx, {
    bookingId: visit.id,
    orderId: visit.order_id,
    amountFils,
    amountUsdCents,
    now,
    changeNumber,
  })
}
