import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { type VenueList, venueListSchema } from '../../shared/catalog-api.ts'
import { catalogEndpoints } from '../../shared/endpoints/catalog.ts'
import { PreparedJson } from '../domain/catalog/prepared-json.ts'
import type { CatalogService } from '../domain/catalog/service.ts'
import { fromEndpoint } from '../platform/http/endpoint.ts'

/** Public, read-only catalog: browsers may cache for a short while. */
const cacheHeader = 'public, max-age=30'

export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (app, { catalog }) => {
  const preparedLists = new WeakMap<VenueList, PreparedJson>()
  app.route({
    ...fromEndpoint(catalogEndpoints.venueList, {
      schema: {
        tags: ['catalog'],
        summary: 'Venues with their passes and today’s prices; `search` matches name, area and description',
      },
    }),
    handler: async (request, reply) => {
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
  })

  app.route({
    ...fromEndpoint(catalogEndpoints.venueDetail, { schema: { tags: ['catalog'] } }),
    handler: async (request, reply) => {
      reply.header('cache-control', cacheHeader)
      return catalog.getVenue(request.params.id)
    },
  })

  app.route({
    ...fromEndpoint(catalogEndpoints.venueAvailability, {
      schema: {
        tags: ['catalog'],
        summary: 'Places left per hourly slot on a date (Bahrain time) and each pass’s price that day',
      },
    }),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return catalog.availability(request.params.id, request.query.date)
    },
  })
}
