import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { guestSession, signedInUser, testOrigin } from '../../../../tests/support/accounts.ts'
import { checkoutClock, guest, line, placeOrder } from '../../../../tests/support/checkout.ts'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts'
import { seedIfEmpty } from '../../db/seed.ts'
import { CatalogService } from '../catalog/service.ts'

/**
 * The team's schedule endpoints, and the public side following them. The catalog here is cached
 * for a minute: availability, the quote and the order only see a change because the route
 * announces it. The clock is checkout's: Tuesday 1 December 2026, 08:30 in Bahrain.
 */
let t: TestApp
let manager: string
const venue = 'manama-marina-hotel'
const week = (hours: number[]) => Array.from({ length: 7 }, () => hours)
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i)

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: testOrigin }, (database) => ({
    catalog: new CatalogService(database.db, { cacheMs: 60_000, now: () => checkoutClock }),
  }))
  await seedIfEmpty(t.database.db)
  manager = (await signedInUser(t, 'manager@daypass.bh', 'manager')).cookie
})
afterAll(() => t.close())

const db = () => t.database.db

function call(method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object, cookie = manager) {
  return t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { origin: testOrigin, ...(cookie ? { cookie } : {}) },
  })
}
const putHours = (payload: object, cookie?: string) =>
  call('PUT', `/api/admin/venues/${venue}/hours`, payload, cookie)
const putException = (date: string, payload: object, cookie?: string) =>
  call('PUT', `/api/admin/venues/${venue}/exceptions/${date}`, payload, cookie)
const availability = async (date: string) => {
  const response = await call('GET', `/api/gyms/${venue}/availability?date=${date}`, undefined, '')
  expect(response.statusCode).toBe(200)
  return response.json() as { slots: { time: string; status: string; capacity: number; remaining: number }[] }
}
const slot = async (date: string, time: string) =>
  (await availability(date)).slots.find((s) => s.time === time)
const quoteProblem = async (date: string, time: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/checkout/quote',
    payload: { items: [line({ date, time })] },
    headers: { origin: testOrigin },
  })
  return response.json().lines[0].problem?.code ?? null
}
/** A guest's pay-at-venue booking: confirmed at once, one confirmed_bookings row per line. */
async function book(date: string, time: string, places = 1, email?: string) {
  const items = Array.from({ length: places }, () => line({ date, time }))
  const response = await placeOrder(t, { items, paymentMethod: 'venue', guest: guest(t, email) })
  expect(response.statusCode, response.body).toBe(201)
  return response.json() as { id: string; bookings: { id: number }[] }
}
const auditActions = async () =>
  (
    await db().selectFrom('audit_log').select('action').where('venue_id', '=', venue).orderBy('id').execute()
  ).map((row) => row.action)

describe('who may use the schedule endpoints', () => {
  it('refuses anonymous visitors (401), guests (401), users and staff (403), and changes nothing', async () => {
    const user = (await signedInUser(t, 'user@example.bh')).cookie
    const staff = (await signedInUser(t, 'staff@daypass.bh', 'staff')).cookie
    const guestCookie = await guestSession(t)
    const before = await db()
      .selectFrom('venues')
      .select(['weekly_hours', 'capacity_per_slot'])
      .where('id', '=', venue)
      .executeTakeFirstOrThrow()
    const requests = [
      ['GET', `/api/admin/venues/${venue}/schedule`, undefined],
      ['PUT', `/api/admin/venues/${venue}/hours`, { weeklyHours: week([9]), capacityPerSlot: 5 }],
      [
        'PUT',
        `/api/admin/venues/${venue}/exceptions/2026-12-20`,
        { closedAllDay: true, closedHours: [], capacity: null },
      ],
      ['DELETE', `/api/admin/venues/${venue}/exceptions/2026-12-20`, undefined],
    ] as const
    for (const [method, url, payload] of requests) {
      for (const [cookie, status] of [
        ['', 401],
        [guestCookie, 401],
        [user, 403],
        [staff, 403],
      ] as const) {
        const response = await call(method, url, payload, cookie)
        expect(response.statusCode, `${method} ${url} ${status}`).toBe(status)
        expect(response.json().error.code).toBe(status === 401 ? 'SIGN_IN_REQUIRED' : 'FORBIDDEN')
      }
    }
    const after = await db()
      .selectFrom('venues')
      .select(['weekly_hours', 'capacity_per_slot'])
      .where('id', '=', venue)
      .executeTakeFirstOrThrow()
    expect(after).toEqual(before)
    expect(await db().selectFrom('venue_date_exceptions').selectAll().execute()).toEqual([])
    expect(await auditActions()).toEqual([])
  })
})

describe('GET /api/admin/venues/:id/schedule', () => {
  it('gives the week (Sunday first), the places per slot and no exceptions yet, never cached', async () => {
    const response = await call('GET', `/api/admin/venues/${venue}/schedule`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.json()).toEqual({
      venueId: venue,
      weeklyHours: week(range(8, 20)),
      capacityPerSlot: 20,
      exceptions: [],
    })
  })

  it('answers 404 for an unknown venue', async () => {
    const response = await call('GET', '/api/admin/venues/no-such-venue/schedule')
    expect(response.statusCode).toBe(404)
    expect(response.json().error.code).toBe('GYM_NOT_FOUND')
  })
})

describe('PUT /api/admin/venues/:id/hours', () => {
  it('refuses bad hours and places with a code per field', async () => {
    const cases: [object, Record<string, string>][] = [
      [{ weeklyHours: week([9]).slice(1), capacityPerSlot: 20 }, { weeklyHours: 'WEEK_INVALID' }],
      [
        { weeklyHours: [[24], ...week([9]).slice(1)], capacityPerSlot: 20 },
        { 'weeklyHours.0.0': 'HOURS_INVALID' },
      ],
      [
        { weeklyHours: [[9, 9], ...week([9]).slice(1)], capacityPerSlot: 20 },
        { 'weeklyHours.0': 'HOURS_REPEATED' },
      ],
      [{ weeklyHours: week([9]), capacityPerSlot: 0 }, { capacityPerSlot: 'CAPACITY_RANGE' }],
      [{ weeklyHours: week([9]), capacityPerSlot: 501 }, { capacityPerSlot: 'CAPACITY_RANGE' }],
    ]
    for (const [payload, fields] of cases) {
      const response = await putHours(payload)
      expect(response.statusCode, response.body).toBe(400)
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields })
    }
    expect(await auditActions()).toEqual([])
  })

  it('opens 06:00 to 22:00 with 30 places: availability shows the 21:00 slot at once', async () => {
    expect((await slot('2026-12-03', '21:00')) ?? null).toBeNull()
    const response = await putHours({ weeklyHours: week(range(6, 22)), capacityPerSlot: 30 })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().schedule).toMatchObject({ weeklyHours: week(range(6, 22)), capacityPerSlot: 30 })
    const slots = (await availability('2026-12-03')).slots
    expect(slots.map((s) => s.time)).toEqual(range(6, 22).map((h) => `${String(h).padStart(2, '0')}:00`))
    expect(slots.at(-1)).toMatchObject({ time: '21:00', status: 'open', capacity: 30, remaining: 30 })
    expect(await quoteProblem('2026-12-03', '21:00')).toBeNull()
    const [audit] = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'venue.hours')
      .execute()
    expect(audit).toMatchObject({
      actor_email: 'manager@daypass.bh',
      entity_type: 'venue',
      entity_id: venue,
      venue_id: venue,
      before: { weeklyHours: week(range(8, 20)), capacityPerSlot: 20 },
      after: { weeklyHours: week(range(6, 22)), capacityPerSlot: 30 },
    })
  })

  it('asks before leaving out an hour that a booking holds, then saves it when confirmed', async () => {
    await book('2026-12-08', '21:00', 1, 'late-visitor@example.bh')
    const narrower = { weeklyHours: week(range(6, 21)), capacityPerSlot: 30 }
    const refused = await putHours(narrower)
    expect(refused.statusCode).toBe(409)
    const error = refused.json().error
    expect(error).toMatchObject({ code: 'SCHEDULE_AFFECTS_BOOKINGS', params: { count: 1 } })
    expect(error.details).toEqual([
      expect.objectContaining({ date: '2026-12-08', time: '21:00', bookerEmail: 'late-visitor@example.bh' }),
    ])

    const confirmed = await putHours({ ...narrower, confirm: true })
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(confirmed.json().affectedBookings).toHaveLength(1)
    // The booking stays; the hour is no longer sold.
    expect(
      await db()
        .selectFrom('confirmed_bookings')
        .select('id')
        .where('booking_date', '=', '2026-12-08')
        .execute(),
    ).toHaveLength(1)
    expect(await slot('2026-12-08', '21:00')).toBeUndefined()
    expect(await quoteProblem('2026-12-08', '21:00')).toBe('SLOT_CLOSED')
  })
})

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
      const response = await putException(date, payload)
      expect(response.statusCode, response.body).toBe(400)
      expect(response.json().error.fields).toMatchObject(fields)
    }
    const unknown = await call('PUT', '/api/admin/venues/no-such-venue/exceptions/2026-12-10', {
      closedAllDay: true,
      closedHours: [],
      capacity: null,
    })
    expect(unknown.statusCode).toBe(404)
    expect(await db().selectFrom('venue_date_exceptions').selectAll().execute()).toEqual([])
  })

  it('a closure hitting 1 booking: 409 with count 1 and nothing changed, then confirmed, saved and listed', async () => {
    const order = await book('2026-12-03', '10:00', 1, 'booked@example.bh')
    const closure = { closedAllDay: false, closedHours: [10, 11], capacity: null, note: 'Pool maintenance' }
    const auditBefore = await auditActions()

    const refused = await putException('2026-12-03', closure)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error).toMatchObject({
      code: 'CLOSURE_AFFECTS_BOOKINGS',
      params: { count: 1 },
      message: expect.stringContaining('1 affected'),
    })
    expect(await db().selectFrom('venue_date_exceptions').selectAll().execute()).toEqual([])
    expect(await auditActions()).toEqual(auditBefore)
    expect((await slot('2026-12-03', '11:00'))?.status).toBe('open')

    const saved = await putException('2026-12-03', { ...closure, confirm: true })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().affectedBookings).toEqual([
      {
        id: order.bookings[0]?.id,
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
    expect(await slot('2026-12-03', '10:00')).toMatchObject({ status: 'closed', remaining: 0 })
    expect(await slot('2026-12-03', '11:00')).toMatchObject({ status: 'closed' })
    expect(await slot('2026-12-03', '12:00')).toMatchObject({ status: 'open' })
    expect(await quoteProblem('2026-12-03', '11:00')).toBe('SLOT_CLOSED')
    const order2 = await placeOrder(t, {
      items: [line({ date: '2026-12-03', time: '11:00' })],
      paymentMethod: 'venue',
      guest: guest(t),
    })
    expect(order2.statusCode).toBe(409)
    expect(order2.json().error.fields).toEqual({ 'items.0': 'SLOT_CLOSED' })

    const [audit] = await db()
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
    const response = await putException('2026-12-04', { closedAllDay: true, closedHours: [], capacity: null })
    expect(response.statusCode, response.body).toBe(200)
    const day = await availability('2026-12-04')
    expect(day.slots.length).toBeGreaterThan(0)
    expect(day.slots.every((s) => s.status === 'closed')).toBe(true)
    expect(await quoteProblem('2026-12-04', '12:00')).toBe('SLOT_CLOSED')
  })

  it('lowers the places of a date: fuller slots stay booked and show full, the table keeps taken ≤ capacity', async () => {
    await book('2026-12-07', '12:00', 3)
    const fewer = { closedAllDay: false, closedHours: [], capacity: 2 }
    const refused = await putException('2026-12-07', fewer)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error.params).toEqual({ count: 3 })

    const saved = await putException('2026-12-07', { ...fewer, confirm: true })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().affectedBookings).toHaveLength(3)
    expect(await slot('2026-12-07', '12:00')).toMatchObject({ status: 'full', capacity: 2, remaining: 0 })
    expect(await slot('2026-12-07', '13:00')).toMatchObject({ status: 'open', capacity: 2, remaining: 2 })
    const stored = await db()
      .selectFrom('slot_occupancy')
      .select(['capacity', 'taken'])
      .where('venue_id', '=', venue)
      .where('slot_date', '=', '2026-12-07')
      .where('slot_hour', '=', 12)
      .executeTakeFirstOrThrow()
    expect(stored).toEqual({ capacity: 3, taken: 3 })
    expect(await quoteProblem('2026-12-07', '12:00')).toBe('SLOT_FULL')

    // Raising them again needs no confirmation, and the slot sells what is left.
    const raised = await putException('2026-12-07', { ...fewer, capacity: 5 })
    expect(raised.statusCode, raised.body).toBe(200)
    expect(await slot('2026-12-07', '12:00')).toMatchObject({ status: 'open', capacity: 5, remaining: 2 })
  })

  it('deletes an exception: the date follows the week again; a second delete is 404', async () => {
    const removed = await call('DELETE', `/api/admin/venues/${venue}/exceptions/2026-12-04`)
    expect(removed.statusCode, removed.body).toBe(200)
    expect(await slot('2026-12-04', '12:00')).toMatchObject({ status: 'open' })
    const again = await call('DELETE', `/api/admin/venues/${venue}/exceptions/2026-12-04`)
    expect(again.statusCode).toBe(404)
    expect(again.json().error.code).toBe('EXCEPTION_NOT_FOUND')
    const [audit] = await db()
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
    await putException('2026-12-09', { closedAllDay: false, closedHours: [], capacity: 40 })
    await book('2026-12-09', '14:00')
    // Others hold places too: more than the week's 30.
    await db()
      .updateTable('slot_occupancy')
      .set({ taken: 35 })
      .where('venue_id', '=', venue)
      .where('slot_date', '=', '2026-12-09')
      .where('slot_hour', '=', 14)
      .execute()
    const refused = await call('DELETE', `/api/admin/venues/${venue}/exceptions/2026-12-09`)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error).toMatchObject({ code: 'SCHEDULE_AFFECTS_BOOKINGS', params: { count: 1 } })
    const confirmed = await call('DELETE', `/api/admin/venues/${venue}/exceptions/2026-12-09?confirm=true`)
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(await slot('2026-12-09', '14:00')).toMatchObject({ status: 'full', capacity: 30 })
  })
})
