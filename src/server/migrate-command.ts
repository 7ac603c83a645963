import { loadConfig } from './platform/config.ts'
import { commandHolder } from './platform/db/data-dir-lock.ts'
import { openDatabase } from './platform/db/database.ts'
import { migrate } from './platform/db/migrate.ts'

/**
 * `npm run migrate`: the release step that applies new migrations before servers of the new
 * version start (deploy/RUNBOOK.md). Servers migrate at start as well, under the same lock, so
 * running it is safe while others start. The embedded database is another matter: one process at
 * a time, so it is refused while the server runs there.
 */
try {
  const config = loadConfig()
  // The embedded database is refused while the server has it open (data-dir-lock.ts).
  const database = await openDatabase({
    url: config.DATABASE_URL || undefined,
    dataDir: config.DATA_DIR,
    holder: commandHolder('`npm run migrate`'),
  })
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
