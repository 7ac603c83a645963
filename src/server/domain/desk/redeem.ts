import type { RedeemAnswer, RedeemRequest } from '../../../shared/desk.ts'
import { recordAudit } from '../../platform/audit/audit-log.ts'
import type { Database } from '../../platform/db/database.ts'
import { HttpError } from '../../platform/http/errors.ts'
import type { AccountCaller } from '../../platform/identity/caller.ts'
import { queueReviewInvite } from '../reviews/invites.ts'
import { toDeskBooking } from '../visits/booking-shape.ts'
import {
  checkIn,
  type DeskBookingRow,
  findBookingById,
  findBookingByReference,
} from '../visits/desk-repository.ts'
import { type CheckInRefusal, visitStatus } from '../visits/status.ts'
import { isTicketSignatureOf, readTicketText } from '../visits/ticket-codes.ts'
import { checkerName, claimNonce, findAttempt, findDeskVenue, storeAnswer } from './repository.ts'
import { assertVenueInScope, type DeskScope } from './scope.ts'

/**
 * Check-in at the desk, modelled on pretix's redeem (docs/desk.md): says plainly why it
 * refuses, and is idempotent. The check-in is one conditional UPDATE in a transaction with the
 * scan's nonce and its audit row, so a retried scan or a race between two desks checks in once.
 */

interface RedeemDeps {
  db: Database
  secret: string
  /** A checked-in visit's review invitation is due this long after (docs/decisions/051). */
  reviewInviteDelayMs: number
}

interface Decision {
  bookingId: number | null
  answer: RedeemAnswer
}

/**
 * A scan at the desk. The nonce is claimed first, in the same transaction as the check-in and its
 * audit row: a retry (same nonce) gets the stored answer and changes nothing.
 */
export async function redeem(
  deps: RedeemDeps,
  actor: AccountCaller,
  scope: DeskScope,
  request: RedeemRequest,
  now: Date,
): Promise<RedeemAnswer> {
  assertVenueInScope(scope, request.venueId)
  const venue = await findDeskVenue(deps.db, request.venueId)
  if (!venue) throw new HttpError(404, 'GYM_NOT_FOUND')
  // Text that names no ticket changes nothing and is answered alike every time: nothing is kept.
  if (!(await namesTicket(deps, scope, request))) {
    const earlier = await findAttempt(deps.db, request.nonce)
    return earlier?.user_id === actor.id ? (earlier.answered as RedeemAnswer) : { status: 'invalid' }
  }
  const answer = await deps.db.transaction().execute(async (trx) => {
    if (!(await claimNonce(trx, request.nonce, actor.id))) return undefined
    const decision = await decide(trx, deps, actor, scope, venue, request, now)
    await storeAnswer(trx, request.nonce, decision.bookingId, decision.answer.status, decision.answer)
    return decision.answer
  })
  if (answer) return answer
  const earlier = await findAttempt(deps.db, request.nonce)
  // A nonce is a scan's own: another account's nonce says nothing to this one.
  if (!earlier || earlier.user_id !== actor.id) throw new HttpError(409, 'NONCE_REUSED')
  return earlier.answered as RedeemAnswer
}

/**
 * The booking a scanned or typed text names, when it is readable, known, at a venue the caller may
 * act for and genuine; and whether its signature was checked. From the camera only a signed payload
 * is a ticket: a QR code holding a bare reference (printed in mails, calendars and lists) is not.
 * From the field a bare reference is one typed by hand, taken as "reference only".
 */
async function ticketBooking(db: Database, secret: string, scope: DeskScope, request: RedeemRequest) {
  const read = readTicketText(request.text)
  if (!read) return undefined
  if (request.entry === 'camera' && read.signature === undefined) return undefined
  const booking = await findBookingByReference(db, scope, read.reference)
  if (!booking) return undefined
  if (read.signature !== undefined && !isTicketSignatureOf(secret, booking, read.signature)) return undefined
  return { booking, signatureVerified: read.signature !== undefined }
}

async function namesTicket(deps: RedeemDeps, scope: DeskScope, request: RedeemRequest): Promise<boolean> {
  return (await ticketBooking(deps.db, deps.secret, scope, request)) !== undefined
}

async function decide(
  trx: Database,
  { secret, reviewInviteDelayMs }: RedeemDeps,
  actor: AccountCaller,
  scope: DeskScope,
  venue: { id: string; check_in_opens_minutes: number; check_in_closes_minutes: number },
  request: RedeemRequest,
  now: Date,
): Promise<Decision> {
  const found = await ticketBooking(trx, secret, scope, request)
  if (!found) return { bookingId: null, answer: { status: 'invalid' } }
  const decision = await decideFor(trx, actor, venue, found, request, now)
  if (decision.answer.status === 'ok' && decision.bookingId !== null)
    await queueReviewInvite(trx, decision.bookingId, now, reviewInviteDelayMs)
  if (decision.answer.status === 'invalid') return decision
  // Every answer about a ticket says whether its signature was checked.
  return { ...decision, answer: { ...decision.answer, signatureVerified: found.signatureVerified } }
}

async function decideFor(
  trx: Database,
  actor: AccountCaller,
  venue: { id: string; check_in_opens_minutes: number; check_in_closes_minutes: number },
  { booking, signatureVerified }: { booking: DeskBookingRow; signatureVerified: boolean },
  request: RedeemRequest,
  now: Date,
): Promise<Decision> {
  const id = Number(booking.id)
  // Another of the caller's own venues (found in scope): said, but nothing of the visit is shown.
  if (booking.venue_id !== venue.id) return { bookingId: id, answer: { status: 'other_venue' } }

  const { checkIn: status } = visitStatus(booking, now, {
    window: venue,
    override: request.override ?? false,
  })
  const final = await finalRefusal(trx, booking, status.refusal)
  if (final) return { bookingId: id, answer: final }
  if (status.refusal)
    return { bookingId: id, answer: { status: status.refusal, booking: toDeskBooking(booking) } }
  const timing = status.timing

  if (!(await checkIn(trx, id, actor.id, now, timing))) {
    // Another desk got there first (or it was cancelled meanwhile): say what it is now.
    const current = await findBookingById(trx, id)
    const after = current && (await finalRefusal(trx, current, visitStatus(current, now).checkIn.refusal))
    return { bookingId: id, answer: after ?? { status: 'invalid' } }
  }
  await recordAudit(trx, actor, {
    action: 'booking.check_in',
    entityType: 'booking',
    entityId: id,
    venueId: venue.id,
    before: { checkedInAt: null },
    after: { checkedInAt: now.toISOString(), override: timing, signatureVerified },
  })
  const checked = await findBookingById(trx, id)
  return {
    bookingId: id,
    answer: {
      status: 'ok',
      ...(checked ? { booking: toDeskBooking(checked) } : {}),
      checkedInAt: now.toISOString(),
      checkedInBy: actor.name.trim() || actor.email,
    },
  }
}

/** Cancelled, or already checked in (by whom and when): what no override changes. */
async function finalRefusal(
  trx: Database,
  booking: DeskBookingRow,
  refusal: CheckInRefusal | null,
): Promise<RedeemAnswer | undefined> {
  if (refusal === 'cancelled') return { status: 'cancelled', booking: toDeskBooking(booking) }
  if (refusal === 'already_checked_in' && booking.checked_in_at) {
    const by = await checkerName(trx, booking.checked_in_by)
    return {
      status: 'already_checked_in',
      booking: toDeskBooking(booking),
      checkedInAt: booking.checked_in_at.toISOString(),
      ...(by ? { checkedInBy: by } : {}),
    }
  }
  return undefined
}
