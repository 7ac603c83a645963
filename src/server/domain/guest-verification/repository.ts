import { sql } from 'kysely'
import type { Database } from '../../platform/db/database.ts'

export interface StoredCode {
  id: number
  code_hash: string
  attempts: number
  expires_at: Date
  consumed_at: Date | null
  created_at: Date
}

/**
 * Serialises sends for one address until the transaction ends, so two parallel requests cannot
 * both pass the resend wait. Other addresses are not held up.
 */
export async function lockAddress(trx: Database, email: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`guest-code|${email}`}, 0))`.execute(trx)
}

/** The address's latest code, spent or not; `forUpdate` holds it until the transaction ends. */
export async function latestCode(
  db: Database,
  email: string,
  { forUpdate = false } = {},
): Promise<StoredCode | undefined> {
  let query = db
    .selectFrom('guest_email_codes')
    .select(['id', 'code_hash', 'attempts', 'expires_at', 'consumed_at', 'created_at'])
    .where('email', '=', email)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
  if (forUpdate) query = query.forUpdate()
  return query.executeTakeFirst()
}

/** Spends every unspent code of the address: only the newest code may work. */
export async function retireUnspentCodes(trx: Database, email: string, now: Date): Promise<void> {
  await trx
    .updateTable('guest_email_codes')
    .set({ consumed_at: now })
    .where('email', '=', email)
    .where('consumed_at', 'is', null)
    .execute()
}

export async function insertCode(
  trx: Database,
  row: { email: string; codeHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await trx
    .insertInto('guest_email_codes')
    .values({
      email: row.email,
      code_hash: row.codeHash,
      created_at: row.createdAt,
      expires_at: row.expiresAt,
    })
    .execute()
}

/** Counts a wrong guess and returns the new count. */
export async function countWrongGuess(trx: Database, id: number): Promise<number> {
  const row = await trx
    .updateTable('guest_email_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .returning('attempts')
    .executeTakeFirstOrThrow()
  return row.attempts
}

export async function consumeCode(trx: Database, id: number, now: Date): Promise<void> {
  await trx.updateTable('guest_email_codes').set({ consumed_at: now }).where('id', '=', id).execute()
}
