import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { type DatabaseHandle, openDatabase } from '../../src/server/platform/db/database.ts'
import { migrate } from '../../src/server/platform/db/migrate.ts'

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or a throwaway
 * database on the PostgreSQL server named by TEST_DATABASE_URL (dropped again on close).
 * `migrations` migrates it with another folder's files (a migration's own test starts before it).
 */
export async function createTestDatabase(migrations?: URL): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL
  const database = serverUrl
    ? await createThrowawayPostgres(serverUrl)
    : await openDatabase({ dataDir: 'memory://' })
  await migrate(database.pool, migrations)
  return database
}

async function createThrowawayPostgres(serverUrl: string): Promise<DatabaseHandle> {
  const name = `test_${Date.now()}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()

  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const database = await openDatabase({ url: url.toString(), maxConnections: 5 })
  return {
    ...database,
    async close() {
      await database.close()
      const cleanup = new pg.Client({ connectionString: serverUrl })
      await cleanup.connect()
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await cleanup.end()
    },
  }
}
