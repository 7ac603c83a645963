import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { areaEndpoints } from '../../shared/endpoints/areas.ts'
import type { CatalogService } from '../domain/catalog/service.ts'
import { fromEndpoint } from '../platform/http/endpoint.ts'

/**
 * The areas the application form and the venue editor offer, from the in-memory catalog (no query
 * per request): the same for everyone, so browsers may keep it a short while.
 */
export const areaRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (app, { catalog }) => {
  app.route({
    ...fromEndpoint(areaEndpoints.list, {
      schema: { tags: ['catalog'], summary: 'The areas offered to choose from, named in English and Arabic' },
    }),
    handler: async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=30')
      return { areas: await catalog.activeAreas() }
    },
  })
}
