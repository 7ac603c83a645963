import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { accountsEndpoints } from '../../shared/endpoints/accounts.ts'
import { permissionsFor } from '../../shared/permissions.ts'
import type { Database } from '../platform/db/database.ts'
import { fromEndpoint } from '../platform/http/endpoint.ts'

/** The visitor's session as the web app sees it: who they are, their role and what it permits. */
export const sessionRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.route({
    ...fromEndpoint(accountsEndpoints.session, { schema: { tags: ['accounts'] } }),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const caller = await request.caller
      if (caller.kind === 'anonymous') return { user: null, permissions: [] }
      const profile = await db
        .selectFrom('user_profiles')
        .select(['first_name', 'last_name'])
        .where('id', '=', caller.id)
        .executeTakeFirst()
      const isGuest = caller.kind === 'guest'
      return {
        user: {
          id: caller.id,
          email: isGuest ? '' : caller.email,
          firstName: profile?.first_name ?? caller.name.split(' ')[0] ?? '',
          lastName: profile?.last_name ?? '',
          role: caller.role,
          isGuest,
        },
        permissions: isGuest ? [] : permissionsFor(caller.role),
      }
    },
  })
}
