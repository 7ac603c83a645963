import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { sessionSchema } from '../../../shared/session.ts'

/**
 * The visitor's session as the web app sees it. Until accounts exist (the accounts feature adds
 * sign-in), every visitor is anonymous.
 */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/session',
    { schema: { tags: ['accounts'], response: { 200: sessionSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      return { user: null, permissions: [] }
    },
  )
}
