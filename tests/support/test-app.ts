import type { FastifyInstance } from 'fastify'
import { type AppDeps, buildApp } from '../../src/server/app.ts'
import { type Config, testConfig } from '../../src/server/config.ts'
import type { DatabaseHandle } from '../../src/server/db/database.ts'
import { createTestDatabase } from './test-database.ts'

export interface TestApp {
  app: FastifyInstance
  config: Config
  database: DatabaseHandle
  close(): Promise<void>
}

/** The real server on a fresh database, driven through app.inject. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  extraDeps: (database: DatabaseHandle) => Partial<AppDeps> = () => ({}),
): Promise<TestApp> {
  const database = await createTestDatabase()
  const config = testConfig({ WEB_DIST_DIR: '/nonexistent', ...overrides })
  const app = await buildApp({ config, database, ...extraDeps(database) })
  return {
    app,
    config,
    database,
    async close() {
      await app.close()
      await database.close()
    },
  }
}
