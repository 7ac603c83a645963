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
