import { issueGuestProof } from '../../../src/server/domain/guest-verification/proof.ts'
import { testOrigin } from '../../support/accounts.ts'
import { checkoutClock } from '../../support/checkout.ts'
import type { TestApp } from '../../support/test-app.ts'

/** A slot the hardening suites fill up, so that its waiting list may be joined; no other suite books it. */
export const fullSlot = {
  gymId: 'manama-marina-hotel',
  passId: 'manama-marina-hotel-gym',
  date: '2026-12-15',
  time: '18:00',
}

/** A waiting list request for the full slot, by a guest whose e-mail is proved. */
export function waitlistJoin(t: TestApp, email: string, people = 1) {
  return {
    ...fullSlot,
    people,
    language: 'en',
    guest: { email, proof: issueGuestProof(t.config.AUTH_SECRET, email, checkoutClock).proof },
  }
}

/** Fills the full slot (every place taken) and joins its list once: that request's signed token. */
export async function prepareWaitlist(t: TestApp): Promise<string> {
  const venue = await t.database.db
    .selectFrom('venues')
    .select('capacity_per_slot')
    .where('id', '=', fullSlot.gymId)
    .executeTakeFirstOrThrow()
  await t.database.db
    .insertInto('slot_occupancy')
    .values({
      venue_id: fullSlot.gymId,
      slot_date: fullSlot.date,
      slot_hour: 18,
      capacity: venue.capacity_per_slot,
      taken: venue.capacity_per_slot,
    })
    .execute()
  const joined = await t.app.inject({
    method: 'POST',
    url: '/api/waitlist',
    payload: waitlistJoin(t, 'waitlist-hardening@example.bh'),
    headers: { origin: testOrigin },
    remoteAddress: '10.255.0.9',
  })
  if (joined.statusCode !== 201) throw new Error(`Joining the waiting list failed: ${joined.body}`)
  return String(joined.json().token)
}
