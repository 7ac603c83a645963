import { sql } from 'kysely'
import { visitStart } from '../../../shared/cancellation-policy.ts'
import type { Database } from '../../db/database.ts'
import { HttpError } from '../../plugins/errors.ts'
import { findTicketBooking } from './repository.ts'
import { type GuestLinkScope, readGuestLink } from './ticket-codes.ts'

/**
 * How long after its visit's start a guest link still opens the booking: long enough to see a
 * refund through, short enough that an old mail or calendar entry stops showing it.
 */
export const guestLinkDays = 30

/** What a request does with a guest link: read the booking, see its ticket (QR code), or cancel. */
export type GuestLinkUse = 'read' | 'ticket' | 'cancel'

/** The uses each scope allows: a view link only reads (docs/decisions/031). */
const allowed: Record<GuestLinkScope, readonly GuestLinkUse[]> = {
  manage: ['read', 'ticket', 'cancel'],
  view: ['read'],
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
  const booking = named && allowed[named.scope].includes(use) && (await findTicketBooking(db, named.id))
  if (
    !named ||
    !booking ||
    booking.user_id !== null ||
    booking.manage_version !== named.version ||
    now.getTime() >= guestLinkExpiry(booking).getTime()
  )
    throw new HttpError(404, 'BOOKING_NOT_FOUND')
  return { ...booking, scope: named.scope }
}

/** The instant a visit's guest links stop opening it. */
export function guestLinkExpiry(visit: { booking_date: string; booking_time: string }): Date {
  return new Date(
    visitStart({ date: visit.booking_date, time: visit.booking_time }).getTime() + guestLinkDays * 86_400_000,
  )
}

/**
 * The value that revokes a booking's guest links when set as its `manage_version`: used by every
 * change meant to revoke them (today, cancelling the visit).
 */
export const raisedManageVersion = () => sql<number>`manage_version + 1`
