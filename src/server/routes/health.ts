import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { sql } from 'kysely'
import { systemEndpoints } from '../../shared/endpoints/system.ts'
import type { Database } from '../platform/db/database.ts'
import { fromEndpoint } from '../platform/http/endpoint.ts'
import type { Lifecycle } from '../platform/lifecycle.ts'

/**
 * Liveness, readiness and database reachability, for the load balancer and monitoring
 * (docs/operating.md). None of them is rate-limited or logged per request: HAProxy asks often.
 */
export const healthRoutes: FastifyPluginAsyncZod<{
  db: Database
  engine: 'pglite' | 'postgres'
  lifecycle: Lifecycle
}> = async (app, { db, engine, lifecycle }) => {
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
  app.route({
    ...fromEndpoint(systemEndpoints.live, { schema: { tags: ['system'] } }),
    logLevel: 'warn',
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      return { status: 'live' as const, uptimeSeconds: Math.round(process.uptime()) }
    },
  })
  app.route({
    ...fromEndpoint(systemEndpoints.ready, { schema: { tags: ['system'] } }),
    logLevel: 'warn',
    handler: async (_request, reply) => {
      const reasons: Array<'database-down' | 'migrations-pending' | 'draining'> = []
      if (lifecycle.draining) reasons.push('draining')
      if (!lifecycle.migrated) reasons.push('migrations-pending')
      // A draining server is not asked about its database: the answer is no either way.
      if (!lifecycle.draining && !(await databaseIsUp(db))) reasons.push('database-down')
      const ready = reasons.length === 0
      reply.header('cache-control', 'no-store')
      // The connection is closed after a no while draining, so HAProxy's next check opens a new one.
      if (lifecycle.draining) reply.header('connection', 'close')
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not-ready', reasons })
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
