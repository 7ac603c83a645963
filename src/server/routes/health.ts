import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { sql } from 'kysely'
import { systemEndpoints } from '../../shared/endpoints/system.ts'
import type { Database } from '../platform/db/database.ts'
import { fromEndpoint } from '../platform/http/endpoint.ts'

/** Liveness and database reachability, for load balancers and monitoring. 503 when the database is down. */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Database; engine: 'pglite' | 'postgres' }> = async (
  app,
  { db, engine },
) => {
  app.route({
    ...fromEndpoint(systemEndpoints.health, { schema: { tags: ['system'] } }),
    handler: async (_request, reply) => {
      const up = await databaseIsUp(db)
      return reply.code(up ? 200 : 503).send({
        status: up ? 'ok' : 'degraded',
        database: { status: up ? 'up' : 'down', engine },
        uptimeSeconds: Math.round(process.uptime()),
      })
    },
  })
}

async function databaseIsUp(db: Database): Promise<boolean> {
  try {
    await Promise.race([
      sql`select 1`.execute(db),
      new Promise((_, reject) => setTimeout(() => reject(new Error('database timeout')), 2000).unref()),
    ])
    return true
  } catch {
    return false
  }
}
