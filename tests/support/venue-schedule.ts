import { expect } from 'vitest'
import { CatalogService } from '../../src/server/domain/catalog/service.ts'
import { seedIfEmpty } from '../../src/server/seed.ts'
import { signedInUser, testOrigin } from './accounts.ts'
import { checkoutClock, guest, line, placeOrder } from './checkout.ts'
import { createTestApp, type TestApp } from './test-app.ts'

export const scheduleVenue = 'manama-marina-hotel'
export const week = (hours: number[]) => Array.from({ length: 7 }, () => hours)
export const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i)

/**
 * The app for the schedule endpoints' tests, on checkout's clock (Tuesday 1 December 2026, 08:30
 * in Bahrain), with the catalog cached for a minute: availability, the quote and the order only
 * see a change because the route announces it. A manager is signed in; the helpers act on
 * `scheduleVenue`.
 */
export async function createScheduleTestApp() {
  const t: TestApp = await createTestApp({ PUBLIC_URL: testOrigin }, (database) => ({
    now: () => checkoutClock,
    catalog: new CatalogService(database.db, { cacheMs: 60_000, now: () => checkoutClock }),
  }))
  await seedIfEmpty(t.database.db)
  const manager = (await signedInUser(t, 'manager@daypass.bh', 'manager')).cookie
  const venue = scheduleVenue

  const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object, cookie = manager) =>
    t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { origin: testOrigin, ...(cookie ? { cookie } : {}) },
    })
  const availability = async (date: string) => {
    const response = await call('GET', `/api/gyms/${venue}/availability?date=${date}`, undefined, '')
    expect(response.statusCode).toBe(200)
    return response.json() as {
      slots: { time: string; status: string; capacity: number; remaining: number }[]
    }
  }
  return {
    t,
    db: t.database.db,
    call,
    putHours: (payload: object, cookie?: string) =>
      call('PUT', `/api/admin/venues/${venue}/hours`, payload, cookie),
    putException: (date: string, payload: object, cookie?: string) =>
      call('PUT', `/api/admin/venues/${venue}/exceptions/${date}`, payload, cookie),
    availability,
    slot: async (date: string, time: string) => (await availability(date)).slots.find((s) => s.time === time),
    /** The quote's problem code for one visit, or null when it can be booked. */
    async quoteProblem(date: string, time: string) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/checkout/quote',
        payload: { items: [line({ date, time })] },
        headers: { origin: testOrigin },
      })
      return (response.json().lines[0].problem?.code ?? null) as string | null
    },
    /** A guest's pay-at-venue booking: confirmed at once, one confirmed_bookings row per line. */
    async book(date: string, time: string, places = 1, email?: string) {
      const items = Array.from({ length: places }, () => line({ date, time }))
      const response = await placeOrder(t, { items, paymentMethod: 'venue', guest: guest(t, email) })
      expect(response.statusCode, response.body).toBe(201)
      return response.json() as { id: string; bookings: { id: number }[] }
    },
    async auditActions() {
      const rows = await t.database.db
        .selectFrom('audit_log')
        .select('action')
        .where('venue_id', '=', venue)
        .orderBy('id')
        .execute()
      return rows.map((row) => row.action)
    },
  }
}

export type ScheduleTestApp = Awaited<ReturnType<typeof createScheduleTestApp>>
