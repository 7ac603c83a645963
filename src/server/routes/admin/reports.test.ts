import { parse } from 'csv-parse/sync'
import { beforeAll, describe, expect, it } from 'vitest'
import { guestSession } from '../../../../tests/support/accounts.ts'
import { book, redeem, send, setUpDeskTest, venueA, venueB } from '../../../../tests/support/desk.ts'
import { adminRequest, unchangedDetails } from '../../../../tests/support/venue-admin.ts'
import type { Report, Statement } from '../../../shared/reports.ts'

/**
 * Reports and statements against bookings made here: through checkout, the desk's own endpoints
 * (payment at the desk, check-in, no-show) and, for cancellations and refunds, the rows a
 * cancellation writes (migration 012).
 */
const d = setUpDeskTest()
type Booked = Awaited<ReturnType<typeof book>>
const made: Record<string, Booked> = {}

const db = () => d.t.database.db
async function cancel(booking: Booked, refund?: 'pending' | 'refunded') {
  await db()
    .updateTable('confirmed_bookings')
    .set({ cancelled_at: new Date() })
    .where('id', '=', booking.id)
    .execute()
  if (refund)
    await db()
      .insertInto('booking_refunds')
      .values({
        booking_id: booking.id,
        order_id: booking.order_id,
        amount_fils: booking.price_fils,
        amount_usd_cents: 100,
        status: refund,
        refunded_at: refund === 'refunded' ? new Date() : null,
      })
      .execute()
}
const ok = async <T>(cookie: string, url: string): Promise<T> => {
  const response = await send(d.t, cookie, 'GET', url)
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

beforeAll(async () => {
  // Tuesday 1 December 2026 at venue A.
  made.cash = await book(d.t, { time: '09:00' })
  made.online = await book(d.t, { time: '09:00', paid: true })
  made.refunded = await book(d.t, { time: '10:00', paid: true })
  made.refundPending = await book(d.t, { time: '10:00', paid: true })
  made.noShow = await book(d.t, { time: '11:00' })
  made.cancelledAtVenue = await book(d.t, { time: '11:00' })
  made.onlineNoShow = await book(d.t, { time: '12:00', paid: true })
  // Thursday 3 December at venue B: to come.
  made.laterB = await book(d.t, { venue: venueB, date: '2026-12-03', time: '10:00', paid: true })
  const pay = await send(d.t, d.staffA.cookie, 'POST', `/api/desk/bookings/${made.cash?.id}/payment`, {
    method: 'cash',
  })
  expect(pay.statusCode, pay.body).toBe(200)
  for (const booking of [made.cash, made.online] as Booked[])
    expect((await redeem(d.t, d.staffA.cookie, { text: booking.payload })).json().status).toBe('ok')
  for (const booking of [made.noShow, made.onlineNoShow] as Booked[])
    expect(
      (await send(d.t, d.staffA.cookie, 'POST', `/api/desk/bookings/${booking.id}/no-show`, {})).statusCode,
    ).toBe(200)
  await cancel(made.refunded as Booked, 'refunded')
  await cancel(made.refundPending as Booked, 'pending')
  await cancel(made.cancelledAtVenue as Booked)
})

const price = (key: string) => (made[key] as Booked).price_fils

describe('GET /api/admin/reports', () => {
  it('counts the bookings the test made, by day, by venue and in total', async () => {
    const report = await ok<Report>(d.manager, '/api/admin/reports?from=2026-12-01&to=2026-12-07')
    expect(report.days.map((day) => day.date)).toEqual([
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
      '2026-12-07',
    ])
    const paidOnlineA = price('online') + price('refunded') + price('refundPending') + price('onlineNoShow')
    const activeA = ['cash', 'online', 'noShow', 'onlineNoShow'].map(price)
    const first = {
      bookings: 7,
      checkedIn: 2,
      noShows: 2,
      cancellations: 3,
      onlineFils: paidOnlineA,
      atVenueFils: price('cash'),
      refundedFils: price('refunded'),
      refundsPendingFils: price('refundPending'),
      averagePriceFils: Math.round(activeA.reduce((a, b) => a + b, 0) / activeA.length),
    }
    expect(report.days[0]).toEqual({ date: '2026-12-01', ...first })
    expect(report.days[1]?.bookings).toBe(0)
    expect(report.days[2]).toMatchObject({ bookings: 1, onlineFils: price('laterB'), checkedIn: 0 })
    expect(report.byVenue.map((venue) => [venue.venueId, venue.bookings])).toEqual([
      [venueA, 7],
      [venueB, 1],
    ])
    expect(report.byVenue[0]).toMatchObject({ ...first, name: { en: 'Manama Marina Hotel' } })
    expect(report.totals).toMatchObject({
      bookings: 8,
      cancellations: 3,
      onlineFils: paidOnlineA + price('laterB'),
      atVenueFils: price('cash'),
    })
    expect(report.venues.length).toBeGreaterThan(2)
  })

  it('narrows to one venue, and refuses a bad range (400) or an unknown venue (404)', async () => {
    const onlyB = await ok<Report>(
      d.admin,
      `/api/admin/reports?from=2026-12-01&to=2026-12-31&venue=${venueB}`,
    )
    expect(onlyB.venue).toBe(venueB)
    expect(onlyB.totals.bookings).toBe(1)
    expect(onlyB.byVenue.map((venue) => venue.venueId)).toEqual([venueB])
    const backwards = await send(d.t, d.manager, 'GET', '/api/admin/reports?from=2026-12-02&to=2026-12-01')
    expect(backwards.statusCode).toBe(400)
    expect(backwards.json().error.fields).toEqual({ to: 'REPORT_RANGE_INVALID' })
    const tooLong = await send(d.t, d.manager, 'GET', '/api/admin/reports?from=2025-01-01&to=2026-12-01')
    expect(tooLong.statusCode).toBe(400)
    const unknown = await send(
      d.t,
      d.manager,
      'GET',
      '/api/admin/reports?from=2026-12-01&to=2026-12-02&venue=nowhere',
    )
    expect(unknown.statusCode).toBe(404)
  })

  it('exports the same rows as CSV', async () => {
    const response = await send(d.t, d.manager, 'GET', '/api/admin/reports/csv?from=2026-12-01&to=2026-12-07')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="report-2026-12-01-2026-12-07.csv"',
    )
    const rows: Record<string, string>[] = parse(response.body, { columns: true, bom: true })
    expect(rows.filter((row) => row.row === 'day')).toHaveLength(7)
    const first = rows[0] as Record<string, string>
    expect(first).toMatchObject({ row: 'day', date: '2026-12-01', bookings: '7', cancellations: '3' })
    expect(first.at_venue_bd).toBe((price('cash') / 1000).toFixed(3))
    expect(rows.filter((row) => row.row === 'venue').map((row) => row.venue)).toEqual([
      'Manama Marina Hotel',
      expect.any(String),
    ])
    expect(rows.at(-1)).toMatchObject({ row: 'total', bookings: '8' })
  })
})

describe('venue statements', () => {
  it('charges the visits paid online (no-shows too) and at the desk, not cancelled or unpaid ones', async () => {
    const statement = await ok<Statement>(d.manager, `/api/admin/statements?venue=${venueA}&month=2026-12`)
    expect(statement.venue).toMatchObject({ id: venueA, commissionPercent: 15 })
    expect(statement.lines.map((line) => [line.bookingIds, line.visit, line.collectedBy])).toEqual([
      [[made.cash?.id], 'checked_in', 'cash'],
      [[made.online?.id], 'checked_in', 'online'],
      [[made.onlineNoShow?.id], 'no_show', 'online'],
    ])
    const sum = (key: 'grossFils' | 'commissionFils' | 'commissionVatFils' | 'owedToVenueFils') =>
      statement.lines.reduce((total, line) => total + line[key], 0)
    expect(statement.totals).toEqual({
      grossFils: sum('grossFils'),
      commissionFils: sum('commissionFils'),
      commissionVatFils: sum('commissionVatFils'),
      atVenueFils: price('cash'),
      onlineFils: price('online') + price('onlineNoShow'),
      owedToVenueFils: sum('owedToVenueFils'),
    })
    // The venue kept the cash: it owes the commission and the VAT on it.
    const cash = statement.lines[0]
    expect(cash?.commissionVatFils).toBe(Math.round((cash?.commissionFils ?? 0) / 10))
    expect(cash?.owedToVenueFils).toBe(-((cash?.commissionFils ?? 0) + (cash?.commissionVatFils ?? 0)))
  })

  it('adds 3 visits of BD 13.335 at 15% up to the fils; a new rate applies to visits booked after it, not past ones', async () => {
    for (const time of ['09:00', '11:00'])
      made[`b${time}`] = await book(d.t, { venue: venueB, date: '2026-12-03', time, paid: true })
    await db()
      .updateTable('confirmed_bookings')
      .set({ price_fils: 13_335 })
      .where('venue_id', '=', venueB)
      .execute()
    const statement = await ok<Statement>(d.manager, `/api/admin/statements?venue=${venueB}&month=2026-12`)
    expect(statement.lines.map((line) => line.commissionFils)).toEqual([2000, 2000, 2000])
    expect(statement.totals).toEqual({
      grossFils: 40_005,
      commissionFils: 6000,
      commissionVatFils: 600,
      atVenueFils: 0,
      onlineFils: 40_005,
      owedToVenueFils: 33_405,
    })

    const editor = `/api/admin/venues/${venueB}`
    const current = (await send(d.t, d.manager, 'GET', editor)).json()
    expect(current.venue.commissionPercent).toBe(15)
    const tooHigh = await adminRequest(d.t, d.manager, 'PATCH', editor, {
      ...unchangedDetails(current),
      commissionPercent: 100.5,
    })
    expect(tooHigh.json().error.fields).toEqual({ commissionPercent: 'COMMISSION_RANGE' })
    const saved = await adminRequest(d.t, d.manager, 'PATCH', editor, {
      ...unchangedDetails(current),
      commissionPercent: 12.5,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const audit = await db()
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('entity_id', '=', venueB)
      .where('action', '=', 'venue.update')
      .executeTakeFirstOrThrow()
    expect([audit.before, audit.after]).toEqual([{ commissionPercent: 15 }, { commissionPercent: 12.5 }])
    // The visits booked before keep their 15%; one booked now is charged 12.5%.
    made.bAfter = await book(d.t, { venue: venueB, date: '2026-12-03', time: '12:00', paid: true })
    await db()
      .updateTable('confirmed_bookings')
      .set({ price_fils: 13_335 })
      .where('id', '=', made.bAfter.id)
      .execute()
    const after = await ok<Statement>(d.admin, `/api/admin/statements?venue=${venueB}&month=2026-12`)
    expect(after.venue.commissionPercent).toBe(12.5)
    // 13.335 × 12.5% = 1.666875: 1.667.
    expect(after.lines.map((line) => [line.commissionPercent, line.commissionFils])).toEqual([
      [15, 2000],
      [15, 2000],
      [15, 2000],
      [12.5, 1667],
    ])
    expect(after.totals.commissionFils).toBe(7667)

    // Setting 0% leaves every past line as it was.
    const zero = await adminRequest(d.t, d.manager, 'PATCH', editor, {
      ...unchangedDetails((await send(d.t, d.manager, 'GET', editor)).json()),
      commissionPercent: 0,
    })
    expect(zero.statusCode, zero.body).toBe(200)
    const atZero = await ok<Statement>(d.admin, `/api/admin/statements?venue=${venueB}&month=2026-12`)
    expect(atZero.totals.commissionFils).toBe(7667)
  })

  it('exports the statement as CSV, neutralising names that would be formulas', async () => {
    await db()
      .updateTable('venues')
      .set({ name_en: '=HYPERLINK("http://x.example","Pay")' })
      .where('id', '=', venueA)
      .execute()
    await db()
      .updateTable('confirmed_bookings')
      .set({ pass_name: '@SUM(1+1)' })
      .where('id', '=', made.cash?.id ?? 0)
      .execute()
    await db()
      .updateTable('confirmed_bookings')
      .set({ pass_name: '\tTab' })
      .where('id', '=', made.online?.id ?? 0)
      .execute()
    await db()
      .updateTable('confirmed_bookings')
      .set({ pass_name: '+1-1' })
      .where('id', '=', made.onlineNoShow?.id ?? 0)
      .execute()
    const response = await send(
      d.t,
      d.manager,
      'GET',
      `/api/admin/statements/csv?venue=${venueA}&month=2026-12`,
    )
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="statement-${venueA}-2026-12.csv"`,
    )
    const rows: Record<string, string>[] = parse(response.body, { columns: true, bom: true })
    expect(rows.map((row) => row.pass)).toEqual(["'@SUM(1+1)", "'\tTab", "'+1-1", ''])
    for (const row of rows) expect(row.venue).toBe('\'=HYPERLINK("http://x.example","Pay")')
    // A negative balance is a number, not a formula: its minus sign stays.
    expect(rows[0]?.owed_to_venue_bd).toMatch(/^-\d+\.\d{3}$/)
    const report = await send(d.t, d.manager, 'GET', '/api/admin/reports/csv?from=2026-12-01&to=2026-12-01')
    const reportRows: Record<string, string>[] = parse(report.body, { columns: true, bom: true })
    expect(reportRows.find((row) => row.row === 'venue')?.venue).toBe(
      '\'=HYPERLINK("http://x.example","Pay")',
    )
  })

  it('puts a party on one line and works out the VAT on its commission once: BD 13.200 of commission, BD 1.320 of VAT', async () => {
    // Two parties of 4 in January at venue A (15%): visits of BD 11.033 and BD 10.967. Per visit,
    // commissions of 1.655 and 1.645 would each round their VAT up, to BD 1.324 in all.
    const parties = []
    for (const [time, priceFils] of [
      ['10:00', 11_033],
      ['11:00', 10_967],
    ] as const) {
      const first = await book(d.t, { date: '2027-01-12', time, paid: true, quantity: 4 })
      await db()
        .updateTable('confirmed_bookings')
        .set({ price_fils: priceFils })
        .where('order_id', '=', first.order_id)
        .execute()
      const rows = await db()
        .selectFrom('confirmed_bookings')
        .select(['id', 'reference'])
        .where('order_id', '=', first.order_id)
        .orderBy('id')
        .execute()
      parties.push(rows)
    }
    const url = `/api/admin/statements?venue=${venueA}&month=2027-01`
    const statement = await ok<Statement>(d.manager, url)
    expect(
      statement.lines.map((line) => [
        line.bookingIds,
        line.references,
        line.quantity,
        line.unitPriceFils,
        line.grossFils,
        line.commissionFils,
        line.commissionVatFils,
      ]),
    ).toEqual([
      [
        parties[0]?.map((row) => Number(row.id)),
        parties[0]?.map((row) => row.reference),
        4,
        11_033,
        44_132,
        6620,
        662,
      ],
      [
        parties[1]?.map((row) => Number(row.id)),
        parties[1]?.map((row) => row.reference),
        4,
        10_967,
        43_868,
        6580,
        658,
      ],
    ])
    expect(statement.totals).toMatchObject({
      grossFils: 88_000,
      commissionFils: 13_200,
      commissionVatFils: 1320,
      onlineFils: 88_000,
      owedToVenueFils: 88_000 - 13_200 - 1320,
    })
    // One visit of a party checked in: it stands apart from those still expected, on a line of its own.
    await db()
      .updateTable('confirmed_bookings')
      .set({ checked_in_at: new Date() })
      .where('id', '=', Number(parties[0]?.[0]?.id))
      .execute()
    const split = await ok<Statement>(d.manager, url)
    expect(split.lines.map((line) => [line.visit, line.quantity])).toEqual([
      ['checked_in', 1],
      ['expected', 3],
      ['expected', 4],
    ])
    // The CSV: a line per party, its references and how many.
    const csv = await send(d.t, d.manager, 'GET', `/api/admin/statements/csv?venue=${venueA}&month=2027-01`)
    const rows: Record<string, string>[] = parse(csv.body, { columns: true, bom: true })
    expect(rows.map((row) => [row.visits, row.commission_vat_bd])).toEqual([
      ['1', '0.166'],
      ['3', '0.497'],
      ['4', '0.658'],
      ['', '1.321'],
    ])
  })

  it('refuses a malformed month (400) and an unknown venue (404)', async () => {
    const bad = await send(d.t, d.manager, 'GET', `/api/admin/statements?venue=${venueA}&month=2026-13`)
    expect(bad.json().error.fields).toEqual({ month: 'STATEMENT_MONTH_INVALID' })
    expect(
      (await send(d.t, d.manager, 'GET', '/api/admin/statements?venue=nowhere&month=2026-12')).statusCode,
    ).toBe(404)
  })
})

describe('who may see reports', () => {
  it('lets managers and admins in; refuses visitors and guests (401), users and staff (403), showing nothing', async () => {
    const urls = [
      '/api/admin/reports?from=2026-12-01&to=2026-12-07',
      '/api/admin/reports/csv?from=2026-12-01&to=2026-12-07',
      `/api/admin/statements?venue=${venueA}&month=2026-12`,
      `/api/admin/statements/csv?venue=${venueA}&month=2026-12`,
    ]
    const guest = await guestSession(d.t)
    for (const [cookie, status] of [
      [undefined, 401],
      [guest, 401],
      [d.user, 403],
      [d.staffA.cookie, 403],
      [d.manager, 200],
      [d.admin, 200],
    ] as const)
      for (const url of urls) {
        const response = await send(d.t, cookie, 'GET', url)
        expect(response.statusCode, `${url} ${status}`).toBe(status)
        if (status !== 200) expect(response.body).not.toContain(made.cash?.reference)
      }
  })
})
