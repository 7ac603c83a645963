import { slotStart } from '../../../shared/bahrain-time.ts'
import type { Database } from '../../platform/db/database.ts'
import { HttpError } from '../../platform/http/errors.ts'
import { scopeAllows, type VenueScope } from '../../platform/identity/venue-scope.ts'
import { type BookingRow, findVisit } from './repository.ts'
import { type GuestLinkScope, readGuestLink } from './ticket-codes.ts'

/**
 * Who may touch a booked visit, decided here only: the account that booked it (signed in), a guest
 * holding its signed link (docs/decisions/031), or the team within its scope (staff: the venues
 * they are assigned to, platform/identity/venue-scope.ts). Anything else is 404 BOOKING_NOT_FOUND, as if the visit
 * did not exist: the answer tells nothing of other accounts' or other venues' bookings.
 */
export type VisitAccess =
  | { kind: 'account'; userId: string }
  | { kind: 'link'; bookingId: number }
  | { kind: 'team'; scope: VenueScope }

/**
 * How long after its visit's start a guest link still opens the booking: long enough to see a
 * refund through, short enough that an old mail or calendar entry stops showing it.
 */
export const guestLinkDays = 30

/** What a request does with a guest link: read the booking, see its ticket (QR code), cancel or move it. */
export type GuestLinkUse = 'read' | 'ticket' | 'cancel' | 'change'

/** The uses each scope allows: a view link only reads (docs/decisions/031). */
const allowed: Record<GuestLinkScope, readonly GuestLinkUse[]> = {
  manage: ['read', 'ticket', 'cancel', 'change'],
  view: ['read'],
}

function notFound(): HttpError {
  return new HttpError(404, 'BOOKING_NOT_FOUND')
}

/** Whether this caller may act on this visit. A guest's access is to a guest booking only. */
export function reaches(
  access: VisitAccess,
  visit: Pick<BookingRow, 'id' | 'user_id' | 'venue_id'>,
): boolean {
  if (access.kind === 'account') return visit.user_id === access.userId
  if (access.kind === 'link') return visit.user_id === null && visit.id === access.bookingId
  return scopeAllows(access.scope, visit.venue_id)
}

/**
 * Whether a caller who reaches `named` also reaches `other` of its order (cancelling the whole
 * order): the team within its scope, a visitor the visits booked the same way as the one named.
 */
export function reachesInOrder(
  access: VisitAccess,
  named: Pick<BookingRow, 'user_id'>,
  other: Pick<BookingRow, 'user_id' | 'venue_id'>,
): boolean {
  return access.kind === 'team' ? scopeAllows(access.scope, other.venue_id) : other.user_id === named.user_id
}

/**
 * Whether a guest link naming `named` also opens `other`, on the guest's order page: a visit of
 * the same order booked by the same guest (no account, the same e-mail address). A link never
 * reaches another order's visits, nor an account's.
 */
export function sameGuestOrder(
  named: Pick<BookingRow, 'order_id' | 'user_id' | 'guest_email'>,
  other: Pick<BookingRow, 'order_id' | 'user_id' | 'guest_email'>,
): boolean {
  return (
    named.user_id === null &&
    other.user_id === null &&
    other.order_id === named.order_id &&
    Boolean(named.guest_email) &&
    other.guest_email?.toLowerCase() === named.guest_email?.toLowerCase()
  )
}

/** Whether a visit's guest links still open it (until `guestLinkDays` after it starts). */
export function guestLinkOpen(visit: Pick<BookingRow, 'booking_date' | 'booking_time'>, now: Date): boolean {
  return now.getTime() < guestLinkExpiry(visit).getTime()
}

/** The visit by id for this caller, or 404. */
export async function findVisitFor(db: Database, access: VisitAccess, id: number): Promise<BookingRow> {
  const visit = await findVisit(db, id)
  if (!visit || !reaches(access, visit)) throw notFound()
  return visit
}

/**
 * The guest booking a link opens for this use, or 404 BOOKING_NOT_FOUND, the same answer for each
 * reason: a forged or altered token, another scope's use, a version raised since (a cancellation),
 * a booking of an account, or a visit that started more than `guestLinkDays` ago. Cancelling is
 * further bound by the cancellation deadline, which `cancelVisits` enforces with its own answer.
 */
export async function openGuestLink(
  db: Database,
  secret: string,
  token: string,
  use: GuestLinkUse,
  now: Date,
) {
  const named = readGuestLink(secret, token)
  const booking = named && allowed[named.scope].includes(use) && (await findVisit(db, named.id))
  if (
    !named ||
    !booking ||
    !reaches({ kind: 'link', bookingId: named.id }, booking) ||
    booking.manage_version !== named.version ||
    !guestLinkOpen(booking, now)
  )
    throw notFound()
  return { ...booking, scope: named.scope }
}

/** The instant a visit's guest links stop opening it. */
function guestLinkExpiry(visit: Pick<BookingRow, 'booking_date' | 'booking_time'>): Date {
  return new Date(slotStart(visit.booking_date, visit.booking_time).getTime() + guestLinkDays * 86_400_000)
}
