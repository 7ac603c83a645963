import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { exceptionParams, venueScheduleEndpoints } from '../../../shared/endpoints/venue-schedule.ts'
import type { AnnounceCatalogChange } from '../../domain/catalog/catalog-changes.ts'
import {
  readSchedule,
  removeException,
  saveHours,
  setException,
} from '../../domain/venue-schedule/service.ts'
import type { Database } from '../../platform/db/database.ts'
import { fromEndpoint } from '../../platform/http/endpoint.ts'
import { signedInAccount } from '../../platform/identity/guards.ts'

interface VenueScheduleDeps {
  db: Database
  /** The app's clock: "today" for exceptions and bookings is the one availability uses. */
  now: () => Date
  /** Called once a change has committed, so availability, quotes and orders follow at once. */
  announceCatalogChange: AnnounceCatalogChange
}

/**
 * The team's schedule of a venue (canManageVenues): opening hours per weekday, places
 * per slot, and date exceptions (closures, other places). Every change is audited in its own
 * transaction and announced to the catalog after it commits.
 */
export const venueScheduleRoutes: FastifyPluginAsyncZod<VenueScheduleDeps> = async (
  app,
  { db, now, announceCatalogChange },
) => {
  const dateParams = exceptionParams(now)
  // Bookers' names and addresses: no browser or proxy may keep a copy.
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store')

  const changed = async (venueId: string, affectedBookings: Awaited<ReturnType<typeof saveHours>>) => {
    await announceCatalogChange()
    return { schedule: await readSchedule(db, venueId, now()), affectedBookings }
  }

  app.route({
    ...fromEndpoint(venueScheduleEndpoints.schedule, {
      schema: {
        tags: ['venue-schedule'],
        summary: 'A venue’s weekly hours, places per slot and upcoming exceptions (needs canManageVenues)',
      },
    }),
    handler: async (request, reply) => {
      noStore(reply)
      return readSchedule(db, request.params.id, now())
    },
  })

  app.route({
    ...fromEndpoint(venueScheduleEndpoints.saveHours, {
      schema: {
        tags: ['venue-schedule'],
        summary:
          'Sets the weekly hours and places per slot; 409 if bookings fall outside (needs canManageVenues)',
      },
    }),
    handler: async (request, reply) => {
      noStore(reply)
      const actor = await signedInAccount(request)
      const affected = await saveHours(db, request.params.id, request.body, actor, now())
      return changed(request.params.id, affected)
    },
  })

  app.route({
    ...fromEndpoint(venueScheduleEndpoints.setException, {
      schema: {
        tags: ['venue-schedule'],
        summary: 'Closes a date (all day or some hours) or sets its places; 409 if bookings are hit',
        // Today, and so the window of dates, is the app's clock's.
        params: dateParams,
      },
    }),
    handler: async (request, reply) => {
      noStore(reply)
      const actor = await signedInAccount(request)
      const { id, date } = request.params
      const affected = await setException(db, id, date, request.body, actor)
      return changed(id, affected)
    },
  })

  app.route({
    ...fromEndpoint(venueScheduleEndpoints.removeException, {
      schema: {
        tags: ['venue-schedule'],
        summary: 'Removes a date’s exception: the date follows the week again',
        // Today, and so the window of dates, is the app's clock's.
        params: dateParams,
      },
    }),
    handler: async (request, reply) => {
      noStore(reply)
      const actor = await signedInAccount(request)
      const { id, date } = request.params
      const affected = await removeException(db, id, date, request.query.confirm === 'true', actor)
      return changed(id, affected)
    },
  })
}
