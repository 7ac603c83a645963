import { loadConfig } from './platform/config.ts'
import { openDatabase } from './platform/db/database.ts'
import { migrate } from './platform/db/migrate.ts'

/**
 * `npm run migrate`: the release step that applies new migrations before servers of the new
 * version start (deploy/RUNBOOK.md). Servers migrate at start as well, under the same lock, so
 * running it is safe while others start.
 */
try {
  const config = loadConfig()
  const database = await openDatabase({ url: config.DATABASE_URL || undefined, dataDir: config.DATA_DIR })
  try {
    const applied = await migrate(database.pool)
    console.log(applied.length > 0 ? `Applied ${applied.join(', ')}` : 'The database is up to date.')
  } finally {
    await database.close()
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
}
