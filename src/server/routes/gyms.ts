import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { type VenueList, type VenueListQuery, venueListSchema } from '../../shared/catalog-api.ts'
import { readVenueFilters, type VenueFilters } from '../../shared/catalog-filters.ts'
import { catalogEndpoints } from '../../shared/endpoints/catalog.ts'
import { PreparedJson } from '../domain/catalog/prepared-json.ts'
import type { CatalogService } from '../domain/catalog/service.ts'
import { venueReviews } from '../domain/reviews/service.ts'
import type { Database } from '../platform/db/database.ts'
import { fromEndpoint } from '../platform/http/endpoint.ts'

/** Public, read-only catalog: browsers may cache for a short while. */
const cacheHeader = 'public, max-age=30'

export const catalogRoutes: FastifyPluginAsyncZod<{
  catalog: CatalogService
  db: Database
  /** How long a venue list's answer is given again as it was (src/server/platform/http/shared-answers.ts). */
  sharedForMs: number
}> = async (app, { catalog, db, sharedForMs }) => {
  const preparedLists = new WeakMap<VenueList, PreparedJson>()
  app.route({
    ...fromEndpoint(catalogEndpoints.venueList, {
      schema: {
        tags: ['catalog'],
        summary:
          'One page of venues with their passes, prices and next open slot for a date (today if none); filtered by area, facilities, pass type, price, open hour and text (docs/catalog.md)',
      },
    }),
    // The same for every caller: it reads no session, and its text is in both languages.
    config: { sharedForMs },
    handler: async (request, reply) => {
      const list = await catalog.listVenues(filtersOf(request.query))
      // A list is the same object while the catalog keeps it (the unfiltered one until the catalog or
      // the hour changes, a filtered one for moments): serialise it once.
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
    ...fromEndpoint(catalogEndpoints.venueReviews, {
      schema: {
        tags: ['catalog'],
        summary: "A listed venue's visible verified reviews, newest first, with their average and count",
      },
    }),
    handler: async (request, reply) => {
      // A review shows as soon as it is written: asked again each time (an indexed read).
      reply.header('cache-control', 'no-cache')
      const { gym } = await catalog.getVenue(request.params.id)
      return venueReviews(db, gym.id)
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

/** The validated query as the filters the catalog reads: the same reading as the page's. */
function filtersOf(query: VenueListQuery): VenueFilters {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(query)) {
    for (const one of Array.isArray(value) ? value : [value]) if (one !== undefined) params.append(name, one)
  }
  return readVenueFilters(params).filters
}
