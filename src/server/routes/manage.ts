import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { todayInBahrain } from '../../shared/bahrain-time.ts'
import { guestLinkEndpoints } from '../../shared/endpoints/guest-links.ts'
import { formatBhd } from '../../shared/money.ts'
import { sendCalendarFile, sendTicketQr } from '../domain/tickets/ticket-file.ts'
import { cancelVisits } from '../domain/visit-changes/cancel.ts'
import { guestLinkOpen, openGuestLink, sameGuestOrder } from '../domain/visits/access.ts'
import { toCancellableBooking } from '../domain/visits/booking-shape.ts'
import type { VisitRoutesDeps } from '../domain/visits/deps.ts'
import { cancelRateLimit, manageLinkRateLimit } from '../domain/visits/rate-limits.ts'
import { findVisit, loadOrderVisits, loadVisits } from '../domain/visits/repository.ts'
import { manageToken, viewToken } from '../domain/visits/ticket-codes.ts'
import { fromEndpoint } from '../platform/http/endpoint.ts'
import { HttpError } from '../platform/http/errors.ts'
import { byClient, limitBy } from '../platform/http/rate-limits.ts'

/**
 * `/api/manage/:token`: a guest's booking behind the signed link in their mail (access.ts). The
 * manage link reads, shows the ticket and cancels; the view link only reads (and gives the calendar
 * file, which itself links to the read-only page). Anything else (a forged token, a view link asking
 * for the ticket, a link revoked or expired) is 404, as if the booking did not exist.
 */
export const guestLinkRoutes: FastifyPluginAsyncZod<VisitRoutesDeps> = async (app, deps) => {
  const { db, secret, siteUrl, now } = deps
  const limit = limitBy(app, { ...manageLinkRateLimit, name: 'manage-link', by: byClient })

  app.route({
    ...fromEndpoint(guestLinkEndpoints.booking, {
      onRequest: limit,
      schema: {
        tags: ['bookings'],
        summary: 'A guest’s booking, opened from the signed link in their confirmation mail',
      },
    }),
    handler: async (request, reply) => {
      const at = now()
      const booking = await openGuestLink(db, secret, request.params.token, 'read', at)
      reply.header('cache-control', 'private, no-store')
      const [visit] = await loadVisits(db, [booking.id])
      if (!visit) throw new HttpError(404, 'BOOKING_NOT_FOUND')
      // The page is one per order: the visits of the same order booked by the same guest, nothing else.
      const order = (await loadOrderVisits(db, visit.order_id)).filter((other) =>
        sameGuestOrder(visit, other),
      )
      // The others' own manage links are for acting on them: a view link is not given them, and
      // stays read-only for the whole order.
      const orderVisits =
        booking.scope === 'view'
          ? []
          : order
              .filter((other) => other.id !== visit.id)
              .map((other) => toCancellableBooking(other, at))
              .filter((other) => !other.cancellation.cancelledAt && other.cancellation.refusal === null)
      return {
        booking: toCancellableBooking(visit, at),
        access: booking.scope,
        orderVisits,
        order: order.map((other) => ({
          ...toCancellableBooking(other, at),
          // A cancelled visit has nothing left to act on, nor a ticket to show.
          manageToken:
            booking.scope === 'manage' && !other.cancelled_at && guestLinkOpen(other, at)
              ? manageToken(secret, other)
              : null,
        })),
        firstName: booking.guest_first_name ?? '',
        payment: { method: visit.payment_method, total: formatBhd(visit.order_total_fils) },
        today: todayInBahrain(at),
      }
    },
  })

  app.route({
    ...fromEndpoint(guestLinkEndpoints.ticketQr, {
      onRequest: limit,
      schema: { tags: ['bookings'], summary: 'The QR code of a guest’s ticket, as SVG' },
    }),
    handler: async (request, reply) =>
      sendTicketQr(reply, secret, await openGuestLink(db, secret, request.params.token, 'ticket', now())),
  })

  app.route({
    ...fromEndpoint(guestLinkEndpoints.calendarFile, {
      onRequest: limit,
      schema: {
        tags: ['bookings'],
        summary: 'A guest’s booking as an iCalendar file, through the signed link in their mail',
      },
    }),
    handler: async (request, reply) => {
      const at = now()
      const booking = await openGuestLink(db, secret, request.params.token, 'read', at)
      return sendCalendarFile(reply, { db, links: { secret, siteUrl }, now: at }, booking.id)
    },
  })

  app.route({
    ...fromEndpoint(guestLinkEndpoints.cancel, {
      onRequest: limitBy(app, { ...cancelRateLimit, name: 'cancel', by: byClient }),
      schema: {
        tags: ['bookings'],
        summary: 'Cancels a guest’s visit (or its whole order) from the signed link in their mail',
      },
    }),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store')
      // Only a manage link cancels: a view link, like a forged, revoked or expired one, is a 404.
      const booking = await openGuestLink(db, secret, request.params.token, 'cancel', now())
      const result = await cancelVisits(
        { ...deps, log: request.log },
        { kind: 'link', bookingId: booking.id },
        booking.id,
        request.body.scope,
      )
      // Cancelling raised the version, so the link just used is revoked: the page moves to a
      // read-only link of the new version, which shows the cancelled visit and its refund.
      const after = await findVisit(db, booking.id)
      if (!after) throw new HttpError(404, 'BOOKING_NOT_FOUND')
      return { ...result, viewToken: viewToken(secret, after) }
    },
  })
}
