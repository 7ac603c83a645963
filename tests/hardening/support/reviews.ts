import { randomUUID } from 'node:crypto'
import { reviewToken } from '../../../src/server/domain/reviews/tokens.ts'
import { ticketPayload } from '../../../src/server/domain/visits/ticket-codes.ts'
import { testOrigin } from '../../support/accounts.ts'
import { guest, line, placeOrder } from '../../support/checkout.ts'
import type { TestApp } from '../../support/test-app.ts'

/** The venue and day the review suites check visits in at (the clock is 08:30 on that day). */
const visitLine = {
  gymId: 'manama-marina-hotel',
  passId: 'manama-marina-hotel-gym',
  date: '2026-12-01',
  time: '09:00',
}

/**
 * A paid visit on 1 December at 09:00, checked in at the desk by `managerCookie`: a guest's, or the
 * account's whose cookie is given. Its review link's token and its id.
 */
export async function checkedInVisit(
  t: TestApp,
  managerCookie: string,
  accountCookie?: string,
): Promise<{ id: number; token: string }> {
  const order = await placeOrder(
    t,
    {
      items: [line(visitLine)],
      paymentMethod: 'venue',
      ...(accountCookie ? {} : { guest: guest(t) }),
    },
    accountCookie ? { cookie: accountCookie } : {},
  )
  if (order.statusCode !== 201) throw new Error(`The visit to review failed: ${order.body}`)
  const db = t.database.db
  const row = await db
    .updateTable('confirmed_bookings')
    .set({ payment_status: 'paid' })
    .where('order_id', '=', order.json().id)
    .returningAll()
    .executeTakeFirstOrThrow()
  const scan = await t.app.inject({
    method: 'POST',
    url: '/api/desk/redeem',
    payload: {
      venueId: visitLine.gymId,
      text: ticketPayload(t.config.AUTH_SECRET, row),
      entry: 'keyboard',
      nonce: randomUUID(),
    },
    headers: { origin: testOrigin, cookie: managerCookie },
  })
  if (scan.json().status !== 'ok') throw new Error(`The check-in failed: ${scan.body}`)
  const id = Number(row.id)
  return { id, token: reviewToken(t.config.AUTH_SECRET, id) }
}

/** A checked-in guest visit, reviewed: the review's id (its visit's), for the team to hide. */
export async function writtenReview(t: TestApp, managerCookie: string): Promise<number> {
  const visit = await checkedInVisit(t, managerCookie)
  const written = await t.app.inject({
    method: 'POST',
    url: `/api/reviews/${visit.token}`,
    payload: { stars: 4, text: 'Clean and quiet' },
    headers: { origin: testOrigin },
    remoteAddress: '10.254.0.1',
  })
  if (written.statusCode !== 201) throw new Error(`The review failed: ${written.body}`)
  return visit.id
}

/** A token of a visit that does not exist: well formed, so the limits and the body's checks run. */
export function unknownVisitToken(t: TestApp, n: number): string {
  return reviewToken(t.config.AUTH_SECRET, 50_000_000 + n)
}
