import { describe, expect, it } from 'vitest'
import { auditOf, book, redeem, send, setUpDeskTest, venueA, venueB } from '../../../../tests/support/desk.ts'
import type { Report, Statement } from '../../../shared/reports.ts'

const d = setUpDeskTest()

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
    const { manageToken } = await import('../visits/ticket-codes.ts')
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

  it('needs a reason, canManageBookings, and (for staff) the booking’s venue, else it is not found', async () => {
    const booking = await book(d.t, { venue: venueB, date: '2026-12-04', time: '10:00' })
    const url = `/api/team/bookings/${booking.id}/cancel`
    const noReason = await send(d.t, d.staffB.cookie, 'POST', url, {})
    expect(noReason.statusCode).toBe(400)
    expect(noReason.json().error.fields.reason).toBe('CANCEL_REASON_REQUIRED')
    expect((await send(d.t, d.user, 'POST', url, { reason: 'Because.' })).statusCode).toBe(403)
    // Another venue's booking answers as one that does not exist: staff learn nothing of it.
    const otherVenue = await send(d.t, d.staffA.cookie, 'POST', url, { reason: 'Because.' })
    const unknown = await send(d.t, d.staffA.cookie, 'POST', '/api/team/bookings/987654321/cancel', {
      reason: 'Because.',
    })
    expect([otherVenue.statusCode, unknown.statusCode]).toEqual([404, 404])
    expect(otherVenue.json()).toEqual(unknown.json())
    expect(otherVenue.json().error.code).toBe('BOOKING_NOT_FOUND')
    const row = await db()
      .selectFrom('confirmed_bookings')
      .select('cancelled_at')
      .where('id', '=', booking.id)
      .executeTakeFirstOrThrow()
    expect(row.cancelled_at).toBeNull()
    expect((await send(d.t, d.manager, 'POST', url, { reason: 'Venue closed.' })).statusCode).toBe(200)
  })
})

type Booked = Awaited<ReturnType<typeof book>>
const cancelAs = (cookie: string, booking: Booked, body: object = {}) =>
  send(d.t, cookie, 'POST', `/api/team/bookings/${booking.id}/cancel`, {
    reason: 'Cancelled at the desk.',
    ...body,
  })
const payAtDesk = async (booking: Booked) => {
  const paid = await send(d.t, d.staffA.cookie, 'POST', `/api/desk/bookings/${booking.id}/payment`, {
    method: 'cash',
  })
  expect(paid.statusCode, paid.body).toBe(200)
}
const checkIn = async (booking: Booked) =>
  expect((await redeem(d.t, d.staffA.cookie, { text: booking.payload, override: true })).json().status).toBe(
    'ok',
  )
const refundAtDesk = (cookie: string, booking: Booked) =>
  send(d.t, cookie, 'POST', `/api/desk/bookings/${booking.id}/refund`, { method: 'cash' })
const cancelledAt = async (booking: Booked) =>
  (
    await db()
      .selectFrom('confirmed_bookings')
      .select('cancelled_at')
      .where('id', '=', booking.id)
      .executeTakeFirstOrThrow()
  ).cancelled_at
const statement = async () =>
  (
    await send(d.t, d.manager, 'GET', `/api/admin/statements?venue=${venueA}&month=2026-12`)
  ).json() as Statement
/** Venue A's December as the report sees it: money in, less money given back. */
const reportNet = async () => {
  const report: Report = (
    await send(d.t, d.manager, 'GET', `/api/admin/reports?from=2026-12-01&to=2026-12-31&venue=${venueA}`)
  ).json()
  const f = report.totals
  return { ...f, net: f.onlineFils + f.atVenueFils - f.refundedFils - f.refundsPendingFils }
}

describe('what the desk has done, staff cannot undo by cancelling', () => {
  it('refuses staff a visit paid in cash at the desk and checked in: the commission stays on the statement', async () => {
    const booking = await book(d.t, { date: '2026-12-01', time: '09:00' })
    await payAtDesk(booking)
    await checkIn(booking)
    const before = await statement()
    expect(before.lines.flatMap((line) => line.bookingIds)).toContain(booking.id)

    const cancel = await cancelAs(d.staffA.cookie, booking)
    expect(cancel.statusCode).toBe(409)
    expect(cancel.json().error.code).toBe('TEAM_CANCEL_CHECKED_IN')
    // Nor as an override: that is a manager's.
    const override = await cancelAs(d.staffA.cookie, booking, { overrideReason: 'Staff cannot override.' })
    expect([override.statusCode, override.json().error.code]).toEqual([409, 'TEAM_CANCEL_CHECKED_IN'])
    expect(await cancelledAt(booking)).toBeNull()
    expect((await statement()).totals).toEqual(before.totals)
  })

  it('refuses staff a no-show, and a visit paid at the desk, alone or with its order', async () => {
    const noShow = await book(d.t, { date: '2026-12-01', time: '09:00' })
    expect(
      (await send(d.t, d.staffA.cookie, 'POST', `/api/desk/bookings/${noShow.id}/no-show`, {})).statusCode,
    ).toBe(200)
    const paid = await book(d.t, { date: '2026-12-02', time: '10:00' })
    await payAtDesk(paid)
    expect((await cancelAs(d.staffA.cookie, noShow)).json().error.code).toBe('TEAM_CANCEL_NO_SHOW')
    expect((await cancelAs(d.staffA.cookie, paid)).json().error.code).toBe('TEAM_CANCEL_DESK_PAID')
    expect((await cancelAs(d.staffA.cookie, paid, { scope: 'order' })).json().error.code).toBe(
      'TEAM_CANCEL_DESK_PAID',
    )
    expect([await cancelledAt(noShow), await cancelledAt(paid)]).toEqual([null, null])
  })
})

describe('a manager overriding the desk, and the refund at the desk', () => {
  it('cancels as an override with its reason; the cash stays on the statement until it is given back, as in the report', async () => {
    const booking = await book(d.t, { date: '2026-12-01', time: '10:00' })
    await payAtDesk(booking)
    await checkIn(booking)
    // Without an override's reason a manager is refused as staff are.
    const plain = await cancelAs(d.manager, booking)
    expect(plain.json().error.code).toBe('TEAM_CANCEL_CHECKED_IN')
    const tooShort = await cancelAs(d.manager, booking, { overrideReason: 'x' })
    expect(tooShort.json().error.fields).toEqual({ overrideReason: 'OVERRIDE_REASON_REQUIRED' })

    const override = await cancelAs(d.manager, booking, { overrideReason: 'Checked in by mistake.' })
    expect(override.statusCode, override.body).toBe(200)
    expect(await cancelledAt(booking)).not.toBeNull()
    const [audit] = (await auditOf(d.t, booking.id)).filter((row) => row.action.startsWith('booking.cancel'))
    expect(audit).toMatchObject({
      action: 'booking.cancel_override',
      after: {
        reason: 'Cancelled at the desk.',
        overrideReason: 'Checked in by mistake.',
        overridden: 'TEAM_CANCEL_CHECKED_IN',
      },
      before: { deskPayment: 'cash' },
    })

    // The venue still holds the cash: the visit is charged, and the statement and the report agree.
    const held = await statement()
    expect(held.lines.find((line) => line.bookingIds.includes(booking.id))).toMatchObject({
      visit: 'cancelled',
      collectedBy: 'cash',
      atVenueFils: booking.price_fils,
    })
    expect(held.totals.grossFils).toBe((await reportNet()).net)

    // Only managers give money back; only a cancelled visit paid at the desk has any to give.
    expect((await refundAtDesk(d.staffA.cookie, booking)).statusCode).toBe(403)
    const live = await book(d.t, { date: '2026-12-02', time: '11:00' })
    await payAtDesk(live)
    const notDue = await refundAtDesk(d.manager, live)
    expect([notDue.statusCode, notDue.json().error.code]).toEqual([409, 'DESK_REFUND_NOT_DUE'])

    const reportBefore = await reportNet()
    const answers = await Promise.all(Array.from({ length: 4 }, () => refundAtDesk(d.manager, booking)))
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200])
    const refunds = answers.map((answer) => answer.json().booking.deskRefund)
    expect(refunds[0]).toMatchObject({ method: 'cash', amountFils: booking.price_fils })
    for (const refund of refunds) expect(refund).toEqual(refunds[0])
    expect(
      (await auditOf(d.t, booking.id)).filter((row) => row.action === 'booking.desk_refund'),
    ).toHaveLength(1)
    const row = await db()
      .selectFrom('confirmed_bookings')
      .select(['desk_refunded_by', 'desk_refund_fils'])
      .where('id', '=', booking.id)
      .executeTakeFirstOrThrow()
    expect(row.desk_refund_fils).toBe(booking.price_fils)
    expect(row.desk_refunded_by).toBeTruthy()

    const after = await statement()
    expect(after.lines.flatMap((line) => line.bookingIds)).not.toContain(booking.id)
    const report = await reportNet()
    expect(report.refundedFils - reportBefore.refundedFils).toBe(booking.price_fils)
    expect(after.totals.grossFils).toBe(report.net)
  })
})
