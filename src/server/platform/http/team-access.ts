import type { FastifyInstance, RouteOptions } from 'fastify'
import fp from 'fastify-plugin'
import { isAccessGuard } from '../identity/guards.ts'

/** The team's API: every route under these answers only the accounts its guard lets in. */
export const teamPrefixes = ['/api/admin/', '/api/desk/', '/api/team/'] as const

const asList = (hooks: unknown): unknown[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]

/**
 * Who is calling is settled before what they sent: on the team's routes the access guard
 * (requireUser, requirePermission) moves from preHandler to the front of onRequest, ahead of body
 * parsing and schema validation. So a caller who is not signed in gets 401 and an account without
 * the permission 403, whatever the request holds, and no field's error code tells them about the
 * endpoint's input. A team route without a guard is refused when the server starts.
 */
export const teamAccessPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    const path = route.path
    if (!teamPrefixes.some((prefix) => path.startsWith(prefix))) return
    const preHandler = asList(route.preHandler)
    const onRequest = asList(route.onRequest)
    const guards = preHandler.filter(isAccessGuard)
    if (guards.length === 0 && !onRequest.some(isAccessGuard))
      throw new Error(`${String(route.method)} ${path} is a team route without an access guard`)
    route.preHandler = preHandler.filter((hook) => !isAccessGuard(hook)) as RouteOptions['preHandler']
    route.onRequest = [...guards, ...onRequest] as RouteOptions['onRequest']
  })
})
