// Creates an account or changes its role, for the first admin and for the team:
//   npm run user:role -- someone@example.bh admin               (promote an existing account)
//   npm run user:role -- someone@example.bh admin 'a passphrase' (create it, already activated)
// It uses the same settings as the server (DATABASE_URL, or the embedded database in DATA_DIR).

import { createAuth } from '../src/server/domain/accounts/auth.ts'
import { loadConfig } from '../src/server/platform/config.ts'
import { openDatabase } from '../src/server/platform/db/database.ts'
import { migrate } from '../src/server/platform/db/migrate.ts'
import { withLocalSecret } from '../src/server/platform/local-secret.ts'
import { roles } from '../src/shared/permissions.ts'

const [email, role, password] = process.argv.slice(2)
if (!email || !role || !(roles as readonly string[]).includes(role)) {
  console.error(`Usage: npm run user:role -- <email> <${roles.join('|')}> [password for a new account]`)
  process.exit(2)
}

// The server's own secret: a development install's is kept in DATA_DIR (local-secret.ts).
const config = await withLocalSecret(loadConfig())
const database = await openDatabase({ url: config.DATABASE_URL || undefined, dataDir: config.DATA_DIR })
try {
  await migrate(database.pool)
  const address = email.trim().toLowerCase()
  let user = await database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', address)
    .executeTakeFirst()
  if (!user) {
    if (!password) throw new Error(`No account for ${address}. Give a password to create one.`)
    await createAuth({ config, db: database.db }).api.signUpEmail({
      // The name is the address's local part: an address may be longer than a name may.
      body: { email: address, password, name: address.split('@')[0] ?? address },
    })
    user = await database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', address)
      .executeTakeFirstOrThrow()
    await database.db.updateTable('users').set({ email_verified: true }).where('id', '=', user.id).execute()
    console.log(`Created ${address}.`)
  }
  await database.db
    .updateTable('users')
    .set({ role: role as (typeof roles)[number], updated_at: new Date() })
    .where('id', '=', user.id)
    .execute()
  console.log(`${address} is now ${role}.`)
} catch (error) {
  console.error((error as Error).message)
  process.exitCode = 1
} finally {
  await database.close()
}
