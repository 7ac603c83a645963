import type { FastifyInstance } from 'fastify'
import { type AppDeps, buildApp } from '../../src/server/app.ts'
import { type Config, testConfig } from '../../src/server/platform/config.ts'
import type { DatabaseHandle } from '../../src/server/platform/db/database.ts'
import { createTestDatabase } from './test-database.ts'

export interface TestApp {
  app: FastifyInstance
  config: Config
  database: DatabaseHandle
  /** The app's clock: workers and files a test makes beside the app read the same time. */
  now: () => Date
  close(): Promise<void>
}

/**
 * scrypt at 1/128 of OWASP's work: a test's passwords guard nothing. A test of the production
 * hashing passes `passwordHashing: undefined` (auth-flow.test.ts).
 */
export const testPasswordHashing = { N: 2 ** 10, r: 8, p: 1 }

/** The real server on a fresh database, driven through app.inject; on the real time unless `now` is given. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  extraDeps: (database: DatabaseHandle) => Partial<AppDeps> = () => ({}),
): Promise<TestApp> {
  const database = await createTestDatabase()
  const config = testConfig({ WEB_DIST_DIR: '/nonexistent', ...overrides })
  const deps = { now: () => new Date(), passwordHashing: testPasswordHashing, ...extraDeps(database) }
  const app = await buildApp({ config, database, ...deps })
  return {
    app,
    config,
    database,
    now: deps.now,
    async close() {
      await app.close()
      await database.close()
    },
  }
}
