import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { sql } from 'kysely'
import { systemEndpoints } from '../../shared/endpoints/system.ts'
import type { Database } from '../platform/db/database.ts'
import { fromEndpoint } from '../platform/http/endpoint.ts'
import { isLoopbackAddress } from '../platform/http/local-only.ts'
import type { ProxyTrust } from '../platform/http/trusted-proxies.ts'
import type { Lifecycle } from '../platform/lifecycle.ts'

/**
 * Whether a health request may read the details: it comes from this machine, or it is the proxy's
 * own check (a socket TRUST_PROXY trusts, forwarding no one's request: no X-Forwarded-For). A
 * visitor's request through the proxy is the visitor's, and gets the status alone.
 */
export function mayReadHealthDetails(request: FastifyRequest, trust: ProxyTrust): boolean {
  if (isLoopbackAddress(request.ip)) return true
  const socket = request.socket.remoteAddress
  return request.headers['x-forwarded-for'] === undefined && socket !== undefined && trust(socket, 0)
}

/**
 * Liveness, readiness and database reachability, for the load balancer and monitoring
 * (docs/operating.md). None of them is rate-limited or logged per request: HAProxy asks often.
 * Their details (engine, uptime, process id, reasons) tell an attacker what runs and when it restarted: only
 * the proxy and this machine read them (mayReadHealthDetails); the status and its code are for all.
 */
export const healthRoutes: FastifyPluginAsyncZod<{
  db: Database
  engine: 'pglite' | 'postgres'
  lifecycle: Lifecycle
  trust: ProxyTrust
}> = async (app, { db, engine, lifecycle, trust }) => {
  app.route({
    ...fromEndpoint(systemEndpoints.health, { schema: { tags: ['system'] } }),
    handler: async (request, reply) => {
      const up = await databaseIsUp(db)
      const status = up ? 'ok' : 'degraded'
      if (!mayReadHealthDetails(request, trust)) return reply.code(up ? 200 : 503).send({ status })
      return reply.code(up ? 200 : 503).send({
        status,
        database: { status: up ? 'up' : 'down', engine },
        uptimeSeconds: Math.round(process.uptime()),
        pid: process.pid,
      })
    },
  })
  app.route({
    ...fromEndpoint(systemEndpoints.live, { schema: { tags: ['system'] } }),
    logLevel: 'warn',
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store')
      if (!mayReadHealthDetails(request, trust)) return { status: 'live' as const }
      return { status: 'live' as const, uptimeSeconds: Math.round(process.uptime()) }
    },
  })
  app.route({
    ...fromEndpoint(systemEndpoints.ready, { schema: { tags: ['system'] } }),
    logLevel: 'warn',
    handler: async (request, reply) => {
      const reasons: Array<'database-down' | 'migrations-pending' | 'draining'> = []
      if (lifecycle.draining) reasons.push('draining')
      if (!lifecycle.migrated) reasons.push('migrations-pending')
      // A draining server is not asked about its database: the answer is no either way.
      if (!lifecycle.draining && !(await databaseIsUp(db))) reasons.push('database-down')
      const ready = reasons.length === 0
      reply.header('cache-control', 'no-store')
      // The connection is closed after a no while draining, so HAProxy's next check opens a new one.
      if (lifecycle.draining) reply.header('connection', 'close')
      const status = ready ? 'ready' : 'not-ready'
      if (!mayReadHealthDetails(request, trust)) return reply.code(ready ? 200 : 503).send({ status })
      return reply.code(ready ? 200 : 503).send({ status, reasons })
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
