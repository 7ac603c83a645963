import { z } from 'zod'
import type { EndpointSpec } from './endpoints.ts'
import type { HardeningContext } from './hardening-app.ts'

/**
 * "Add to calendar": a booking's `.ics` file, for its signed-in booker or through a guest's signed
 * link. A calendar file is no JSON body at all.
 */
export function calendarSpecs(c: () => HardeningContext): EndpointSpec[] {
  return [
    {
      key: 'GET /api/bookings/:id/calendar.ics',
      base: () => ({
        method: 'GET',
        route: '/api/bookings/:id/calendar.ics',
        params: { id: String(c().tickets.userBookingId) },
        headers: { cookie: c().userCookie },
      }),
      control: 200,
      ok: z.undefined(),
    },
    {
      key: 'GET /api/manage/:token/calendar.ics',
      base: () => ({
        method: 'GET',
        route: '/api/manage/:token/calendar.ics',
        params: { token: c().tickets.guestToken },
      }),
      control: 200,
      ok: z.undefined(),
    },
  ]
}
