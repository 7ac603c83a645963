import { randomUUID } from 'node:crypto'
import { issueGuestProof } from '../../src/server/domain/guest-verification/proof.ts'
import { addDays, todayInBahrain } from '../../src/shared/bahrain-time.ts'
import { bookingHours, hourLabel } from '../../src/shared/catalog.ts'
import type { VenueList } from '../../src/shared/catalog-api.ts'
import { benchAuthSecret } from './server-process.ts'

export interface Slot {
  gymId: string
  passId: string
  date: string
  time: string
}

/** A guest with a valid e-mail proof, as the verify-code endpoint would have issued it. */
export function benchGuest(email: string) {
  return {
    firstName: 'Bench',
    lastName: 'Guest',
    email,
    mobileNumber: '+97333123456',
    proof: issueGuestProof(benchAuthSecret, email, new Date()).proof,
  }
}

/** The body of a one-line, pay-at-venue guest order for `slot`. */
export function guestOrderBody(slot: Slot, guest: ReturnType<typeof benchGuest>): string {
  return JSON.stringify({ items: [slot], paymentMethod: 'venue', language: 'en', guest })
}

export function orderHeaders(): Record<string, string> {
  return { 'content-type': 'application/json', 'idempotency-key': randomUUID() }
}

/**
 * Every bookable hour from tomorrow to `days` ahead at every venue that takes bookings, in an order
 * that visits each venue and day before coming back: consecutive orders never share a slot.
 */
export async function bookableSlots(baseURL: string, days = 360): Promise<Slot[]> {
  const list = (await (await fetch(`${baseURL}/api/gyms`)).json()) as VenueList
  const venues = list.gyms.filter((gym) => !gym.comingSoon && gym.passes.length > 0)
  const today = todayInBahrain()
  const slots: Slot[] = []
  for (const hour of bookingHours)
    for (let day = 1; day <= days; day++)
      for (const gym of venues)
        slots.push({
          gymId: gym.id,
          passId: gym.passes[0]?.id ?? '',
          date: addDays(today, day),
          time: hourLabel(hour),
        })
  return slots
}
