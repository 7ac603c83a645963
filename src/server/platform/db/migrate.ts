import { readdir, readFile } from 'node:fs/promises'
import type pg from 'pg'

/** Migrations ship beside this module (copied next to the server bundle by the build). */
const defaultDir = new URL('./migrations/', import.meta.url)
const fileNamePattern = /^\d{3}-[a-z0-9-]+\.sql$/

// Any fixed number: it only has to be the same for every process migrating this database.
const migrationLockId = 7_301_995

/**
 * Applies the forward-only SQL files in order, each in its own transaction, and records each
 * in schema_migrations. An advisory lock, taken before anything else (creating schema_migrations
 * included), keeps servers starting together on a fresh database, and `npm run migrate`, from
 * racing. Returns the names applied in this run.
 */
export async function migrate(pool: pg.Pool, dir: URL = defaultDir): Promise<string[]> {
  const files = (await readdir(dir)).filter((name) => fileNamePattern.test(name)).sort()
  const client = await pool.connect()
  const applied: string[] = []
  try {
    await client.query('SELECT pg_advisory_lock($1)', [migrationLockId])
    try {
      await client.query(
        'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
      )
      for (const name of files) {
        const done = await client.query('SELECT 1 FROM schema_migrations WHERE name = $1', [name])
        if (done.rowCount !== 0) continue
        await client.query('BEGIN')
        try {
          await client.query(await readFile(new URL(name, dir), 'utf8'))
          await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name])
          await client.query('COMMIT')
          applied.push(name)
        } catch (error) {
          await client.query('ROLLBACK')
          throw new Error(`Migration ${name} failed: ${(error as Error).message}`, { cause: error })
        }
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [migrationLockId])
    }
  } finally {
    client.release()
  }
  return applied
}
