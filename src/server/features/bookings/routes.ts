import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { todayInBahrain } from '../../../shared/bahrain-time.ts'
import { myBookingsSchema } from '../../../shared/bookings.ts'
import type { Database } from '../../db/database.ts'
import type { Auth } from '../accounts/auth.ts'
import { requireUser } from '../accounts/guards.ts'
import { listUserBookings } from './repository.ts'

interface BookingsDeps {
  db: Database
  auth: Auth
}

/** My Bookings: the signed-in account's own bookings, never anyone else's. */
export const bookingsRoutes: FastifyPluginAsyncZod<BookingsDeps> = async (app, { db, auth }) => {
  app.get(
    '/api/bookings',
    {
      preHandler: requireUser(auth),
      schema: {
        tags: ['bookings'],
        summary: 'The signed-in account’s bookings by visit date and time, with today’s date in Bahrain',
        response: { 200: myBookingsSchema },
      },
    },
    async (request, reply) => {
      // Personal data: no browser or proxy may keep a copy.
      reply.header('cache-control', 'no-store')
      // requireUser has set the user from the session cookie; nothing in the request can name another.
      const userId = request.user?.id
      if (!userId) throw new Error('requireUser let a request through without a user')
      return { today: todayInBahrain(), bookings: await listUserBookings(db, userId) }
    },
  )
}
