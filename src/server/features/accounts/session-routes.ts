import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { permissionsFor, type Role, roles } from '../../../shared/permissions.ts'
import { sessionSchema } from '../../../shared/session.ts'
import type { Database } from '../../db/database.ts'
import type { Auth } from './auth.ts'
import { fetchHeaders } from './auth-plugin.ts'

function asRole(value: unknown): Role {
  return (roles as readonly unknown[]).includes(value) ? (value as Role) : 'user'
}

/** The visitor's session as the web app sees it: who they are, their role and what it permits. */
export const sessionRoutes: FastifyPluginAsyncZod<{ auth: Auth; db: Database }> = async (
  app,
  { auth, db },
) => {
  app.get(
    '/api/session',
    { schema: { tags: ['accounts'], response: { 200: sessionSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const session = await auth.api.getSession({ headers: fetchHeaders(request) })
      if (!session) return { user: null, permissions: [] }
      const profile = await db
        .selectFrom('user_profiles')
        .select(['first_name', 'last_name'])
        .where('id', '=', session.user.id)
        .executeTakeFirst()
      const role = asRole((session.user as { role?: unknown }).role)
      const isGuest = Boolean((session.user as { isAnonymous?: unknown }).isAnonymous)
      return {
        user: {
          id: session.user.id,
          email: isGuest ? '' : session.user.email,
          firstName: profile?.first_name ?? session.user.name.split(' ')[0] ?? '',
          lastName: profile?.last_name ?? '',
          role,
          isGuest,
        },
        permissions: isGuest ? [] : permissionsFor(role),
      }
    },
  )
}
