import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts'
import { buildApp } from './app.ts'
import { testConfig } from './platform/config.ts'
import { openDatabase } from './platform/db/database.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
  // A route that exists only in this test, to drive validation and failure handling end to end.
  t.app.post(
    '/api/test/echo',
    {
      schema: {
        body: z.object({ email: z.email('Please enter a valid email address'), count: z.number().int() }),
      },
    },
    async (request) => request.body,
  )
  t.app.get('/api/test/crash', async () => {
    throw new Error('secret internal detail')
  })
  await t.app.ready()
})
afterAll(() => t.close())

const errorShape = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
})

describe('GET /api/health', () => {
  it('reports the app and its database as up', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      status: 'ok',
      database: { status: 'up', engine: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' },
    })
  })
})

describe('errors', () => {
  it('answers an unknown API route with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' })
    expect(response.statusCode).toBe(404)
    expect(errorShape.parse(response.json()).error.code).toBe('NOT_FOUND')
  })

  it('answers invalid input with a 400 naming each field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { email: 'not-an-address', count: 'three' },
    })
    expect(response.statusCode).toBe(400)
    const { error } = errorShape.parse(response.json())
    expect(error.code).toBe('VALIDATION_FAILED')
    // The test route's schema gives a sentence, not a listed code: it travels as INVALID_VALUE.
    expect(error.fields?.email).toBe('INVALID_VALUE')
    expect(error.fields?.count).toBeDefined()
  })

  it('answers malformed JSON with a 400, not a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    })
    expect(response.statusCode).toBe(400)
    expect(errorShape.parse(response.json()).error.message).toMatch(/JSON/)
  })

  it('answers a body over the limit with a 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { email: 'a@b.bh', count: 1, padding: 'x'.repeat(300 * 1024) },
    })
    expect(response.statusCode).toBe(413)
    expect(errorShape.safeParse(response.json()).success).toBe(true)
  })

  it('hides the details of an unexpected failure', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/crash' })
    expect(response.statusCode).toBe(500)
    const { error } = errorShape.parse(response.json())
    expect(error.code).toBe('INTERNAL')
    expect(error.message).not.toContain('secret')
  })
})

describe('security headers', () => {
  it('sends a strict same-origin Content-Security-Policy and the usual protections', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/about' })
    const csp = String(response.headers['content-security-policy'])
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|https?:\/\//)
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN')
    const api = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(api.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'")
    expect(api.headers['x-content-type-options']).toBe('nosniff')
  })
})

describe('session and API description', () => {
  it('treats a visitor without a session as anonymous', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/session' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ user: null, permissions: [] })
    expect(response.headers['cache-control']).toBe('no-store')
  })

  it('publishes an OpenAPI document of the routes', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' })
    expect(response.statusCode).toBe(200)
    expect(Object.keys(response.json().paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/session']),
    )
  })
})

describe('when the database cannot be reached', () => {
  it('reports 503 from health instead of failing', async () => {
    // Nothing listens on port 1: every connection attempt is refused, as when PostgreSQL is down.
    const unreachable = await openDatabase({ url: 'postgres://app@127.0.0.1:1/app', maxConnections: 1 })
    const app = await buildApp({
      config: testConfig({ WEB_DIST_DIR: '/nonexistent' }),
      database: unreachable,
      now: () => new Date(),
    })
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health' })
      expect(response.statusCode).toBe(503)
      expect(response.json()).toMatchObject({
        status: 'degraded',
        database: { status: 'down', engine: 'postgres' },
      })
    } finally {
      await app.close()
      await unreachable.close()
    }
  })
})
