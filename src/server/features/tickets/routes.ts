import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { todayInBahrain } from '../../../shared/bahrain-time.ts'
import { managedBookingSchema } from '../../../shared/tickets.ts'
import type { Database } from '../../db/database.ts'
import { HttpError } from '../../plugins/errors.ts'
import { byClient, limitBy } from '../../plugins/rate-limits.ts'
import { requireUser, signedInAccount } from '../accounts/guards.ts'
import { loadOrderVisits, loadVisits } from '../cancellations/repository.ts'
import { toCancellableBooking } from '../cancellations/visit-state.ts'
import { qrSvg } from './qr.ts'
import { findTicketBooking } from './repository.ts'
import { readManageToken, ticketPayload } from './ticket-codes.ts'

interface TicketDeps {
  db: Database
  /** AUTH_SECRET: tickets and manage links are signed with it. */
  secret: string
  now?: () => Date
}

/** Opening a guest's booking by its link: the token is signed, so this only slows a scraper. */
export const manageLinkRateLimit = { max: 60, timeWindow: 60_000 }

const tokenParams = z.object({ token: z.string().max(120) })

/**
 * The ticket of a visit: its QR code for the booker (signed in: their own bookings only) and a
 * guest's booking behind the signed link in their mail. Anything else (another account's booking,
 * a forged token, a link revoked by a change) is 404, as if it did not exist.
 */
export const ticketRoutes: FastifyPluginAsyncZod<TicketDeps> = async (
  app,
  { db, secret, now = () => new Date() },
) => {
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

  /** The booking a manage token names, while the token is current; 404 otherwise. */
  const managed = async (token: string) => {
    const named = readManageToken(secret, token)
    const booking = named && (await findTicketBooking(db, named.id))
    if (!booking || booking.manage_version !== named.version) throw new HttpError(404, 'BOOKING_NOT_FOUND')
    return booking
  }
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
      const booking = await managed(request.params.token)
      reply.header('cache-control', 'private, no-store')
      const at = now()
      const [visit] = await loadVisits(db, [booking.id])
      if (!visit) throw new HttpError(404, 'BOOKING_NOT_FOUND')
      const orderVisits = (await loadOrderVisits(db, visit.order_id))
        .filter((other) => other.id !== visit.id)
        .map((other) => toCancellableBooking(other, at))
        .filter((other) => !other.cancellation.cancelledAt && other.cancellation.refusal === null)
      return {
        booking: toCancellableBooking(visit, at),
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
    async (request, reply) => sendQr(reply, await managed(request.params.token)),
  )
}
