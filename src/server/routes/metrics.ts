import type { FastifyPluginAsync } from 'fastify'
import { systemEndpoints } from '../../shared/endpoints/system.ts'
import { fromEndpoint } from '../platform/http/endpoint.ts'
import { metricsAccess } from '../platform/metrics/metrics-access.ts'
import type { ServerMetrics } from '../platform/metrics/server-metrics.ts'

/** GET /metrics for Prometheus: each server is scraped on its own address (docs/operating.md). */
export const metricsRoutes: FastifyPluginAsync<{ metrics: ServerMetrics; token: string }> = async (
  app,
  { metrics, token },
) => {
  app.route({
    ...fromEndpoint(systemEndpoints.metrics, { schema: { hide: true }, onRequest: metricsAccess(token) }),
    // Scraped every few seconds by every Prometheus: a line per scrape would drown the log.
    logLevel: 'warn',
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store').type(metrics.contentType)
      return metrics.text()
    },
  })
}
