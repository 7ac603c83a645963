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

/** The real server on a fresh database, driven through app.inject; on the real time unless `now` is given. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  extraDeps: (database: DatabaseHandle) => Partial<AppDeps> = () => ({}),
): Promise<TestApp> {
  const database = await createTestDatabase()
  const config = testConfig({ WEB_DIST_DIR: '/nonexistent', ...overrides })
  const deps = { now: () => new Date(), ...extraDeps(database) }
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
