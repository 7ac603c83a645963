import { hourInBahrain, todayInBahrain } from '../../../shared/bahrain-time.ts'
import { waitlistOfferMinutes } from '../../../shared/waitlist.ts'
import type { Database } from '../../platform/db/database.ts'
import { enqueueMail } from '../../platform/mail/outbox.ts'
import { type FreedSlot, giveBackPlaces, lockSlotPlaces, takeLockedPlaces } from '../places/slot-occupancy.ts'
import type { WaitlistSlot } from './repository.ts'

/** Whether a slot's hour has begun at `now` (Bahrain time): nothing is offered for it any more. */
export function slotBegun(slot: WaitlistSlot, now: Date): boolean {
  const today = todayInBahrain(now)
  return slot.date < today || (slot.date === today && slot.hour <= hourInBahrain(now))
}

/**
 * Offers a slot's free places to its waiting requests, first come first served: under the slot's
 * row lock, free = capacity − taken; each waiting request in join order whose people still fit is
 * offered, its places taken in the same transaction and held `waitlistOfferMinutes`, and its
 * visitor mailed. A request too large to fit lets smaller ones behind it go first. As every
 * change to the slot's places waits for the lock, two offers at once never hand out a place twice
 * (docs/decisions/046). Returns the ids offered.
 */
export async function offerSlot(
  trx: Database,
  slot: WaitlistSlot,
  now: Date,
  capacity?: number,
): Promise<number[]> {
  if (slotBegun(slot, now)) return []
  const places = await lockSlotPlaces(trx, slot, capacity)
  if (!places) return []
  let free = places.capacity - places.taken
  if (free <= 0) return []
  const waiting = await trx
    .selectFrom('waitlist_entries')
    .select(['id', 'people', 'email', 'language'])
    .where('venue_id', '=', slot.venueId)
    .where('slot_date', '=', slot.date)
    .where('slot_hour', '=', slot.hour)
    .where('status', '=', 'waiting')
    .orderBy('joined_at')
    .orderBy('id')
    .forUpdate()
    .execute()
  const chosen: typeof waiting = []
  for (const entry of waiting) {
    if (entry.people > free) continue
    chosen.push(entry)
    free -= entry.people
    if (free === 0) break
  }
  if (chosen.length === 0) return []
  const expiresAt = new Date(now.getTime() + waitlistOfferMinutes * 60_000)
  await trx
    .updateTable('waitlist_entries')
    .set({ status: 'offered', offered_at: now, offer_expires_at: expiresAt })
    .where(
      'id',
      'in',
      chosen.map((entry) => entry.id),
    )
    .execute()
  const people = chosen.reduce((sum, entry) => sum + entry.people, 0)
  await takeLockedPlaces(trx, slot, people, places.capacity)
  for (const entry of chosen)
    await enqueueMail(trx, {
      template: 'waitlist-offer',
      to: entry.email,
      language: entry.language,
      payload: { entryId: entry.id },
    })
  return chosen.map((entry) => entry.id)
}

/**
 * Gives an offer's held places back to its slot, under the slot's lock, and offers them on. The
 * caller has already ended the offer (left, expired, or booked with fewer people).
 */
export async function returnOfferedPlaces(
  trx: Database,
  slot: WaitlistSlot,
  people: number,
  now: Date,
  capacity?: number,
): Promise<number[]> {
  await giveBackPlaces(trx, slot, people)
  return offerSlot(trx, slot, now, capacity)
}

/**
 * What the waiting list does when places go back anywhere (a cancel, a move, an unpaid hold or a
 * failed payment): offers them, in the same transaction. Registered by the composition with
 * `onPlacesFreed` (places/slot-occupancy.ts); the slot's row is already locked by the release.
 */
export async function offerFreedPlaces(trx: Database, slots: FreedSlot[], now: Date): Promise<void> {
  for (const slot of slots) await offerSlot(trx, slot, now)
}

/**
 * Ends the offers of one slot unanswered at `now`: each becomes 'expired', its places go back and
 * on to the next in line, in one transaction. Conditional on the offer still standing, so an offer
 * booked meanwhile stays booked. An offered request's row is locked before its slot's, here as in
 * checkout and leaving, so they queue rather than deadlock. `capacity` is the catalog's now; without
 * it (the slot is closed or gone) the places only go back. Returns how many expired.
 */
export async function expireSlotOffers(
  db: Database,
  slot: WaitlistSlot,
  now: Date,
  capacity?: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const expired = await trx
      .updateTable('waitlist_entries')
      .set({ status: 'expired', ended_at: now })
      .where('venue_id', '=', slot.venueId)
      .where('slot_date', '=', slot.date)
      .where('slot_hour', '=', slot.hour)
      .where('status', '=', 'offered')
      .where('offer_expires_at', '<=', now)
      .returning(['id', 'people'])
      .execute()
    const people = expired.reduce((sum, entry) => sum + entry.people, 0)
    // A slot the catalog no longer sells (closed that day, gone) only gets its places back.
    if (capacity === undefined) await giveBackPlaces(trx, slot, people)
    else await returnOfferedPlaces(trx, slot, people, now, capacity)
    return expired.length
  })
}
