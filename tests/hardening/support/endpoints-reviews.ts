import {
  reviewInviteSchema,
  teamReviewSchema,
  teamReviewsSchema,
  venueReviewsSchema,
} from '../../../src/shared/reviews.ts'
import type { EndpointSpec } from './endpoints.ts'
import type { HardeningContext } from './hardening-app.ts'
import { unknownVisitToken } from './reviews.ts'

/**
 * Verified reviews (docs/catalog.md, "Reviews"): a venue's list, a visit's review link and its one
 * review, the team's list and hiding one. A visit's review tries are limited, so each malformed
 * review names a visit of its own (none exists: its body and headers are what is checked); the
 * control request writes the checked-in visit's review, once.
 */
export function reviewSpecs(c: () => HardeningContext): EndpointSpec[] {
  return [
    {
      key: 'GET /api/gyms/:id/reviews',
      base: () => ({ method: 'GET', route: '/api/gyms/:id/reviews', params: { id: 'manama-marina-hotel' } }),
      control: 200,
      ok: venueReviewsSchema,
    },
    {
      key: 'GET /api/reviews/:token',
      base: () => ({ method: 'GET', route: '/api/reviews/:token', params: { token: c().reviews.token } }),
      control: 200,
      ok: reviewInviteSchema,
    },
    {
      key: 'POST /api/reviews/:token',
      base: (n) => ({
        method: 'POST',
        route: '/api/reviews/:token',
        params: { token: n === 1_000_000 ? c().reviews.token : unknownVisitToken(c().t, n) },
        body: { stars: 5, text: 'Friendly staff' },
      }),
      optional: ['text'],
      freeText: ['text'],
      control: 201,
    },
    {
      key: 'GET /api/team/reviews',
      base: () => ({
        method: 'GET',
        route: '/api/team/reviews',
        query: { hidden: '0' },
        headers: { cookie: c().managerCookie },
      }),
      optional: ['hidden'],
      control: 200,
      ok: teamReviewsSchema,
    },
    {
      key: 'POST /api/team/reviews/:id/hide',
      base: () => ({
        method: 'POST',
        route: '/api/team/reviews/:id/hide',
        params: { id: String(c().reviews.hideableId) },
        body: { reason: 'Names a member of staff' },
        headers: { cookie: c().managerCookie },
      }),
      freeText: ['reason'],
      control: 200,
      ok: teamReviewSchema,
    },
  ]
}
