import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { accountsEndpoints } from '../../../shared/endpoints/accounts.ts'
import { permissionsFor } from '../../../shared/permissions.ts'
import type { Database } from '../../db/database.ts'
import { fromEndpoint } from '../../plugins/endpoint.ts'

/** The visitor's session as the web app sees it: who they are, their role and what it permits. */
export const sessionRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.route({
    ...fromEndpoint(accountsEndpoints.session, { schema: { tags: ['accounts'] } }),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const viewer = await request.viewer
      if (viewer.kind === 'anonymous') return { user: null, permissions: [] }
      const profile = await db
        .selectFrom('user_profiles')
        .select(['first_name', 'last_name'])
        .where('id', '=', viewer.id)
        .executeTakeFirst()
      const isGuest = viewer.kind === 'guest'
      return {
        user: {
          id: viewer.id,
          email: isGuest ? '' : viewer.email,
          firstName: profile?.first_name ?? viewer.name.split(' ')[0] ?? '',
          lastName: profile?.last_name ?? '',
          role: viewer.role,
          isGuest,
        },
        permissions: isGuest ? [] : permissionsFor(viewer.role),
      }
    },
  })
}
