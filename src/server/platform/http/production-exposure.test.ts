import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts'
import { webAppPlugin } from './web-app.ts'

/**
 * Production publishes neither the web app's source maps (our source, comments and all) nor the
 * API's OpenAPI document, unless OPENAPI_PUBLIC asks for it (ADR 016). Development keeps both.
 */
let dist: string
beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'web-dist-maps-'))
  await mkdir(join(dist, 'assets'))
  await writeFile(
    join(dist, 'index.html'),
    '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
  )
  await writeFile(
    join(dist, 'assets', 'index-abc123.js'),
    'console.log(1)\n//# sourceMappingURL=index-abc123.js.map',
  )
  await writeFile(
    join(dist, 'assets', 'index-abc123.js.map'),
    '{"version":3,"sources":["../src/web/main.tsx"]}',
  )
})
afterAll(() => rm(dist, { recursive: true, force: true }))

const mapUrl = '/assets/index-abc123.js.map'

describe('production', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production', WEB_DIST_DIR: dist })
  })
  afterAll(() => t.close())

  it('serves the built files but not their source maps', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' })).statusCode).toBe(200)
    const map = await t.app.inject({ method: 'GET', url: mapUrl })
    expect(map.statusCode).toBe(404)
    expect(map.body).not.toContain('sources')
  })

  it('has no OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' })
    expect(response.statusCode).toBe(404)
  })
})

describe('production with OPENAPI_PUBLIC', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production', OPENAPI_PUBLIC: true })
  })
  afterAll(() => t.close())

  it('publishes the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' })
    expect(response.statusCode).toBe(200)
    expect(response.json().info.title).toBe('DayPass Bahrain API')
  })
})

describe('development', () => {
  it('serves the source maps', async () => {
    const app = Fastify()
    await app.register(webAppPlugin, { distDir: dist, sourceMaps: true, venueMeta: async () => undefined })
    const map = await app.inject({ method: 'GET', url: mapUrl })
    expect(map.statusCode).toBe(200)
    expect(map.body).toContain('sources')
    await app.close()
  })
})
