import { randomBytes } from 'node:crypto'
import { accountNameSchema, passwordSchema } from '../../../shared/accounts.ts'
import { isErrorCode } from '../../../shared/errors.ts'
import type { Role } from '../../../shared/permissions.ts'
import type { Database } from '../../platform/db/database.ts'
import { HttpError } from '../../platform/http/errors.ts'
import { hashPassword } from './password-hash.ts'

export interface NewActivatedAccount {
  /** Lower-cased. */
  email: string
  name: string
  password: string
  role: Role
  /** When it is made: the app's clock where there is one (docs/decisions/033). */
  at: Date
}

/** better-auth's account ids are letters and digits; ours are 32 of them, made the same way. */
function newAccountId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  return Array.from(randomBytes(32), (byte) => alphabet[byte % alphabet.length]).join('')
}

/**
 * An account whose address is already proven, made without better-auth's sign-up and so without its
 * activation mail: by `npm run user:role` on the server, and by a staff invitation, whose link
 * reached the address (docs/decisions/041). The same password and name rules apply as on every path
 * that sets them (password-policy.ts). Rows as better-auth keeps them: the user, and a `credential`
 * account holding the password's hash, so signing in works as for any other account.
 */
export async function createActivatedAccount(db: Database, account: NewActivatedAccount): Promise<string> {
  assertNameAndPassword(account)
  const id = newAccountId()
  const { at } = account
  await db
    .insertInto('users')
    .values({
      id,
      name: account.name.trim(),
      email: account.email,
      email_verified: true,
      image: null,
      is_anonymous: false,
      role: account.role,
      created_at: at,
      updated_at: at,
    })
    .execute()
  await db
    .insertInto('accounts')
    .values({
      id: newAccountId(),
      account_id: id,
      provider_id: 'credential',
      user_id: id,
      password: await hashPassword(account.password),
      created_at: at,
      updated_at: at,
    })
    .execute()
  return id
}

/**
 * An account never activated, taken over by whoever has just proven its address (an invitation's
 * link, docs/decisions/041): anyone may sign up with any address, so what that sign-up chose is not
 * theirs to keep. Its password is replaced by the prover's, every other sign-in method and session
 * ends, and the address counts as proven from now.
 */
export async function claimUnverifiedAccount(
  db: Database,
  userId: string,
  account: Pick<NewActivatedAccount, 'name' | 'password' | 'at'>,
): Promise<void> {
  assertNameAndPassword(account)
  const { at } = account
  await db
    .updateTable('users')
    .set({ name: account.name.trim(), email_verified: true, updated_at: at })
    .where('id', '=', userId)
    .execute()
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute()
  await db.deleteFrom('accounts').where('user_id', '=', userId).execute()
  await db
    .insertInto('accounts')
    .values({
      id: newAccountId(),
      account_id: userId,
      provider_id: 'credential',
      user_id: userId,
      password: await hashPassword(account.password),
      created_at: at,
      updated_at: at,
    })
    .execute()
}

/** The same name and password rules as on every path that sets them: a 400 naming each wrong field. */
function assertNameAndPassword(account: { name: string; password: string }): void {
  const problems: Record<string, string> = {}
  for (const [field, schema, value] of [
    ['name', accountNameSchema, account.name],
    ['password', passwordSchema, account.password],
  ] as const) {
    const result = schema.safeParse(value)
    if (!result.success) problems[field] = result.error.issues[0]?.message ?? 'INVALID_VALUE'
  }
  const fields = Object.fromEntries(
    Object.entries(problems).map(([field, code]) => [field, isErrorCode(code) ? code : 'INVALID_VALUE']),
  )
  const first = Object.values(fields)[0]
  if (first) throw new HttpError(400, 'VALIDATION_FAILED', { fields, details: first })
}
