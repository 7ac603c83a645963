// Creates an account or changes its role, for the first admin and for the team:
//   npm run user:role -- someone@example.bh admin               (promote an existing account)
//   npm run user:role -- someone@example.bh admin 'a passphrase' (create it, already activated)
// It uses the same settings as the server (DATABASE_URL, or the embedded database in DATA_DIR). On
// the embedded database, run it while the server is stopped: it says so otherwise.

import { setAccountRole } from '../src/server/domain/accounts/set-role.ts'
import { loadConfig } from '../src/server/platform/config.ts'
import { commandHolder } from '../src/server/platform/db/data-dir-lock.ts'
import { openDatabase } from '../src/server/platform/db/database.ts'
import { migrate } from '../src/server/platform/db/migrate.ts'
import { withLocalSecret } from '../src/server/platform/local-secret.ts'
import { type Role, roles } from '../src/shared/permissions.ts'

const [email, role, password] = process.argv.slice(2)
if (!email || !role || !(roles as readonly string[]).includes(role)) {
  console.error(`Usage: npm run user:role -- <email> <${roles.join('|')}> [password for a new account]`)
  process.exit(2)
}

// The server's own settings (a development install's secret is kept in DATA_DIR: local-secret.ts).
const config = await withLocalSecret(loadConfig())
// The embedded database is refused while the server has it open: the server would not see the
// change (data-dir-lock.ts). PostgreSQL is shared, so the running server sees it at once.
const database = await openDatabase({
  url: config.DATABASE_URL || undefined,
  dataDir: config.DATA_DIR,
  holder: commandHolder('`npm run user:role`'),
}).catch((error: Error) => {
  console.error(error.message)
  process.exit(1)
})
try {
  await migrate(database.pool)
  const address = email.trim().toLowerCase()
  // No activation mail: the account is made already activated (domain/accounts/set-role.ts).
  const { created } = await setAccountRole(database.db, address, role as Role, password)
  if (created) console.log(`Created ${address}.`)
  console.log(`${address} is now ${role}.`)
} catch (error) {
  // A refused password or name names its rule (the error code of src/shared/errors.ts).
  const fields = (error as { fields?: Record<string, string> }).fields
  console.error(fields ? `${(error as Error).message} ${JSON.stringify(fields)}` : (error as Error).message)
  process.exitCode = 1
} finally {
  await database.close()
}
