import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  auditOf,
  book,
  createDeskTest,
  type DeskTest,
  redeem,
  send,
  venueB,
} from '../../../../tests/support/desk.ts'

let d: DeskTest
beforeAll(async () => {
  d = await createDeskTest()
})
afterAll(() => d.t.close())

const db = () => d.t.database.db
const mails = (bookingId: number) =>
  db()
    .selectFrom('mail_outbox')
    .select('payload')
    .where('template', '=', 'booking-cancellation')
    .execute()
    .then((rows) => rows.filter((row) => (row.payload as { bookingId: number }).bookingId === bookingId))

describe('a cancelled ticket at the desk', () => {
  it('is refused as cancelled, even with an override, once the guest cancelled it from their link', async () => {
    const booking = await book(d.t, { date: '2026-12-03', time: '10:00', paid: true })
    const order = await db()
      .selectFrom('confirmed_bookings')
      .select(['id', 'manage_version'])
      .where('id', '=', booking.id)
      .executeTakeFirstOrThrow()
    const { manageToken } = await import('../tickets/ticket-codes.ts')
    const token = manageToken(d.t.config.AUTH_SECRET, order)
    const cancelled = await send(d.t, undefined, 'POST', `/api/manage/${token}/cancel`, {})
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    // A pay-at-venue visit has nothing to refund.
    expect(cancelled.json().bookings[0].cancellation).toMatchObject({ refundFils: 0, refund: null })
    d.clock.now = new Date('2026-12-03T06:50:00Z')
    const scan = await redeem(d.t, d.staffA.cookie, { text: booking.payload, override: true })
    expect(scan.json().status).toBe('cancelled')
    d.clock.now = new Date('2026-12-01T05:30:00Z')
  })
})

describe('the team cancelling', () => {
  it('cancels a visit past its policy with a reason, mails the visitor and writes the audit log', async () => {
    // 09:00 today: it has started for the visitor, not for the team.
    const booking = await book(d.t, { date: '2026-12-01', time: '09:00' })
    d.clock.now = new Date('2026-12-01T06:10:00Z')
    const response = await send(d.t, d.staffA.cookie, 'POST', `/api/team/bookings/${booking.id}/cancel`, {
      reason: 'The pool is closed for repairs today.',
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().bookings[0].cancellation).toMatchObject({
      cancelledByTeam: true,
      reason: 'The pool is closed for repairs today.',
    })
    expect(await mails(booking.id)).toHaveLength(1)
    expect((await auditOf(d.t, booking.id)).map((row) => row.action)).toContain('booking.cancel')
    d.clock.now = new Date('2026-12-01T05:30:00Z')
  })

  it('needs a reason, canManageBookings, and (for staff) the booking’s venue', async () => {
    const booking = await book(d.t, { venue: venueB, date: '2026-12-04', time: '10:00' })
    const url = `/api/team/bookings/${booking.id}/cancel`
    const noReason = await send(d.t, d.staffB.cookie, 'POST', url, {})
    expect(noReason.statusCode).toBe(400)
    expect(noReason.json().error.fields.reason).toBe('CANCEL_REASON_REQUIRED')
    expect((await send(d.t, d.user, 'POST', url, { reason: 'Because.' })).statusCode).toBe(403)
    const otherVenue = await send(d.t, d.staffA.cookie, 'POST', url, { reason: 'Because.' })
    expect(otherVenue.statusCode).toBe(403)
    expect(otherVenue.json().error.code).toBe('VENUE_NOT_ASSIGNED')
    const row = await db()
      .selectFrom('confirmed_bookings')
      .select('cancelled_at')
      .where('id', '=', booking.id)
      .executeTakeFirstOrThrow()
    expect(row.cancelled_at).toBeNull()
    expect((await send(d.t, d.manager, 'POST', url, { reason: 'Venue closed.' })).statusCode).toBe(200)
  })
})
