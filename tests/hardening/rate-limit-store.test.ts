import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, describe, expect, it } from 'vitest'
import { newsletterRateLimit } from '../../src/server/routes/newsletter.ts'
import { testOrigin } from '../support/accounts.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

/**
 * The rate limits' counters in Redis (REDIS_URL): two server processes behind one load balancer
 * must count the same attempts. CI sets REDIS_URL to the machine's Redis (.ci/run).
 */
const redisUrl = process.env.REDIS_URL ?? ''
const apps: TestApp[] = []
afterAll(async () => {
  for (const app of apps) await app.close()
})

async function serverWith(settings: { REDIS_URL: string; RATE_LIMIT_NAMESPACE: string }) {
  const app = await createTestApp(settings)
  apps.push(app)
  return app
}

const signUp = (app: TestApp, n: number, ip = '203.0.113.7') =>
  app.app.inject({
    method: 'POST',
    url: '/api/newsletter',
    payload: { email: `shared-${n}-${randomUUID()}@example.bh` },
    headers: { origin: testOrigin },
    remoteAddress: ip,
  })

describe.skipIf(!redisUrl)('rate limits counted in Redis', () => {
  it('are shared by two server processes: attempts on either count towards one limit', async () => {
    const settings = { REDIS_URL: redisUrl, RATE_LIMIT_NAMESPACE: `test-${randomUUID()}:` }
    const [first, second] = [await serverWith(settings), await serverWith(settings)]
    const { max } = newsletterRateLimit
    for (let n = 0; n < max; n++) {
      const answer = await signUp(n % 2 === 0 ? (first as TestApp) : (second as TestApp), n)
      expect(answer.statusCode, answer.body).toBe(201)
    }
    for (const app of [first, second] as TestApp[]) {
      const refused = await signUp(app, max)
      expect(refused.statusCode, refused.body).toBe(429)
      expect(refused.json().error.code).toBe('TOO_MANY_ATTEMPTS')
    }
    // Another address still has its own allowance.
    expect((await signUp(first as TestApp, max + 1, '203.0.113.8')).statusCode).toBe(201)

    const redis = new Redis(redisUrl)
    try {
      const keys = await redis.keys(`${settings.RATE_LIMIT_NAMESPACE}*`)
      expect(keys.length).toBeGreaterThan(0)
    } finally {
      redis.disconnect()
    }
  })
})

describe('rate limits when Redis is unreachable', () => {
  it('let requests through instead of failing them', async () => {
    // Nothing listens on port 1.
    const app = await serverWith({ REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMIT_NAMESPACE: 'down:' })
    for (let n = 0; n < newsletterRateLimit.max + 2; n++) {
      const answer = await signUp(app, n)
      expect(answer.statusCode, answer.body).toBe(201)
    }
  })
})
