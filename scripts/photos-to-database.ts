// Copies the venue photos kept on this server's disk (DATA_DIR/images/venues/) into the database,
// for a site moving to PHOTO_STORAGE=database (docs/decisions/038):
//   npm run photos:to-database
// It uses the same settings as the server (DATABASE_URL, or the embedded database in DATA_DIR).
// A photo already in the database is not copied again: run it as often as needed.

import { copyDiskPhotosToDatabase } from '../src/server/domain/venue-photos/copy-to-database.ts'
import { loadConfig } from '../src/server/platform/config.ts'
import { commandHolder } from '../src/server/platform/db/data-dir-lock.ts'
import { openDatabase } from '../src/server/platform/db/database.ts'
import { migrate } from '../src/server/platform/db/migrate.ts'

const config = loadConfig()
// The embedded database is refused while the server has it open (data-dir-lock.ts).
const database = await openDatabase({
  url: config.DATABASE_URL || undefined,
  dataDir: config.DATA_DIR,
  holder: commandHolder('`npm run photos:to-database`'),
}).catch((error: Error) => {
  console.error(error.message)
  process.exit(1)
})
try {
  await migrate(database.pool)
  const counts = await copyDiskPhotosToDatabase(config.DATA_DIR, database.db)
  console.log(
    `Photo files in ${config.DATA_DIR}/images/venues/: ${counts.copied} copied into the database, ` +
      `${counts.alreadyThere} already there, ${counts.ignored} not a photo’s (left alone).`,
  )
  if (counts.differing.length) {
    console.error(
      `In the database with other bytes, left as they are (${counts.differing.length}):\n  ${counts.differing.join('\n  ')}`,
    )
    process.exitCode = 1
  }
  if (config.PHOTO_STORAGE !== 'database')
    console.log(
      `The server reads photos from PHOTO_STORAGE=${config.PHOTO_STORAGE}: set it to database to serve these.`,
    )
} catch (error) {
  console.error((error as Error).message)
  process.exitCode = 1
} finally {
  await database.close()
}
