import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { guest, line, placeOrder } from '../../../../tests/support/checkout.ts'
import {
  createScheduleTestApp,
  type ScheduleTestApp,
  scheduleVenue as venue,
} from '../../../../tests/support/venue-schedule.ts'

/**
 * Date exceptions: closures (all day or some hours) and changed places, the confirmation they need
 * when they hit bookings, and the public side (availability, the quote, the order) following them.
 */
let s: ScheduleTestApp
beforeAll(async () => {
  s = await createScheduleTestApp()
})
afterAll(() => s.t.close())

describe('PUT and DELETE /api/admin/venues/:id/exceptions/:date', () => {
  it('refuses a past date, a date over a year ahead and an exception that changes nothing', async () => {
    const cases: [string, object, Record<string, string>][] = [
      [
        '2026-11-30',
        { closedAllDay: true, closedHours: [], capacity: null },
        { date: 'EXCEPTION_DATE_PAST' },
      ],
      [
        '2027-12-02',
        { closedAllDay: true, closedHours: [], capacity: null },
        { date: 'EXCEPTION_DATE_TOO_FAR' },
      ],
      ['2026-02-30', { closedAllDay: true, closedHours: [], capacity: null }, { date: 'INVALID_DATE' }],
      [
        '2026-12-10',
        { closedAllDay: false, closedHours: [], capacity: null },
        { closedHours: 'EXCEPTION_NO_CHANGE' },
      ],
      [
        '2026-12-10',
        { closedAllDay: false, closedHours: [], capacity: 501 },
        { capacity: 'EXCEPTION_CAPACITY_RANGE' },
      ],
      [
        '2026-12-10',
        { closedAllDay: true, closedHours: [], capacity: null, note: 'x'.repeat(201) },
        { note: 'NOTE_TOO_LONG' },
      ],
    ]
    for (const [date, payload, fields] of cases) {
      const response = await s.putException(date, payload)
      expect(response.statusCode, response.body).toBe(400)
      expect(response.json().error.fields).toMatchObject(fields)
    }
    const unknown = await s.call('PUT', '/api/admin/venues/no-such-venue/exceptions/2026-12-10', {
      closedAllDay: true,
      closedHours: [],
      capacity: null,
    })
    expect(unknown.statusCode).toBe(404)
    expect(await s.db.selectFrom('venue_date_exceptions').selectAll().execute()).toEqual([])
  })

  it('a closure hitting 1 booking: 409 with count 1 and nothing changed, then confirmed, saved and listed', async () => {
    const order = await s.book('2026-12-03', '10:00', 1, 'booked@example.bh')
    const closure = { closedAllDay: false, closedHours: [10, 11], capacity: null, note: 'Pool maintenance' }
    const auditBefore = await s.auditActions()

    const refused = await s.putException('2026-12-03', closure)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error).toMatchObject({
      code: 'CLOSURE_AFFECTS_BOOKINGS',
      params: { count: 1 },
      message: expect.stringContaining('1 affected'),
    })
    expect(await s.db.selectFrom('venue_date_exceptions').selectAll().execute()).toEqual([])
    expect(await s.auditActions()).toEqual(auditBefore)
    expect((await s.slot('2026-12-03', '11:00'))?.status).toBe('open')

    const saved = await s.putException('2026-12-03', { ...closure, confirm: true })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().affectedBookings).toEqual([
      {
        id: order.bookings[0]?.id,
        reference: expect.stringMatching(/^DP-[A-Z0-9]{4}-[A-Z0-9]{4}$/),
        date: '2026-12-03',
        time: '10:00',
        passName: expect.objectContaining({ en: expect.stringContaining('Gym Day Pass') }),
        bookerName: 'Fatima Al Sayed',
        bookerEmail: 'booked@example.bh',
        paymentStatus: 'pay at venue',
      },
    ])
    expect(saved.json().schedule.exceptions).toEqual([
      expect.objectContaining({
        date: '2026-12-03',
        closedHours: [10, 11],
        note: 'Pool maintenance',
        affectedBookings: [expect.objectContaining({ bookerEmail: 'booked@example.bh' })],
      }),
    ])
    // The public side: closed in availability, refused by the quote and by an order.
    expect(await s.slot('2026-12-03', '10:00')).toMatchObject({ status: 'closed', remaining: 0 })
    expect(await s.slot('2026-12-03', '11:00')).toMatchObject({ status: 'closed' })
    expect(await s.slot('2026-12-03', '12:00')).toMatchObject({ status: 'open' })
    expect(await s.quoteProblem('2026-12-03', '11:00')).toBe('SLOT_CLOSED')
    const order2 = await placeOrder(s.t, {
      items: [line({ date: '2026-12-03', time: '11:00' })],
      paymentMethod: 'venue',
      guest: guest(s.t),
    })
    expect(order2.statusCode).toBe(409)
    expect(order2.json().error.fields).toEqual({ 'items.0': 'SLOT_CLOSED' })

    const [audit] = await s.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'venue.exception.set')
      .execute()
    expect(audit).toMatchObject({
      entity_type: 'venue_date_exception',
      entity_id: `${venue}/2026-12-03`,
      venue_id: venue,
      before: null,
      after: {
        date: '2026-12-03',
        closedAllDay: false,
        closedHours: [10, 11],
        capacity: null,
        confirmed: true,
      },
    })
  })

  it('closes a whole day: every slot closed, nothing bookable', async () => {
    const response = await s.putException('2026-12-04', {
      closedAllDay: true,
      closedHours: [],
      capacity: null,
    })
    expect(response.statusCode, response.body).toBe(200)
    const day = await s.availability('2026-12-04')
    expect(day.slots.length).toBeGreaterThan(0)
    expect(day.slots.every((s) => s.status === 'closed')).toBe(true)
    expect(await s.quoteProblem('2026-12-04', '12:00')).toBe('SLOT_CLOSED')
  })

  it('lowers the places of a date: fuller slots stay booked and show full, the table keeps taken ≤ capacity', async () => {
    await s.book('2026-12-07', '12:00', 3)
    const fewer = { closedAllDay: false, closedHours: [], capacity: 2 }
    const refused = await s.putException('2026-12-07', fewer)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error.params).toEqual({ count: 3 })

    const saved = await s.putException('2026-12-07', { ...fewer, confirm: true })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().affectedBookings).toHaveLength(3)
    expect(await s.slot('2026-12-07', '12:00')).toMatchObject({ status: 'full', capacity: 2, remaining: 0 })
    expect(await s.slot('2026-12-07', '13:00')).toMatchObject({ status: 'open', capacity: 2, remaining: 2 })
    const stored = await s.db
      .selectFrom('slot_occupancy')
      .select(['capacity', 'taken'])
      .where('venue_id', '=', venue)
      .where('slot_date', '=', '2026-12-07')
      .where('slot_hour', '=', 12)
      .executeTakeFirstOrThrow()
    expect(stored).toEqual({ capacity: 3, taken: 3 })
    expect(await s.quoteProblem('2026-12-07', '12:00')).toBe('SLOT_FULL')

    // Raising them again needs no confirmation, and the slot sells what is left.
    const raised = await s.putException('2026-12-07', { ...fewer, capacity: 5 })
    expect(raised.statusCode, raised.body).toBe(200)
    expect(await s.slot('2026-12-07', '12:00')).toMatchObject({ status: 'open', capacity: 5, remaining: 2 })
  })

  it('deletes an exception: the date follows the week again; a second delete is 404', async () => {
    const removed = await s.call('DELETE', `/api/admin/venues/${venue}/exceptions/2026-12-04`)
    expect(removed.statusCode, removed.body).toBe(200)
    expect(await s.slot('2026-12-04', '12:00')).toMatchObject({ status: 'open' })
    const again = await s.call('DELETE', `/api/admin/venues/${venue}/exceptions/2026-12-04`)
    expect(again.statusCode).toBe(404)
    expect(again.json().error.code).toBe('EXCEPTION_NOT_FOUND')
    const [audit] = await s.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'venue.exception.delete')
      .execute()
    expect(audit).toMatchObject({
      entity_id: `${venue}/2026-12-04`,
      before: { closedAllDay: true },
      after: null,
    })
  })

  it('asks before removing an exception whose extra places are taken', async () => {
    await s.putException('2026-12-09', { closedAllDay: false, closedHours: [], capacity: 40 })
    await s.book('2026-12-09', '14:00')
    // Others hold places too: more than the week's 20.
    await s.db
      .updateTable('slot_occupancy')
      .set({ taken: 35 })
      .where('venue_id', '=', venue)
      .where('slot_date', '=', '2026-12-09')
      .where('slot_hour', '=', 14)
      .execute()
    const refused = await s.call('DELETE', `/api/admin/venues/${venue}/exceptions/2026-12-09`)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error).toMatchObject({ code: 'SCHEDULE_AFFECTS_BOOKINGS', params: { count: 1 } })
    const confirmed = await s.call('DELETE', `/api/admin/venues/${venue}/exceptions/2026-12-09?confirm=true`)
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(await s.slot('2026-12-09', '14:00')).toMatchObject({ status: 'full', capacity: 20 })
  })
})
