import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { todayInBahrain } from '../../../shared/bahrain-time.ts'
import { managedBookingSchema } from '../../../shared/tickets.ts'
import type { Database } from '../../db/database.ts'
import { requireUser, signedInAccount } from '../../identity/guards.ts'
import { HttpError } from '../../plugins/errors.ts'
import { byClient, limitBy } from '../../plugins/rate-limits.ts'
import { loadOrderVisits, loadVisits } from '../cancellations/repository.ts'
import { toCancellableBooking } from '../cancellations/visit-state.ts'
import { openGuestLink } from './guest-links.ts'
import { qrSvg } from './qr.ts'
import { findTicketBooking } from './repository.ts'
import { ticketPayload } from './ticket-codes.ts'

interface TicketDeps {
  db: Database
  /** AUTH_SECRET: tickets and manage links are signed with it. */
  secret: string
  /** The app's clock. */
  now: () => Date
}

/** Opening a guest's booking by its link: the token is signed, so this only slows a scraper. */
export const manageLinkRateLimit = { max: 60, timeWindow: 60_000 }

const tokenParams = z.object({ token: z.string().max(120) })

/**
 * The ticket of a visit: its QR code for the booker (signed in: their own bookings only) and a
 * guest's booking behind the signed link in their mail. Anything else (another account's booking,
 * a forged token, a view link asking for the ticket, a link revoked or expired) is 404, as if it
 * did not exist.
 */
export const ticketRoutes: FastifyPluginAsyncZod<TicketDeps> = async (app, { db, secret, now }) => {
  const sendQr = async (reply: FastifyReply, booking: Parameters<typeof ticketPayload>[1]) =>
    reply
      .header('content-type', 'image/svg+xml')
      .header('cache-control', 'private, no-store')
      .send(await qrSvg(ticketPayload(secret, booking)))

  app.get(
    '/api/bookings/:id/qr.svg',
    {
      preHandler: requireUser(),
      schema: {
        tags: ['bookings'],
        summary: 'The QR code of one of the signed-in account’s tickets, as SVG',
        params: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
      },
    },
    async (request, reply) => {
      const { id } = await signedInAccount(request)
      const booking = await findTicketBooking(db, request.params.id)
      if (!booking || booking.user_id !== id) throw new HttpError(404, 'BOOKING_NOT_FOUND')
      return sendQr(reply, booking)
    },
  )

  const limit = limitBy(app, { ...manageLinkRateLimit, name: 'manage-link', by: byClient })

  app.get(
    '/api/manage/:token',
    {
      onRequest: limit,
      schema: {
        tags: ['bookings'],
        summary: 'A guest’s booking, opened from the signed link in their confirmation mail',
        params: tokenParams,
        response: { 200: managedBookingSchema },
      },
    },
    async (request, reply) => {
      const at = now()
      const booking = await openGuestLink(db, secret, request.params.token, 'read', at)
      reply.header('cache-control', 'private, no-store')
      const [visit] = await loadVisits(db, [booking.id])
      if (!visit) throw new HttpError(404, 'BOOKING_NOT_FOUND')
      // The order's other visits are only for cancelling them: a view link is not told of them.
      const orderVisits =
        booking.scope === 'view'
          ? []
          : (await loadOrderVisits(db, visit.order_id))
              .filter((other) => other.id !== visit.id)
              .map((other) => toCancellableBooking(other, at))
              .filter((other) => !other.cancellation.cancelledAt && other.cancellation.refusal === null)
      return {
        booking: toCancellableBooking(visit, at),
        access: booking.scope,
        orderVisits,
        firstName: booking.guest_first_name ?? '',
        today: todayInBahrain(at),
      }
    },
  )

  app.get(
    '/api/manage/:token/qr.svg',
    {
      onRequest: limit,
      schema: { tags: ['bookings'], summary: 'The QR code of a guest’s ticket, as SVG', params: tokenParams },
    },
    async (request, reply) =>
      sendQr(reply, await openGuestLink(db, secret, request.params.token, 'ticket', now())),
  )
}
