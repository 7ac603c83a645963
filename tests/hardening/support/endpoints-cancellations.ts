import {
  cancelResultSchema,
  guestCancelResultSchema,
  stuckRefundsSchema,
} from '../../../src/shared/cancellations.ts'
import type { EndpointSpec } from './endpoints.ts'
import type { HardeningContext } from './hardening-app.ts'

/**
 * Cancelling (docs/decisions/024): the user's own visit, a guest's through their link, the team's cancel with
 * a reason (of the same visit: by then already cancelled, so it changes nothing) and the refunds
 * list. Malformed requests are refused before anything is cancelled.
 */
export function cancellationSpecs(c: () => HardeningContext): EndpointSpec[] {
  return [
    {
      key: 'POST /api/bookings/:id/cancel',
      base: () => ({
        method: 'POST',
        route: '/api/bookings/:id/cancel',
        params: { id: String(c().tickets.userBookingId) },
        body: { scope: 'visit' },
        headers: { cookie: c().userCookie },
      }),
      optional: ['scope'],
      control: 200,
      ok: cancelResultSchema,
    },
    {
      key: 'POST /api/manage/:token/cancel',
      base: () => ({
        method: 'POST',
        route: '/api/manage/:token/cancel',
        // A booking of its own: the cancel revokes the link, which the reading endpoints' specs use.
        params: { token: c().tickets.cancellableGuestToken },
        body: { scope: 'visit' },
      }),
      optional: ['scope'],
      control: 200,
      ok: guestCancelResultSchema,
    },
    {
      key: 'POST /api/team/bookings/:id/cancel',
      base: () => ({
        method: 'POST',
        route: '/api/team/bookings/:id/cancel',
        params: { id: String(c().tickets.userBookingId) },
        body: {
          scope: 'visit',
          reason: 'The venue is closed for repairs.',
          overrideReason: 'Booked twice by mistake.',
          refund: 'full',
        },
        headers: { cookie: c().managerCookie },
      }),
      optional: ['scope', 'overrideReason', 'refund'],
      freeText: ['reason', 'overrideReason'],
      control: 200,
      ok: cancelResultSchema,
    },
    {
      key: 'GET /api/team/refunds/stuck',
      base: () => ({
        method: 'GET',
        route: '/api/team/refunds/stuck',
        headers: { cookie: c().managerCookie },
      }),
      control: 200,
      ok: stuckRefundsSchema,
    },
  ]
}
