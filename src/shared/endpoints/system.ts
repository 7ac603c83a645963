import { z } from 'zod'
import { endpoint } from './define.ts'

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ status: z.enum(['up', 'down']), engine: z.enum(['pglite', 'postgres']) }),
  uptimeSeconds: z.number(),
})

/** The system's own endpoints: liveness, and the API's OpenAPI description (hidden from itself). */
export const systemEndpoints = {
  /** Liveness and database reachability, for load balancers and monitoring: 503 when the database is down. */
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    access: 'public',
    response: { 200: healthSchema, 503: healthSchema },
  }),
  openApi: endpoint({ method: 'GET', path: '/api/openapi.json', access: 'public' }),
}
