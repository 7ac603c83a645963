import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { Lifecycle } from '../platform/lifecycle.ts'

let t: TestApp
const lifecycle = new Lifecycle({ migrated: false })
beforeAll(async () => {
  t = await createTestApp({}, () => ({ lifecycle }))
})
afterAll(async () => {
  await t.close()
})

const ready = () => t.app.inject({ method: 'GET', url: '/health/ready' })

describe('readiness, as the load balancer asks for it', () => {
  it('waits for the migrations, then says ready', async () => {
    const pending = await ready()
    expect(pending.statusCode).toBe(503)
    expect(pending.json()).toEqual({ status: 'not-ready', reasons: ['migrations-pending'] })
    lifecycle.migrated = true
    const response = await ready()
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'ready', reasons: [] })
    expect(response.headers['cache-control']).toMatch(/no-store|no-cache/)
  })

  it.runIf(process.env.TEST_DATABASE_URL)(
    'says not ready while the database does not answer, and live all the same',
    async () => {
      // Every connection of the pool (5 in tests) taken: the check waits as on a dead server, and
      // its own time limit (2 s) answers.
      const hold = Array.from({ length: 5 }, () =>
        t.database.db.connection().execute(() => new Promise((resolve) => setTimeout(resolve, 3000))),
      )
      const response = await ready()
      expect(response.statusCode).toBe(503)
      expect(response.json().reasons).toEqual(['database-down'])
      expect((await t.app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200)
      await Promise.all(hold)
      expect((await ready()).statusCode).toBe(200)
    },
  )

  it('says not ready from the moment the server drains, and closes the connection', async () => {
    lifecycle.draining = true
    const response = await ready()
    expect(response.statusCode).toBe(503)
    expect(response.json()).toEqual({ status: 'not-ready', reasons: ['draining'] })
    expect(response.headers.connection).toBe('close')
    lifecycle.draining = false
  })
})

describe('what the health answers tell whom', () => {
  let proxied: TestApp
  const proxy = '10.0.0.5'
  beforeAll(async () => {
    proxied = await createTestApp({ TRUST_PROXY: [proxy] })
  })
  afterAll(async () => proxied?.close())

  const ask = (url: string, remoteAddress: string, forwardedFor?: string) =>
    proxied.app.inject({
      method: 'GET',
      url,
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    })

  it('gives the details to the proxy’s own check and to this machine, the status alone to anyone else', async () => {
    const urls = ['/api/health', '/health/live', '/health/ready']
    for (const url of urls) {
      for (const [remote, forwarded] of [[proxy], ['127.0.0.1'], [proxy, '127.0.0.1']] as const) {
        const detailed = await ask(url, remote, forwarded)
        expect(detailed.statusCode, `${url} from ${remote}`).toBe(200)
        expect(Object.keys(detailed.json()).length, `${url} from ${remote}`).toBeGreaterThan(1)
        // Which process answered, for a machine running several (tests/e2e/support/server-process.ts).
        if (url === '/api/health') expect(detailed.json().pid).toBe(process.pid)
      }
      // A visitor through the proxy, a visitor straight to the server, one claiming to be local.
      for (const [remote, forwarded] of [
        [proxy, '203.0.113.9'],
        ['203.0.113.9'],
        ['203.0.113.9', '127.0.0.1'],
      ] as const) {
        const bare = await ask(url, remote, forwarded)
        expect(bare.statusCode, `${url} from ${remote} for ${forwarded}`).toBe(200)
        expect(Object.keys(bare.json()), `${url} from ${remote} for ${forwarded}`).toEqual(['status'])
      }
    }
  })
})
