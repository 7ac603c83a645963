import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'

/**
 * The rate limits' counters in Redis, so every server process behind a load balancer counts the
 * same attempts.
 *
 * Settings per @fastify/rate-limit's advice: a short connect timeout, one retry per command and no
 * offline queue, so a Redis outage fails a check at once instead of holding requests. The limits
 * then let requests through (`skipOnError` in app.ts) and the outage is logged: sign-in and
 * checkout keep working while Redis is away.
 */
export async function rateLimitRedis(app: FastifyInstance, url: string): Promise<Redis> {
  const redis = new Redis(url, {
    connectTimeout: 500,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    lazyConnect: false,
  })
  let lastLogged = 0
  redis.on('error', (error) => {
    // ioredis reports every failed reconnection: once a minute is enough to see the outage.
    if (Date.now() - lastLogged < 60_000) return
    lastLogged = Date.now()
    app.log.warn({ err: error }, 'Redis for rate limits is unreachable: limits are not counted')
  })
  app.addHook('onClose', async () => {
    redis.disconnect()
  })
  // Without the offline queue, a command sent before the connection is up fails (and is let
  // through): start counting only once connected, or after a second if Redis is not there.
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 1000)
    redis.once('ready', () => {
      clearTimeout(timer)
      resolve()
    })
  })
  return redis
}
