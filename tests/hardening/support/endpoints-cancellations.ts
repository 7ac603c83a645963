import {
  cancelResultSchema,
  guestCancelResultSchema,
  stuckRefundsSchema,
} from '../../../src/shared/cancellations.ts'
import { dateChangeResultSchema } from '../../../src/shared/date-changes.ts'
import type { EndpointSpec } from './endpoints.ts'
import type { HardeningContext } from './hardening-app.ts'

/**
 * Cancelling (docs/decisions/024): the user's own visit, a guest's through their link, the team's cancel with
 * a reason (of the same visit: by then already cancelled, so it changes nothing) and the refunds
 * list, and moving a visit to another time. Malformed requests are refused before anything changes.
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
    // Moving a visit: the first well-formed request moves it, every later one finds it there (200).
    {
      key: 'POST /api/bookings/:id/change-date',
      base: () => ({
        method: 'POST',
        route: '/api/bookings/:id/change-date',
        params: { id: String(c().movable.userBookingId) },
        body: { date: '2026-12-07', time: '15:00', scope: 'order' },
        headers: { cookie: c().userCookie },
      }),
      optional: ['scope'],
      control: 200,
      ok: dateChangeResultSchema,
    },
    {
      key: 'POST /api/manage/:token/change-date',
      base: () => ({
        method: 'POST',
        route: '/api/manage/:token/change-date',
        params: { token: c().movable.guestToken },
        body: { date: '2026-12-07', time: '16:00', scope: 'order' },
      }),
      optional: ['scope'],
      control: 200,
      ok: dateChangeResultSchema,
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
