import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  cancelRequestSchema,
  cancelResultSchema,
  guestCancelResultSchema,
  stuckRefundsSchema,
  teamCancelRequestSchema,
} from '../../../shared/cancellations.ts'
import { formatBhd } from '../../../shared/money.ts'
import { requirePermission, requireUser, signedInAccount } from '../../identity/guards.ts'
import { HttpError } from '../../plugins/errors.ts'
import { byClient, limitBy } from '../../plugins/rate-limits.ts'
import { deskScope } from '../desk/scope.ts'
import { usdCentsToString } from '../payments/usd.ts'
import { openGuestLink } from '../tickets/guest-links.ts'
import { findTicketBooking } from '../tickets/repository.ts'
import { viewToken } from '../tickets/ticket-codes.ts'
import { cancelVisits } from './cancel.ts'
import { type RefundDeps, stuckAfterMs } from './refunds.ts'
import { stuckRefunds } from './repository.ts'

interface CancellationDeps extends RefundDeps {
  /** AUTH_SECRET: a guest's manage link is signed with it. */
  secret: string
}

/** Cancelling is rare and each one may call PayPal: this only stops a script hammering it. */
export const cancelRateLimit = { max: 60, timeWindow: 10 * 60_000 }

const bookingParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) })
const tokenParams = z.object({ token: z.string().max(120) })

/**
 * Cancelling visits: the booker from My Bookings, a guest from the signed link in their mail, and
 * the team (canManageBookings; staff within their venues) with a reason whatever the policy. Also
 * the team's list of refunds pending for more than a day (canViewReports).
 */
export const cancellationRoutes: FastifyPluginAsyncZod<CancellationDeps> = async (app, deps) => {
  const limit = limitBy(app, { ...cancelRateLimit, name: 'cancel', by: byClient })
  const withLog = (log: RefundDeps['log']) => ({ ...deps, log })

  app.post(
    '/api/bookings/:id/cancel',
    {
      onRequest: limit,
      preHandler: requireUser(),
      schema: {
        tags: ['bookings'],
        summary:
          'Cancels one of the signed-in account’s visits, or its whole order, within the venue’s policy',
        params: bookingParams,
        body: cancelRequestSchema,
        response: { 200: cancelResultSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const { id: userId } = await signedInAccount(request)
      return cancelVisits(
        withLog(request.log),
        { kind: 'user', userId },
        request.params.id,
        request.body.scope,
      )
    },
  )

  app.post(
    '/api/manage/:token/cancel',
    {
      onRequest: limit,
      schema: {
        tags: ['bookings'],
        summary: 'Cancels a guest’s visit (or its whole order) from the signed link in their mail',
        params: tokenParams,
        body: cancelRequestSchema,
        response: { 200: guestCancelResultSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      // Only a manage link cancels: a view link, like a forged, revoked or expired one, is a 404.
      const booking = await openGuestLink(deps.db, deps.secret, request.params.token, 'cancel', deps.now())
      const result = await cancelVisits(
        withLog(request.log),
        { kind: 'guest', bookingId: booking.id },
        booking.id,
        request.body.scope,
      )
      // Cancelling raised the version, so the link just used is revoked: the page moves to a
      // read-only link of the new version, which shows the cancelled visit and its refund.
      const after = await findTicketBooking(deps.db, booking.id)
      if (!after) throw new HttpError(404, 'BOOKING_NOT_FOUND')
      return { ...result, viewToken: viewToken(deps.secret, after) }
    },
  )

  app.post(
    '/api/team/bookings/:id/cancel',
    {
      onRequest: limit,
      preHandler: requirePermission('canManageBookings'),
      schema: {
        tags: ['team'],
        summary:
          'The team cancels a visit (staff: of their venues) with a reason, whatever the policy; one checked in, a no-show or paid at the desk only a manager, as an override',
        params: bookingParams,
        body: teamCancelRequestSchema,
        response: { 200: cancelResultSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const viewer = await signedInAccount(request)
      const scope = await deskScope(deps.db, viewer)
      const { reason, overrideReason, refund } = request.body
      const override = overrideReason ? { reason: overrideReason, ...(refund ? { refund } : {}) } : undefined
      return cancelVisits(
        withLog(request.log),
        { kind: 'team', viewer, scope, reason, ...(override ? { override } : {}) },
        request.params.id,
        request.body.scope,
      )
    },
  )

  app.get(
    '/api/team/refunds/stuck',
    {
      preHandler: requirePermission('canViewReports'),
      schema: {
        tags: ['team'],
        summary: 'Card refunds still pending a day after the cancellation, oldest first',
        response: { 200: stuckRefundsSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      const rows = await stuckRefunds(deps.db, new Date(deps.now().getTime() - stuckAfterMs))
      return {
        refunds: rows.map((row) => ({
          id: row.id,
          bookingId: row.booking_id,
          reference: row.reference,
          orderId: row.order_id,
          gymName: row.gym_name,
          amount: formatBhd(row.amount_fils),
          amountUsd: usdCentsToString(row.amount_usd_cents),
          attempts: row.attempts,
          lastError: row.last_error,
          createdAt: row.created_at.toISOString(),
          nextAttemptAt: row.next_attempt_at ? new Date(row.next_attempt_at).toISOString() : null,
        })),
      }
    },
  )
}
