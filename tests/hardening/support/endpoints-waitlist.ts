import { teamWaitlistSchema, waitlistEntrySchema } from '../../../src/shared/waitlist.ts'
import type { EndpointSpec } from './endpoints.ts'
import type { HardeningContext } from './hardening-app.ts'
import { fullSlot, waitlistJoin } from './waitlist.ts'

/**
 * The waiting list (docs/booking.md, "Waiting list"): joining a full slot as a guest with a proved
 * address (each request its own), a request by its signed link, leaving it (again: still 200), and
 * the desk's view of the venue's day.
 */
export function waitlistSpecs(c: () => HardeningContext): EndpointSpec[] {
  return [
    {
      key: 'POST /api/waitlist',
      base: (n) => ({
        method: 'POST',
        route: '/api/waitlist',
        body: waitlistJoin(c().t, `waitlist-${n}@example.bh`),
      }),
      optional: ['language'],
      control: 201,
      ok: waitlistEntrySchema,
    },
    {
      key: 'GET /api/waitlist/:token',
      base: () => ({ method: 'GET', route: '/api/waitlist/:token', params: { token: c().waitlistToken } }),
      control: 200,
      ok: waitlistEntrySchema,
    },
    {
      key: 'POST /api/waitlist/:token/leave',
      base: () => ({
        method: 'POST',
        route: '/api/waitlist/:token/leave',
        // No body: only the route, the origin and the token can be broken.
        params: { token: c().waitlistToken },
      }),
      control: 200,
      ok: waitlistEntrySchema,
    },
    {
      key: 'GET /api/desk/waitlist',
      base: () => ({
        method: 'GET',
        route: '/api/desk/waitlist',
        query: { venue: fullSlot.gymId, date: fullSlot.date },
        headers: { cookie: c().managerCookie },
      }),
      control: 200,
      ok: teamWaitlistSchema,
    },
  ]
}
