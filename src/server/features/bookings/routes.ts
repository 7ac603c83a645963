import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { todayInBahrain } from '../../../shared/bahrain-time.ts'
import { myBookingsSchema } from '../../../shared/bookings.ts'
import type { Database } from '../../db/database.ts'
import { requireUser, signedInAccount } from '../../identity/guards.ts'
import { loadUserVisits } from '../cancellations/repository.ts'
import { toCancellableBooking } from '../cancellations/visit-state.ts'

interface BookingsDeps {
  db: Database
  /** The app's clock. */
  now: () => Date
}

/** My Bookings: the signed-in account's own bookings, never anyone else's. */
export const bookingsRoutes: FastifyPluginAsyncZod<BookingsDeps> = async (app, { db, now }) => {
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
}
