import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { guestSession, signedInUser } from '../../../../tests/support/accounts.ts'
import {
  createScheduleTestApp,
  range,
  type ScheduleTestApp,
  scheduleVenue as venue,
  week,
} from '../../../../tests/support/venue-schedule.ts'

/**
 * Who may use the schedule endpoints, reading a schedule, and the weekly hours and places: the
 * public side (availability, the quote) follows each change at once.
 */
let s: ScheduleTestApp
beforeAll(async () => {
  s = await createScheduleTestApp()
})
afterAll(() => s.t.close())

describe('who may use the schedule endpoints', () => {
  it('refuses anonymous visitors (401), guests (401), users and staff (403), and changes nothing', async () => {
    const user = (await signedInUser(s.t, 'user@example.bh')).cookie
    const staff = (await signedInUser(s.t, 'staff@daypass.bh', 'staff')).cookie
    const guestCookie = await guestSession(s.t)
    const before = await s.db
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
        const response = await s.call(method, url, payload, cookie)
        expect(response.statusCode, `${method} ${url} ${status}`).toBe(status)
        expect(response.json().error.code).toBe(status === 401 ? 'SIGN_IN_REQUIRED' : 'FORBIDDEN')
      }
    }
    const after = await s.db
      .selectFrom('venues')
      .select(['weekly_hours', 'capacity_per_slot'])
      .where('id', '=', venue)
      .executeTakeFirstOrThrow()
    expect(after).toEqual(before)
    expect(await s.db.selectFrom('venue_date_exceptions').selectAll().execute()).toEqual([])
    expect(await s.auditActions()).toEqual([])
  })
})

describe('GET /api/admin/venues/:id/schedule', () => {
  it('gives the week (Sunday first), the places per slot and no exceptions yet, never cached', async () => {
    const response = await s.call('GET', `/api/admin/venues/${venue}/schedule`)
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
    const response = await s.call('GET', '/api/admin/venues/no-such-venue/schedule')
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
      const response = await s.putHours(payload)
      expect(response.statusCode, response.body).toBe(400)
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields })
    }
    expect(await s.auditActions()).toEqual([])
  })

  it('opens 06:00 to 22:00 with 30 places: availability shows the 21:00 slot at once', async () => {
    expect((await s.slot('2026-12-03', '21:00')) ?? null).toBeNull()
    const response = await s.putHours({ weeklyHours: week(range(6, 22)), capacityPerSlot: 30 })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().schedule).toMatchObject({ weeklyHours: week(range(6, 22)), capacityPerSlot: 30 })
    const slots = (await s.availability('2026-12-03')).slots
    expect(slots.map((s) => s.time)).toEqual(range(6, 22).map((h) => `${String(h).padStart(2, '0')}:00`))
    expect(slots.at(-1)).toMatchObject({ time: '21:00', status: 'open', capacity: 30, remaining: 30 })
    expect(await s.quoteProblem('2026-12-03', '21:00')).toBeNull()
    const [audit] = await s.db
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
    await s.book('2026-12-08', '21:00', 1, 'late-visitor@example.bh')
    const narrower = { weeklyHours: week(range(6, 21)), capacityPerSlot: 30 }
    const refused = await s.putHours(narrower)
    expect(refused.statusCode).toBe(409)
    const error = refused.json().error
    expect(error).toMatchObject({ code: 'SCHEDULE_AFFECTS_BOOKINGS', params: { count: 1 } })
    expect(error.details).toEqual([
      expect.objectContaining({ date: '2026-12-08', time: '21:00', bookerEmail: 'late-visitor@example.bh' }),
    ])

    const confirmed = await s.putHours({ ...narrower, confirm: true })
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(confirmed.json().affectedBookings).toHaveLength(1)
    // The booking stays; the hour is no longer sold.
    expect(
      await s.db
        .selectFrom('confirmed_bookings')
        .select('id')
        .where('booking_date', '=', '2026-12-08')
        .execute(),
    ).toHaveLength(1)
    expect(await s.slot('2026-12-08', '21:00')).toBeUndefined()
    expect(await s.quoteProblem('2026-12-08', '21:00')).toBe('SLOT_CLOSED')
  })

  // PGlite has one connection: a transaction held here would hold up the app itself.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'waits while another edit holds the venue, so the check and the write see its change',
    async () => {
      let release = () => {}
      const released = new Promise<void>((resolve) => {
        release = resolve
      })
      let locked = () => {}
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve
      })
      const otherEdit = s.db.transaction().execute(async (trx) => {
        await trx.selectFrom('venues').select('id').where('id', '=', venue).forUpdate().execute()
        await trx
          .updateTable('venues')
          .set({ weekly_hours: JSON.stringify(week([9])), capacity_per_slot: 7 })
          .where('id', '=', venue)
          .execute()
        locked()
        await released
      })
      await isLocked
      let answered = false
      const save = s.putHours({ weeklyHours: week(range(6, 21)), capacityPerSlot: 31 }).then((response) => {
        answered = true
        return response
      })
      await new Promise((resolve) => setTimeout(resolve, 500))
      expect(answered).toBe(false)
      release()
      await otherEdit
      expect((await save).statusCode).toBe(200)
      // The save read the venue once the other edit had committed: its "before" is that edit.
      const audit = await s.db
        .selectFrom('audit_log')
        .select('before')
        .where('action', '=', 'venue.hours')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
      expect(audit.before).toEqual({ weeklyHours: week([9]), capacityPerSlot: 7 })
    },
  )
})
