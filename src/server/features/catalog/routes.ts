import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  availabilityQuerySchema,
  availabilitySchema,
  type VenueList,
  venueDetailSchema,
  venueIdSchema,
  venueListQuerySchema,
  venueListSchema,
} from '../../../shared/catalog-api.ts'
import { PreparedJson } from './prepared-json.ts'
import type { CatalogService } from './service.ts'

const idParams = z.object({ id: venueIdSchema })

/** Public, read-only catalog: browsers may cache for a short while. */
const cacheHeader = 'public, max-age=30'

export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (app, { catalog }) => {
  const preparedLists = new WeakMap<VenueList, PreparedJson>()
  app.get(
    '/api/gyms',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Venues with their passes and today’s prices; `search` matches name, area and description',
        querystring: venueListQuerySchema,
        response: { 200: venueListSchema },
      },
    },
    async (request, reply) => {
      const list = await catalog.listVenues(request.query.search)
      if (request.query.search?.trim()) {
        reply.header('cache-control', cacheHeader)
        return list
      }
      // The unfiltered list is the same object until the catalog or the day changes: serialise it once.
      let prepared = preparedLists.get(list)
      if (!prepared) {
        prepared = new PreparedJson(venueListSchema.encode(list))
        preparedLists.set(list, prepared)
      }
      return prepared.send(request, reply, cacheHeader)
    },
  )

  app.get(
    '/api/gyms/:id',
    { schema: { tags: ['catalog'], params: idParams, response: { 200: venueDetailSchema } } },
    async (request, reply) => {
      reply.header('cache-control', cacheHeader)
      return catalog.getVenue(request.params.id)
    },
  )

  app.get(
    '/api/gyms/:id/availability',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Places left per hourly slot on a date (Bahrain time) and each pass’s price that day',
        params: idParams,
        querystring: availabilityQuerySchema,
        response: { 200: availabilitySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return catalog.availability(request.params.id, request.query.date)
    },
  )
}
