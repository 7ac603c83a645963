import { afterAll, beforeAll, expect, it } from 'vitest'
import { declaredEndpoints } from '../../src/shared/endpoints/all.ts'
import { routeKey } from '../../src/shared/endpoints/define.ts'
import { FakeVision } from '../support/fake-vision.ts'
import type { TestApp } from '../support/test-app.ts'
import { declaredByKey } from './support/declared.ts'
import { createHardeningApp } from './support/hardening-app.ts'
import { apiRoutes, registeredRoutes } from './support/routes.ts'

/**
 * Every endpoint is declared once in src/shared/endpoints (docs/api.md): the server registers its
 * route from the declaration, so a route without one, or a declaration with no route, is a mistake.
 */
const vision = new FakeVision()
let t: TestApp

beforeAll(async () => {
  await vision.start()
  t = await createHardeningApp(vision)
})
afterAll(async () => {
  await t?.close()
  await vision.stop()
})

it('has a declaration for every /api route the app serves', () => {
  const served = apiRoutes(t.app).map((route) => `${route.method} ${route.url}`)
  expect(served.filter((key) => !declaredByKey.has(key))).toEqual([])
})

it('serves every declared endpoint, each once', () => {
  const served = new Set(registeredRoutes(t.app).map((route) => `${route.method} ${route.url}`))
  const keys = declaredEndpoints.map(routeKey)
  expect(keys.filter((key) => !served.has(key))).toEqual([])
  expect(new Set(keys).size).toBe(keys.length)
})
