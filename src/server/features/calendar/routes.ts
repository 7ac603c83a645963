import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Database } from '../../db/database.ts'
import { requireUser, signedInAccount } from '../../identity/guards.ts'
import { HttpError } from '../../plugins/errors.ts'
import { byClient, limitBy } from '../../plugins/rate-limits.ts'
import { openGuestLink } from '../tickets/guest-links.ts'
import { findTicketBooking } from '../tickets/repository.ts'
import { manageLinkRateLimit } from '../tickets/routes.ts'
import { bookingCalendarFile, type CalendarLinks } from './calendar-file.ts'

interface CalendarDeps {
  db: Database
  links: CalendarLinks
  /** The app's clock. */
  now: () => Date
}

/**
 * "Add to calendar": the booking's `.ics` file, the same one its confirmation mail carries. Like
 * the ticket, a signed-in booker gets their own bookings only and a guest gets theirs through the
 * signed link (either scope: the file itself links to the read-only page); anything else is 404,
 * as if it did not exist.
 */
export const calendarRoutes: FastifyPluginAsyncZod<CalendarDeps> = async (app, { db, links, now }) => {
  const sendFile = async (reply: FastifyReply, bookingId: number) => {
    const file = await bookingCalendarFile(db, bookingId, links, { now: now() })
    if (!file) throw new HttpError(404, 'BOOKING_NOT_FOUND')
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'private, no-store')
      .send(file.content)
  }

  app.get(
    '/api/bookings/:id/calendar.ics',
    {
      preHandler: requireUser(),
      schema: {
        tags: ['bookings'],
        summary: 'One of the signed-in account’s bookings as an iCalendar file',
        params: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
      },
    },
    async (request, reply) => {
      const { id } = await signedInAccount(request)
      const booking = await findTicketBooking(db, request.params.id)
      if (!booking || booking.user_id !== id) throw new HttpError(404, 'BOOKING_NOT_FOUND')
      return sendFile(reply, booking.id)
    },
  )

  app.get(
    '/api/manage/:token/calendar.ics',
    {
      onRequest: limitBy(app, { ...manageLinkRateLimit, name: 'manage-link', by: byClient }),
      schema: {
        tags: ['bookings'],
        summary: 'A guest’s booking as an iCalendar file, through the signed link in their mail',
        params: z.object({ token: z.string().max(120) }),
      },
    },
    async (request, reply) => {
      const booking = await openGuestLink(db, links.secret, request.params.token, 'read', now())
      return sendFile(reply, booking.id)
    },
  )
}
