import type { Database } from '../../platform/db/database.ts'
import { HttpError } from '../../platform/http/errors.ts'
import type { Booker } from '../accounts/booker.ts'
import type { SlotCount, SlotDemand } from '../places/slot-occupancy.ts'
import { slotKey } from '../places/slot-occupancy.ts'
import { returnOfferedPlaces } from './offers.ts'
import type { WaitlistRow, WaitlistSlot } from './repository.ts'
import { readWaitlistToken } from './tokens.ts'

/** An offer an order books: its slot, the people it held, and how many of them the order uses. */
export interface UsedOffer {
  slot: WaitlistSlot
  held: number
  used: number
}

type OfferRefusal =
  | 'WAITLIST_OFFER_INVALID'
  | 'WAITLIST_OFFER_EXPIRED'
  | 'WAITLIST_OFFER_USED'
  | 'WAITLIST_OFFER_MISMATCH'

function refused(code: OfferRefusal): HttpError {
  return new HttpError(409, code, { fields: { waitlistOffer: code } })
}

/** An order's line as the waiting list reads it: the pass it books, and the places it takes. */
type BookedPass = SlotDemand & { passId: string }

/** How many people the order's lines book at the request's venue, pass, date and time. */
function peopleOfRequest(entry: WaitlistRow, lines: readonly BookedPass[]): number {
  return lines
    .filter(
      (line) =>
        line.venueId === entry.venue_id &&
        line.passId === entry.pass_id &&
        line.date === entry.slot_date &&
        line.hour === entry.slot_hour,
    )
    .reduce((sum, line) => sum + line.places, 0)
}

/**
 * Claims a waiting list offer for the order being placed, in its transaction: the token must be
 * signed, the offer standing at `now`, the booker its own (the same account, or the same address),
 * and the order must have a line for its venue, pass, date and time with at most the people it
 * held. The request becomes 'booked' by a conditional update, under the request's row lock, so two
 * tabs cannot both use it. Anything wrong refuses the order with its own code; the rollback leaves
 * the offer as it was. Called before the order's places are taken (the request's row, then the
 * slot's, as expiring and leaving lock them).
 */
export async function claimOffer(
  trx: Database,
  {
    secret,
    token,
    booker,
    lines,
    orderId,
    now,
  }: {
    secret: string
    token: string
    booker: Booker
    lines: readonly BookedPass[]
    orderId: string
    now: Date
  },
): Promise<UsedOffer> {
  const id = readWaitlistToken(secret, token)
  const entry =
    id === undefined
      ? undefined
      : await trx
          .selectFrom('waitlist_entries')
          .selectAll()
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst()
  const mine =
    entry &&
    (entry.user_id
      ? booker.kind === 'account' && booker.userId === entry.user_id
      : booker.email.trim().toLowerCase() === entry.email)
  // Another booker's offer looks the same as no offer at all.
  if (!entry || !mine) throw refused('WAITLIST_OFFER_INVALID')
  if (entry.status === 'booked') throw refused('WAITLIST_OFFER_USED')
  if (entry.status === 'expired' || (entry.status === 'offered' && (entry.offer_expires_at ?? now) <= now))
    throw refused('WAITLIST_OFFER_EXPIRED')
  if (entry.status !== 'offered') throw refused('WAITLIST_OFFER_INVALID')
  const used = peopleOfRequest(entry, lines)
  if (used === 0 || used > entry.people) throw refused('WAITLIST_OFFER_MISMATCH')
  await trx
    .updateTable('waitlist_entries')
    .set({ status: 'booked', ended_at: now, order_id: orderId })
    .where('id', '=', entry.id)
    .where('status', '=', 'offered')
    .execute()
  return {
    slot: { venueId: entry.venue_id, date: entry.slot_date, hour: entry.slot_hour },
    held: entry.people,
    used,
  }
}

/**
 * The order's claims with the offer's places taken out: they are already taken for the offer, and
 * become the order's as they are (net exact). A claim left with none to take is dropped.
 */
export function claimsBesideOffer<Claim extends SlotCount>(
  claims: Claim[],
  offer: UsedOffer | undefined,
): Claim[] {
  if (!offer) return claims
  return claims
    .map((claim) =>
      claim.venueId === offer.slot.venueId && claim.date === offer.slot.date && claim.hour === offer.slot.hour
        ? { ...claim, count: claim.count - offer.used }
        : claim,
    )
    .filter((claim) => claim.count > 0)
}

/**
 * The request the order last booked, in `status`, its row locked: before the slot's, as everywhere
 * an offer and its places change.
 */
function lockedEntryOfOrder(trx: Database, orderId: string, status: 'booked' | 'offered') {
  return trx
    .selectFrom('waitlist_entries')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('status', '=', status)
    .forUpdate()
    .executeTakeFirst()
}

/**
 * The offer an unpaid order booked, given back as the order ends (its hold ran out, its payment
 * failed), in the order's transaction and before its places go back. While the offer's 30 minutes
 * last it stands again, for the people the order had, and keeps their places, so the visitor can
 * pay again with the same link; past them it has expired, and the places go back with the order's
 * and on to the next in line. Returns the offer that stands again, whose places the caller keeps
 * out of the release (`claimsBesideOffer`).
 */
export async function giveBackOrderOffer(
  trx: Database,
  { orderId, lines, now }: { orderId: string; lines: readonly BookedPass[]; now: Date },
): Promise<UsedOffer | undefined> {
  const entry = await lockedEntryOfOrder(trx, orderId, 'booked')
  if (!entry) return undefined
  const slot = { venueId: entry.venue_id, date: entry.slot_date, hour: entry.slot_hour }
  const used = peopleOfRequest(entry, lines)
  const stands = entry.offer_expires_at !== null && entry.offer_expires_at > now && used > 0
  await trx
    .updateTable('waitlist_entries')
    .set(
      stands
        ? // The order stays named: a payment landing after it ended books these held places.
          { status: 'offered', people: used, ended_at: null, order_id: orderId }
        : { status: 'expired', ended_at: now },
    )
    .where('id', '=', entry.id)
    .execute()
  return stands ? { slot, held: used, used } : undefined
}

/**
 * For a payment that lands after its order ended (checkout/late-payment.ts): the offer the order
 * had booked, if it stands again and still holds its places, booked by the order once more. The
 * caller takes only the places beside it (`claimsBesideOffer`), so they are never counted twice.
 */
export async function retakeStandingOffer(
  trx: Database,
  { orderId, lines, now }: { orderId: string; lines: readonly BookedPass[]; now: Date },
): Promise<UsedOffer | undefined> {
  const entry = await lockedEntryOfOrder(trx, orderId, 'offered')
  if (!entry?.offer_expires_at || entry.offer_expires_at <= now) return undefined
  await trx
    .updateTable('waitlist_entries')
    .set({ status: 'booked', ended_at: now })
    .where('id', '=', entry.id)
    .execute()
  const slot = { venueId: entry.venue_id, date: entry.slot_date, hour: entry.slot_hour }
  return { slot, held: entry.people, used: Math.min(entry.people, peopleOfRequest(entry, lines)) }
}

/** The offered places the order did not use go back, and on to the next in line. */
export async function returnUnusedOffer(
  trx: Database,
  offer: UsedOffer | undefined,
  now: Date,
): Promise<void> {
  if (offer && offer.held > offer.used)
    await returnOfferedPlaces(trx, offer.slot, offer.held - offer.used, now)
}

/**
 * The places a standing offer holds, by slot, for the quote: its lines are priced as bookable while
 * the offer stands, and the checkout shows until when (`expiresAt`). The token is the key, as on the
 * request's page; the order checks the booker.
 */
export async function offeredPlaces(
  db: Database,
  { secret, token, now }: { secret: string; token: string | undefined; now: Date },
): Promise<{ places: Map<string, number>; expiresAt: Date } | undefined> {
  const id = token ? readWaitlistToken(secret, token) : undefined
  if (id === undefined) return undefined
  const entry = await db
    .selectFrom('waitlist_entries')
    .select(['venue_id', 'slot_date', 'slot_hour', 'people', 'offer_expires_at'])
    .where('id', '=', id)
    .where('status', '=', 'offered')
    .where('offer_expires_at', '>', now)
    .executeTakeFirst()
  if (!entry?.offer_expires_at) return undefined
  return {
    places: new Map([[slotKey(entry.venue_id, entry.slot_date, entry.slot_hour), entry.people]]),
    expiresAt: entry.offer_expires_at,
  }
}
