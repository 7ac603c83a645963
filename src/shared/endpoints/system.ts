import { z } from 'zod'
import { endpoint } from './define.ts'

/*
 * The details (the database's engine, uptime, process id, why not ready) go only to the proxy's own checks and
 * to this machine (src/server/routes/health.ts); anyone else gets the status alone.
 */
const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ status: z.enum(['up', 'down']), engine: z.enum(['pglite', 'postgres']) }).optional(),
  uptimeSeconds: z.number().optional(),
  /** The server's process: which of several on one machine answered. */
  pid: z.number().int().optional(),
})

const liveSchema = z.object({ status: z.literal('live'), uptimeSeconds: z.number().optional() })
const readySchema = z.object({
  status: z.enum(['ready', 'not-ready']),
  /** What keeps the server from taking traffic: empty when ready. */
  reasons: z.array(z.enum(['database-down', 'migrations-pending', 'draining'])).optional(),
})

/** The system's own endpoints: liveness, readiness, the API's OpenAPI description (hidden from itself) and metrics. */
export const systemEndpoints = {
  /** Liveness and database reachability, for load balancers and monitoring: 503 when the database is down. */
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    access: 'public',
    response: { 200: healthSchema, 503: healthSchema },
  }),
  /** The process answers: for a supervisor deciding to restart it. Touches nothing else. */
  live: endpoint({ method: 'GET', path: '/health/live', access: 'public', response: { 200: liveSchema } }),
  /**
   * Whether to send this server traffic: the database answers, migrations are applied and it is
   * not draining. HAProxy's health check (deploy/haproxy.cfg).
   */
  ready: endpoint({
    method: 'GET',
    path: '/health/ready',
    access: 'public',
    response: { 200: readySchema, 503: readySchema },
  }),
  openApi: endpoint({ method: 'GET', path: '/api/openapi.json', access: 'public' }),
  /**
   * This server's metrics in the Prometheus text format (not JSON: no response schema). Its access
   * is the server's, not a role's: a scraper on the same machine, or METRICS_TOKEN as a bearer
   * token; anyone else gets a 404 (docs/decisions/039).
   */
  metrics: endpoint({ method: 'GET', path: '/metrics', access: 'public' }),
}
