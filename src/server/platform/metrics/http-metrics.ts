import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { ServerMetrics } from './server-metrics.ts'

/** The one label of every request that matched no route: its path could be anything. */
export const unmatchedRoute = 'unmatched'

const namedRoutes = new WeakMap<FastifyRequest, string>()

/**
 * Names the route of a request that Fastify answered from no route of its own: a page the web app
 * draws from its not-found handler is labelled by its pattern in the route manifest (`/gyms/:id`).
 */
export function nameRouteForMetrics(request: FastifyRequest, pattern: string): void {
  namedRoutes.set(request, pattern)
}

const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/**
 * Counts and times every answer by its route's pattern (`/api/gyms/:id`, never the URL with its
 * ids), method and status, so the label sets stay as few as the routes.
 */
export const httpMetricsPlugin = fp<{ metrics: ServerMetrics }>(async (app: FastifyInstance, { metrics }) => {
  // A callback, not an async function: it runs on every answer, and a promise each is wasted work.
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: knownMethods.has(request.method) ? request.method : 'OTHER',
      route: request.routeOptions.url ?? namedRoutes.get(request) ?? unmatchedRoute,
      status: String(reply.statusCode),
    }
    metrics.httpRequests.inc(labels)
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000)
    done()
  })
})
