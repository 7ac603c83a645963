import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { todayInBahrain } from '../../shared/bahrain-time.ts'
import { orderEndpoints } from '../../shared/endpoints/orders.ts'
import { bookingEndpoints } from '../../shared/endpoints/visits.ts'
import { loadOrder, toOrder } from '../domain/checkout/order-repository.ts'
import { sendCalendarFile, sendTicketQr } from '../domain/tickets/ticket-file.ts'
import { cancelVisits } from '../domain/visit-changes/cancel.ts'
import { findVisitFor } from '../domain/visits/access.ts'
import { orderStandingOf, toCancellableBooking } from '../domain/visits/booking-shape.ts'
import type { VisitRoutesDeps } from '../domain/visits/deps.ts'
import { cancelRateLimit } from '../domain/visits/rate-limits.ts'
import { loadOrderVisits, loadUserVisits } from '../domain/visits/repository.ts'
import { fromEndpoint } from '../platform/http/endpoint.ts'
import { HttpError } from '../platform/http/errors.ts'
import { byClient, limitBy } from '../platform/http/rate-limits.ts'
import { signedInAccount } from '../platform/identity/guards.ts'

/**
 * `/api/bookings`: the signed-in account's own visits, never anyone else's (access.ts). My Bookings,
 * each visit's ticket (QR code) and calendar file, and cancelling within the venue's policy.
 * Another account's booking is 404, as if it did not exist.
 */
export const bookingRoutes: FastifyPluginAsyncZod<VisitRoutesDeps> = async (app, deps) => {
  const { db, secret, siteUrl, now } = deps

  app.route({
    ...fromEndpoint(bookingEndpoints.list, {
      schema: {
        tags: ['bookings'],
        summary: 'The signed-in account’s bookings by visit date and time, with today’s date in Bahrain',
      },
    }),
    handler: async (request, reply) => {
      // Personal data: no browser or proxy may keep a copy.
      reply.header('cache-control', 'no-store')
      // The account of the session cookie; nothing in the request can name another.
      const { id } = await signedInAccount(request)
      // Each with where it stands for cancelling: the deadline, a refusal's reason, its refund.
      const at = now()
      const visits = await loadUserVisits(db, id)
      return { today: todayInBahrain(at), bookings: visits.map((visit) => toCancellableBooking(visit, at)) }
    },
  })

  app.route({
    ...fromEndpoint(orderEndpoints.mine, {
      schema: {
        tags: ['bookings'],
        summary: 'One of the signed-in account’s orders: its confirmation, each visit as it stands now',
      },
    }),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const { id: userId } = await signedInAccount(request)
      // Another account's order, a guest's, or none at all: the same 404.
      const order = await loadOrder(db, request.params.id)
      if (!order || order.user_id !== userId) throw new HttpError(404, 'ORDER_NOT_FOUND')
      const at = now()
      const visits = (await loadOrderVisits(db, order.id)).filter((visit) => visit.user_id === userId)
      const shown = toOrder(order, visits, secret)
      return {
        ...shown,
        bookings: visits.map((visit) => ({ ...toCancellableBooking(visit, at), manageToken: null })),
        standing: orderStandingOf(order, visits),
      }
    },
  })

  app.route({
    ...fromEndpoint(bookingEndpoints.ticketQr, {
      schema: {
        tags: ['bookings'],
        summary: 'The QR code of one of the signed-in account’s tickets, as SVG',
      },
    }),
    handler: async (request, reply) => {
      const { id } = await signedInAccount(request)
      const visit = await findVisitFor(db, { kind: 'account', userId: id }, request.params.id)
      return sendTicketQr(reply, secret, visit)
    },
  })

  app.route({
    ...fromEndpoint(bookingEndpoints.calendarFile, {
      schema: { tags: ['bookings'], summary: 'One of the signed-in account’s bookings as an iCalendar file' },
    }),
    handler: async (request, reply) => {
      const { id } = await signedInAccount(request)
      const visit = await findVisitFor(db, { kind: 'account', userId: id }, request.params.id)
      return sendCalendarFile(reply, { db, links: { secret, siteUrl }, now: now() }, visit.id)
    },
  })

  app.route({
    ...fromEndpoint(bookingEndpoints.cancel, {
      onRequest: limitBy(app, { ...cancelRateLimit, name: 'cancel', by: byClient }),
      schema: {
        tags: ['bookings'],
        summary:
          'Cancels one of the signed-in account’s visits, or its whole order, within the venue’s policy',
      },
    }),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const { id: userId } = await signedInAccount(request)
      return cancelVisits(
        { ...deps, log: request.log },
        { kind: 'account', userId },
        request.params.id,
        request.body.scope,
      )
    },
  })
}
