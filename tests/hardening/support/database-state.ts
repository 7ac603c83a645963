import { sql } from 'kysely'
import type { Database } from '../../../src/server/platform/db/database.ts'

/**
 * Rows that change on their own or with every visit, whatever the request: sessions and tokens, and
 * receipt PDFs, which the first read of a receipt makes and keeps (a copy, never a change of state).
 */
export const volatileTables = ['sessions', 'verifications', 'receipt_pdfs']

/**
 * A fingerprint of every table: its row count and an md5 of all its rows as text. Two equal
 * fingerprints mean no row was written, changed or deleted in between. With `exceptGuests`, guest
 * accounts (which "Sign in as Guest" creates on any well-formed request) are left out of `users`.
 */
export async function databaseState(
  db: Database,
  { exceptGuests = false }: { exceptGuests?: boolean } = {},
): Promise<Record<string, string>> {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
    order by table_name`.execute(db)
  const state: Record<string, string> = {}
  for (const { name } of tables.rows) {
    if (volatileTables.includes(name)) continue
    const guestsLeftOut = exceptGuests && name === 'users' ? sql`where t.is_anonymous is not true` : sql``
    const result = await sql<{ rows: string; checksum: string }>`
      select count(*)::text as rows, md5(coalesce(string_agg(t::text, E'\n' order by t::text), '')) as checksum
      from ${sql.table(name)} as t ${guestsLeftOut}`.execute(db)
    const row = result.rows[0]
    state[name] = `${row?.rows} rows, md5 ${row?.checksum}`
  }
  return state
}
