import type { DeskParty, DeskPartyAnswer, DeskPaymentMethod, PartyVisitLeft } from '../../../shared/desk.ts'
import { hasPermission } from '../../../shared/permissions.ts'
import { recordAudit } from '../../platform/audit/audit-log.ts'
import type { Database } from '../../platform/db/database.ts'
import { HttpError } from '../../platform/http/errors.ts'
import type { AccountCaller } from '../../platform/identity/caller.ts'
import { hasReceipt } from '../receipts/receipts.ts'
import { queueReviewInvite } from '../reviews/invites.ts'
import { toDeskBooking } from '../visits/booking-shape.ts'
import {
  checkIn,
  type DeskBookingRow,
  findBookingById,
  findPartyOf,
  recordDeskPayment,
  undoDeskPayment,
} from '../visits/desk-repository.ts'
import { visitStatus } from '../visits/status.ts'
import { findDeskVenue } from './repository.ts'
import type { DeskScope } from './scope.ts'

/**
 * A party at the desk (docs/desk.md, "Parties"): one order's visits at one venue on one date, found
 * from any of its tickets. "Check in all" and "Collect" act on the whole party in one transaction;
 * each visit changes through the same conditional UPDATE as alone, so a second tap, or two desks at
 * once, change each visit once.
 */

/** What is still to collect at the desk: pay-at-venue visits not cancelled and not yet settled. */
function isDue(row: DeskBookingRow): boolean {
  return row.payment_status === 'pay at venue' && !row.desk_paid_at && !row.cancelled_at
}

function toParty(orderId: string, rows: DeskBookingRow[]): DeskParty {
  return {
    orderId,
    bookings: rows.map(toDeskBooking),
    dueFils: rows.filter(isDue).reduce((sum, row) => sum + row.price_fils, 0),
  }
}

async function partyOf(db: Database, scope: DeskScope, id: number) {
  // Out of scope reads as absent: another venue's party answers like an unknown one.
  const party = await findPartyOf(db, scope, id)
  if (!party) throw new HttpError(404, 'BOOKING_NOT_FOUND')
  return party
}

export async function deskParty(db: Database, scope: DeskScope, id: number): Promise<DeskParty> {
  const party = await partyOf(db, scope, id)
  return toParty(party.orderId, party.bookings)
}

/**
 * Checks in every visit of the party that may be checked in now (paid, not cancelled, within the
 * venue's window unless `override`); the others are left as they are and shown as they stand, each
 * with its reason and window, so the desk can say why ("check-in opens at 17:30") and not just "0".
 */
export async function checkInParty(
  { db, reviewInviteDelayMs }: { db: Database; reviewInviteDelayMs: number },
  actor: AccountCaller,
  scope: DeskScope,
  id: number,
  override: boolean,
  now: Date,
): Promise<DeskPartyAnswer> {
  return db.transaction().execute(async (trx) => {
    const party = await partyOf(trx, scope, id)
    const venue = await findDeskVenue(trx, party.venueId)
    if (!venue) throw new HttpError(404, 'BOOKING_NOT_FOUND')
    const changedIds: number[] = []
    const notCheckedIn: PartyVisitLeft[] = []
    for (const row of party.bookings) {
      const { checkIn: status } = visitStatus(row, now, { window: venue, override })
      const visitId = Number(row.id)
      const left = (reason: PartyVisitLeft['reason']) =>
        notCheckedIn.push({
          id: visitId,
          reason,
          opensAt: status.window?.opensAt.toISOString() ?? '',
          closesAt: status.window?.closesAt.toISOString() ?? '',
        })
      if (status.refusal) {
        left(status.refusal)
        continue
      }
      // False when a concurrent tap got there first (or it was cancelled meanwhile): that visit is
      // not checked in twice, and the answer says how it stands now.
      if (!(await checkIn(trx, visitId, actor.id, now, status.timing))) {
        const current = await findBookingById(trx, visitId)
        left((current && visitStatus(current, now).checkIn.refusal) || 'already_checked_in')
        continue
      }
      changedIds.push(visitId)
      await queueReviewInvite(trx, visitId, now, reviewInviteDelayMs)
      await recordAudit(trx, actor, {
        action: 'booking.check_in',
        entityType: 'booking',
        entityId: visitId,
        venueId: party.venueId,
        before: { checkedInAt: null },
        after: { checkedInAt: now.toISOString(), override: status.timing, party: party.orderId },
      })
    }
    const after = await partyOf(trx, scope, id)
    return { party: toParty(after.orderId, after.bookings), changedIds, notCheckedIn }
  })
}

/**
 * Payment at the desk for every visit of the party still due, at once: the amount is their sum.
 * Nothing due (all paid, settled or cancelled) is a 409, so a second tap records nothing twice.
 */
export async function takePartyPayment(
  db: Database,
  actor: AccountCaller,
  scope: DeskScope,
  id: number,
  method: DeskPaymentMethod,
  now: Date,
): Promise<DeskPartyAnswer> {
  return db.transaction().execute(async (trx) => {
    const party = await partyOf(trx, scope, id)
    const changedIds: number[] = []
    let collectedFils = 0
    for (const row of party.bookings.filter(isDue)) {
      const visitId = Number(row.id)
      if (!(await recordDeskPayment(trx, visitId, method, actor.id, now))) continue
      changedIds.push(visitId)
      collectedFils += row.price_fils
      await recordAudit(trx, actor, {
        action: 'booking.desk_payment',
        entityType: 'booking',
        entityId: visitId,
        venueId: party.venueId,
        before: { deskPayment: null },
        after: { deskPayment: method, amountFils: row.price_fils, party: party.orderId },
      })
    }
    if (changedIds.length === 0) throw new HttpError(409, 'DESK_PAYMENT_NOT_DUE')
    const after = await partyOf(trx, scope, id)
    return { party: toParty(after.orderId, after.bookings), changedIds, collectedFils }
  })
}

/** How long staff may undo their desk's collect: a mistaken tap, not a later change of mind. */
export const staffUndoWindowMs = 15 * 60_000

/** Why nothing was undone, most useful first: who may still undo it, else why nobody may. */
const undoRefusals = [
  ['too_late', 'DESK_PAYMENT_UNDO_TOO_LATE'],
  ['checked_in', 'DESK_PAYMENT_UNDO_CHECKED_IN'],
  ['no_show', 'DESK_PAYMENT_UNDO_NO_SHOW'],
] as const

/**
 * "Undo collect": takes back the desk payments of the party's visits not yet checked in (nor marked
 * no-show), each audited with what it undid. Staff undo a collect for 15 minutes; managers and
 * admins until the visit is checked in. Once the venue's receipt for the order is issued the
 * payment stays, as the receipt does. Nothing undone is a 409 naming why, else
 * `DESK_PAYMENT_NOT_COLLECTED` (a second tap). Each visit is locked in the party's order, as a
 * collect or a "check in all" changes them, so any mix of them at once leaves each visit either
 * paid (and audited so) or not.
 */
export async function undoPartyPayment(
  db: Database,
  actor: AccountCaller,
  scope: DeskScope,
  id: number,
  now: Date,
): Promise<DeskPartyAnswer> {
  return db.transaction().execute(async (trx) => {
    const party = await partyOf(trx, scope, id)
    const collectedSince = hasPermission(actor.role, 'canManageVenues')
      ? undefined
      : new Date(now.getTime() - staffUndoWindowMs)
    const receipted = await hasReceipt(trx, party.orderId, party.venueId)
    const changedIds: number[] = []
    let undoneFils = 0
    const refused = new Set<string>()
    for (const row of party.bookings) {
      const visitId = Number(row.id)
      const result = await undoDeskPayment(trx, visitId, collectedSince)
      if ('refused' in result) {
        refused.add(result.refused)
        continue
      }
      if (receipted) throw new HttpError(409, 'DESK_PAYMENT_UNDO_RECEIPTED')
      changedIds.push(visitId)
      undoneFils += result.undone.priceFils
      await recordAudit(trx, actor, {
        action: 'booking.desk_payment_undo',
        entityType: 'booking',
        entityId: visitId,
        venueId: party.venueId,
        before: {
          deskPayment: result.undone.method,
          deskPaidAt: result.undone.at.toISOString(),
          amountFils: result.undone.priceFils,
        },
        after: { deskPayment: null, party: party.orderId },
      })
    }
    if (changedIds.length === 0)
      throw new HttpError(
        409,
        undoRefusals.find(([reason]) => refused.has(reason))?.[1] ?? 'DESK_PAYMENT_NOT_COLLECTED',
      )
    const after = await partyOf(trx, scope, id)
    return { party: toParty(after.orderId, after.bookings), changedIds, undoneFils }
  })
}
