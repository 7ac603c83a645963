import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { testOrigin } from '../../../../tests/support/accounts.ts'
import { auditOf, book, redeem, send, setUpDeskTest, venueA, venueB } from '../../../../tests/support/desk.ts'
import type { RedeemAnswer } from '../../../shared/desk.ts'

const d = setUpDeskTest()

const at = (iso: string) => {
  d.clock.now = new Date(iso)
}
const scan = async (cookie: string, body: Parameters<typeof redeem>[2]): Promise<RedeemAnswer> => {
  const response = await redeem(d.t, cookie, body)
  expect(response.statusCode, response.body).toBe(200)
  expect(response.headers['cache-control']).toBe('no-store')
  return response.json()
}

describe('what a scan answers (clock: 08:30 on 1 December in Bahrain)', () => {
  it('checks in a paid ticket from its payload, and says who checked it in on a second scan', async () => {
    const booking = await book(d.t, { paid: true })
    const first = await scan(d.staffA.cookie, { text: booking.payload })
    expect(first).toMatchObject({ status: 'ok', booking: { id: booking.id, state: 'checked_in' } })
    expect(first.checkedInBy).toBe('Sara Ali')
    const again = await scan(d.manager, { text: booking.payload })
    expect(again).toMatchObject({
      status: 'already_checked_in',
      checkedInAt: first.checkedInAt,
      checkedInBy: 'Sara Ali',
    })
    const row = await d.t.database.db
      .selectFrom('confirmed_bookings')
      .selectAll()
      .where('id', '=', booking.id)
      .executeTakeFirstOrThrow()
    expect(row.checked_in_by).toBe(d.staffA.id)
    expect(row.check_in_override).toBeNull()
    expect((await auditOf(d.t, booking.id)).map((entry) => entry.action)).toEqual(['booking.check_in'])
  })

  it('accepts a reference typed by hand, in any case and with spaces', async () => {
    const booking = await book(d.t, { paid: true, time: '10:00' })
    at('2026-12-01T06:40:00Z') // 09:40, within 30 minutes of 10:00
    const typed = ` ${booking.reference.toLowerCase().replace('-', ' - ')} `
    expect((await scan(d.staffA.cookie, { text: typed })).status).toBe('ok')
  })

  it('says whether the signature was checked: a payload is verified, a reference typed by hand is not', async () => {
    const signed = await book(d.t, { paid: true, time: '10:00' })
    const typed = await book(d.t, { paid: true, time: '10:00' })
    const unpaid = await book(d.t, { time: '10:00' })
    at('2026-12-01T06:40:00Z') // 09:40
    expect(await scan(d.staffA.cookie, { text: signed.payload })).toMatchObject({
      status: 'ok',
      signatureVerified: true,
    })
    expect(await scan(d.staffA.cookie, { text: typed.reference })).toMatchObject({
      status: 'ok',
      signatureVerified: false,
      booking: { id: typed.id, name: 'Fatima Al Sayed' },
    })
    // The audit keeps which check-ins had only a reference to go on.
    expect((await auditOf(d.t, typed.id)).at(-1)?.after).toMatchObject({ signatureVerified: false })
    expect((await auditOf(d.t, signed.id)).at(-1)?.after).toMatchObject({ signatureVerified: true })
    // Every later answer about the ticket says it too.
    expect(await scan(d.staffA.cookie, { text: typed.reference })).toMatchObject({
      status: 'already_checked_in',
      signatureVerified: false,
    })
    expect(await scan(d.staffA.cookie, { text: unpaid.reference })).toMatchObject({
      status: 'unpaid',
      signatureVerified: false,
    })
  })

  it('refuses a forged signature but takes the bare reference as reference only, from the field', async () => {
    const booking = await book(d.t, { paid: true, time: '11:00' })
    at('2026-12-01T07:40:00Z') // 10:40
    const forged = await scan(d.staffA.cookie, { text: `${booking.reference}.${'A'.repeat(43)}` })
    expect(forged).toEqual({ status: 'invalid' })
    const bare = await scan(d.staffA.cookie, { text: booking.reference })
    expect(bare).toMatchObject({ status: 'ok', signatureVerified: false })
  })

  it('refuses from the camera a code that holds only a reference, changing and keeping nothing', async () => {
    const booking = await book(d.t, { paid: true, time: '11:00' })
    at('2026-12-01T07:40:00Z') // 10:40
    const nonce = randomUUID()
    for (const text of [booking.reference, booking.reference.toLowerCase(), ` ${booking.reference} `]) {
      expect(await scan(d.staffA.cookie, { text, entry: 'camera', nonce }), text).toEqual({
        status: 'invalid',
      })
    }
    expect(await scan(d.manager, { text: booking.reference, entry: 'camera' })).toEqual({ status: 'invalid' })
    const row = await d.t.database.db
      .selectFrom('confirmed_bookings')
      .select('checked_in_at')
      .where('id', '=', booking.id)
      .executeTakeFirstOrThrow()
    expect(row.checked_in_at).toBeNull()
    expect((await auditOf(d.t, booking.id)).length).toBe(0)
    const attempts = await d.t.database.db
      .selectFrom('check_in_attempts')
      .select('nonce')
      .where('nonce', '=', nonce)
      .execute()
    expect(attempts).toEqual([])
    // The signed payload from the camera is a ticket.
    expect(await scan(d.staffA.cookie, { text: booking.payload, entry: 'camera' })).toMatchObject({
      status: 'ok',
      signatureVerified: true,
    })
  })

  it('refuses a request that does not say how the code was read (400)', async () => {
    const booking = await book(d.t, { paid: true, time: '12:00' })
    const response = await send(d.t, d.staffA.cookie, 'POST', '/api/desk/redeem', {
      venueId: venueA,
      text: booking.reference,
      nonce: randomUUID(),
    })
    expect(response.statusCode, response.body).toBe(400)
    expect((await auditOf(d.t, booking.id)).length).toBe(0)
  })

  it('answers invalid for unreadable text, an unknown reference and a forged signature', async () => {
    const booking = await book(d.t, { paid: true })
    const forged = `${booking.reference}.${'A'.repeat(43)}`
    for (const text of ['', 'hello', 'DP-2222-2222', forged, `${booking.payload}x`]) {
      const answer = await scan(d.staffA.cookie, { text })
      expect(answer, text).toEqual({ status: 'invalid' })
    }
    expect((await auditOf(d.t, booking.id)).length).toBe(0)
  })

  it('answers unpaid for pay at the venue, then checks in once the desk took the payment', async () => {
    const booking = await book(d.t)
    const unpaid = await scan(d.staffA.cookie, { text: booking.payload })
    expect(unpaid).toMatchObject({
      status: 'unpaid',
      booking: { priceFils: booking.price_fils, deskPayment: null },
    })
    const paid = await send(d.t, d.staffA.cookie, 'POST', `/api/desk/bookings/${booking.id}/payment`, {
      method: 'benefit',
    })
    expect(paid.statusCode, paid.body).toBe(200)
    expect(paid.json().booking.deskPayment.method).toBe('benefit')
    expect((await scan(d.staffA.cookie, { text: booking.payload })).status).toBe('ok')
  })

  it('tells a caller who may act for both venues only other_venue, nothing of the booking', async () => {
    const booking = await book(d.t, { paid: true })
    const response = await redeem(d.t, d.manager, { venueId: venueB, text: booking.payload })
    expect(response.json()).toEqual({ status: 'other_venue', signatureVerified: true })
    expect(response.body).not.toContain(booking.guest_email as string)
    expect(response.body).not.toContain(booking.reference)
    expect((await auditOf(d.t, booking.id)).length).toBe(0)
  })

  it('answers other_date for a ticket of another day, and cancelled for a cancelled booking', async () => {
    const tomorrow = await book(d.t, { paid: true, date: '2026-12-02' })
    expect((await scan(d.staffA.cookie, { text: tomorrow.payload })).status).toBe('other_date')
    const cancelled = await book(d.t, { paid: true })
    await d.t.database.db
      .updateTable('confirmed_bookings')
      .set({ cancelled_at: new Date() })
      .where('id', '=', cancelled.id)
      .execute()
    expect((await scan(d.staffA.cookie, { text: cancelled.payload, override: true })).status).toBe(
      'cancelled',
    )
  })

  it('answers too_early and too_late outside the tolerance, and records an override', async () => {
    const early = await book(d.t, { paid: true, time: '12:00' })
    const late = await book(d.t, { paid: true, time: '13:00' })
    at('2026-12-01T08:29:00Z') // 11:29: opens at 11:30
    expect((await scan(d.staffA.cookie, { text: early.payload })).status).toBe('too_early')
    at('2026-12-01T08:30:00Z')
    expect((await scan(d.staffA.cookie, { text: early.payload })).status).toBe('ok')

    at('2026-12-01T11:00:01Z') // 14:00:01: closed at 14:00
    expect((await scan(d.staffA.cookie, { text: late.payload })).status).toBe('too_late')
    expect((await scan(d.staffA.cookie, { text: late.payload, override: true })).status).toBe('ok')
    const row = await d.t.database.db
      .selectFrom('confirmed_bookings')
      .select(['check_in_override', 'checked_in_at'])
      .where('id', '=', late.id)
      .executeTakeFirstOrThrow()
    expect(row.check_in_override).toBe('too_late')
    expect((await auditOf(d.t, late.id)).at(-1)?.after).toMatchObject({ override: 'too_late' })
  })

  it('does not let an override pass an unpaid ticket', async () => {
    const booking = await book(d.t, { time: '15:00' })
    expect((await scan(d.staffA.cookie, { text: booking.payload, override: true })).status).toBe('unpaid')
  })
})

describe('references as people type them', () => {
  /** A paid booking of today at venue A whose reference is `reference`. */
  const bookAs = async (reference: string) => {
    const booking = await book(d.t, { paid: true, time: '16:00' })
    await d.t.database.db
      .updateTable('confirmed_bookings')
      .set({ reference })
      .where('id', '=', booking.id)
      .execute()
    at('2026-12-01T12:40:00Z') // 15:40
    return { ...booking, reference }
  }

  it.each([
    ['DP-58J9-Q98F', 'DP58J9Q98F'],
    ['DP-58J8-Q98F', 'dp58j8q98f'],
    ['DP-58J7-Q98F', 'DP 58J7 Q98F'],
    ['DP-58J6-Q98F', 'D-P58J-6Q-98F'],
    ['DP-58J5-Q98F', 'DP-٥٨J٥-Q٩٨F'],
    ['DP-58J4-Q98F', '58j4 – q98f'],
  ])('checks %s in when typed as %j, as reference only', async (reference, typed) => {
    const booking = await bookAs(reference)
    expect(await scan(d.staffA.cookie, { text: typed })).toMatchObject({
      status: 'ok',
      signatureVerified: false,
      booking: { id: booking.id, reference },
    })
  })

  it('never guesses a look-alike: a 0 or O where the reference has Q is not that reference', async () => {
    await bookAs('DP-58J3-Q98F')
    for (const typed of ['DP-58J3-098F', 'DP-58J3-O98F'])
      expect(await scan(d.staffA.cookie, { text: typed }), typed).toEqual({ status: 'invalid' })
  })
})

describe('another venue’s tickets', () => {
  it('answers staff not assigned to the ticket’s venue as for an unknown reference, keeping nothing', async () => {
    const booking = await book(d.t, { paid: true, time: '17:00' })
    const nonce = randomUUID()
    for (const text of [booking.payload, booking.reference]) {
      const response = await redeem(d.t, d.staffB.cookie, { venueId: venueB, text, nonce })
      const unknown = await redeem(d.t, d.staffB.cookie, { venueId: venueB, text: 'DP-2222-2222', nonce })
      expect(response.statusCode).toBe(200)
      expect(response.body).toBe(unknown.body)
      expect(response.json()).toEqual({ status: 'invalid' })
    }
    // Nothing was kept of the scan: its nonce is still free for the desk's next real scan.
    const own = await book(d.t, { venue: venueB, paid: true })
    expect(await scan(d.staffB.cookie, { venueId: venueB, text: own.payload, nonce })).toMatchObject({
      status: 'ok',
    })
    expect((await auditOf(d.t, booking.id)).length).toBe(0)
  })

  it('tells staff assigned to both venues other_venue', async () => {
    const both = await d.t.app.inject({
      method: 'PUT',
      url: `/api/admin/staff/${d.staffB.id}/venues`,
      headers: { origin: testOrigin, cookie: d.admin },
      payload: { venueIds: [venueA, venueB] },
    })
    expect(both.statusCode, both.body).toBe(200)
    try {
      const booking = await book(d.t, { paid: true, time: '17:00' })
      expect(await scan(d.staffB.cookie, { venueId: venueB, text: booking.payload })).toEqual({
        status: 'other_venue',
        signatureVerified: true,
      })
    } finally {
      await send(d.t, d.admin, 'PUT', `/api/admin/staff/${d.staffB.id}/venues`, { venueIds: [venueB] })
    }
  })
})

describe('retries and races', () => {
  it('answers a retried scan (same nonce) as the first time, changing nothing', async () => {
    const booking = await book(d.t, { paid: true })
    const nonce = randomUUID()
    const first = await scan(d.staffA.cookie, { text: booking.payload, nonce })
    const retry = await scan(d.staffA.cookie, { text: booking.payload, nonce })
    expect(first.status).toBe('ok')
    expect(retry).toEqual(first)
    expect((await auditOf(d.t, booking.id)).length).toBe(1)
    // Another account's nonce is not theirs to replay.
    const stolen = await redeem(d.t, d.manager, { text: booking.payload, nonce })
    expect(stolen.statusCode).toBe(409)
    expect(stolen.json().error.code).toBe('NONCE_REUSED')
  })

  it('checks a ticket in exactly once when 20 desks scan it at the same moment', async () => {
    const booking = await book(d.t, { paid: true })
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => redeem(d.t, d.staffA.cookie, { text: booking.payload })),
    )
    const statuses = answers.map((response) => response.json().status)
    expect(statuses.filter((status) => status === 'ok')).toHaveLength(1)
    expect(statuses.filter((status) => status === 'already_checked_in')).toHaveLength(19)
    expect((await auditOf(d.t, booking.id)).length).toBe(1)
  })

  it('answers 20 concurrent retries of one scan the same, with one check-in', async () => {
    const booking = await book(d.t, { paid: true })
    const nonce = randomUUID()
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => redeem(d.t, d.staffA.cookie, { text: booking.payload, nonce })),
    )
    for (const response of answers) expect(response.json().status, response.body).toBe('ok')
    expect((await auditOf(d.t, booking.id)).length).toBe(1)
  })
})
