import type { Role } from '../../../shared/permissions.ts'
import type { Database } from '../../platform/db/database.ts'
import { createActivatedAccount } from './activated-account.ts'

/**
 * `npm run user:role` (scripts/set-role.ts): sets an account's role, or creates the account with
 * that role and a password, already activated. It queues no mail: the person running it on the
 * server vouches for the address, and a mail would carry a link built from this shell's settings
 * rather than the site's (docs/operating.md).
 */
export async function setAccountRole(
  db: Database,
  email: string,
  role: Role,
  password?: string,
): Promise<{ created: boolean }> {
  const address = email.trim().toLowerCase()
  const existing = await db.selectFrom('users').select('id').where('email', '=', address).executeTakeFirst()
  let id = existing?.id
  if (!id) {
    if (!password) throw new Error(`No account for ${address}. Give a password to create one.`)
    // The name is the address's local part: an address may be longer than a name may.
    const name = (address.split('@')[0] ?? address).slice(0, 161)
    // A command run at the server: the machine's time is the clock.
    id = await createActivatedAccount(db, { email: address, name, password, role, at: new Date() })
  }
  await db.updateTable('users').set({ role, updated_at: new Date() }).where('id', '=', id).execute()
  return { created: !existing }
}
