import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { todayInBahrain } from '../../../shared/bahrain-time.ts'
import { cancelRequestSchema, cancelResultSchema } from '../../../shared/cancellations.ts'
import { myBookingsSchema } from '../../../shared/visits.ts'
import { requireUser, signedInAccount } from '../../identity/guards.ts'
import { byClient, limitBy } from '../../plugins/rate-limits.ts'
import { findVisitFor } from './access.ts'
import { toCancellableBooking } from './booking-shape.ts'
import { cancelVisits } from './cancel.ts'
import type { VisitRoutesDeps } from './deps.ts'
import { cancelRateLimit } from './rate-limits.ts'
import { loadUserVisits } from './repository.ts'
import { sendCalendarFile, sendTicketQr } from './ticket-file.ts'

const bookingParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) })

/**
 * `/api/bookings`: the signed-in account's own visits, never anyone else's (access.ts). My Bookings,
 * each visit's ticket (QR code) and calendar file, and cancelling within the venue's policy.
 * Another account's booking is 404, as if it did not exist.
 */
export const bookingRoutes: FastifyPluginAsyncZod<VisitRoutesDeps> = async (app, deps) => {
  const { db, secret, siteUrl, now } = deps

  app.get(
    '/api/bookings',
    {
      preHandler: requireUser(),
      schema: {
        tags: ['bookings'],
        summary: 'The signed-in account’s bookings by visit date and time, with today’s date in Bahrain',
        response: { 200: myBookingsSchema },
      },
    },
    async (request, reply) => {
      // Personal data: no browser or proxy may keep a copy.
      reply.header('cache-control', 'no-store')
      // The account of the session cookie; nothing in the request can name another.
      const { id } = await signedInAccount(request)
      // Each with where it stands for cancelling: the deadline, a refusal's reason, its refund.
      const at = now()
      const visits = await loadUserVisits(db, id)
      return { today: todayInBahrain(at), bookings: visits.map((visit) => toCancellableBooking(visit, at)) }
    },
  )

  app.get(
    '/api/bookings/:id/qr.svg',
    {
      preHandler: requireUser(),
      schema: {
        tags: ['bookings'],
        summary: 'The QR code of one of the signed-in account’s tickets, as SVG',
        params: bookingParams,
      },
    },
    async (request, reply) => {
      const { id } = await signedInAccount(request)
      const visit = await findVisitFor(db, { kind: 'account', userId: id }, request.params.id)
      return sendTicketQr(reply, secret, visit)
    },
  )

  app.get(
    '/api/bookings/:id/calendar.ics',
    {
      preHandler: requireUser(),
      schema: {
        tags: ['bookings'],
        summary: 'One of the signed-in account’s bookings as an iCalendar file',
        params: bookingParams,
      },
    },
    async (request, reply) => {
      const { id } = await signedInAccount(request)
      const visit = await findVisitFor(db, { kind: 'account', userId: id }, request.params.id)
      return sendCalendarFile(reply, { db, links: { secret, siteUrl }, now: now() }, visit.id)
    },
  )

  app.post(
    '/api/bookings/:id/cancel',
    {
      onRequest: limitBy(app, { ...cancelRateLimit, name: 'cancel', by: byClient }),
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
        { ...deps, log: request.log },
        { kind: 'account', userId },
        request.params.id,
        request.body.scope,
      )
    },
  )
}
