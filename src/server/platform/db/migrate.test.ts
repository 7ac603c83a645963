import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../../../tests/support/test-database.ts'
import { type DatabaseHandle, openDatabase } from './database.ts'
import { migrate } from './migrate.ts'

let database: DatabaseHandle
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database.close())

async function migrationDir(files: Record<string, string>): Promise<URL> {
  const dir = await mkdtemp(join(tmpdir(), 'migrations-'))
  for (const [name, body] of Object.entries(files)) await writeFile(join(dir, name), body)
  return pathToFileURL(`${dir}/`)
}

describe('migrate', () => {
  it('has applied the project migrations and records them', async () => {
    const rows = await database.db.selectFrom('schema_migrations').select('name').execute()
    expect(rows.map((row) => row.name)).toContain('001-app-settings.sql')
    expect(await migrate(database.pool)).toEqual([])
  })

  it('applies new files in order, once', async () => {
    const dir = await migrationDir({
      '101-second.sql': 'INSERT INTO migrate_probe (step) VALUES (2);',
      '100-first.sql': 'CREATE TABLE migrate_probe (step int NOT NULL);',
      'notes.txt': 'not a migration',
    })
    expect(await migrate(database.pool, dir)).toEqual(['100-first.sql', '101-second.sql'])
    expect(await migrate(database.pool, dir)).toEqual([])
    const { rows } = await sql<{ step: number }>`select step from migrate_probe`.execute(database.db)
    expect(rows).toEqual([{ step: 2 }])
  })

  it('rolls a failing migration back whole and names it', async () => {
    const dir = await migrationDir({
      '200-broken.sql': 'CREATE TABLE half_done (id int); SELECT * FROM no_such_table;',
    })
    await expect(migrate(database.pool, dir)).rejects.toThrow(/200-broken\.sql/)
    const { rows } = await sql<{
      exists: boolean
    }>`select to_regclass('half_done') is not null as exists`.execute(database.db)
    expect(rows[0]?.exists).toBe(false)
    const recorded = await database.db
      .selectFrom('schema_migrations')
      .where('name', '=', '200-broken.sql')
      .execute()
    expect(recorded).toEqual([])
  })
})

// Three servers started at once on a database nobody has migrated: each waits its turn, and the
// first to get the lock applies everything.
describe.runIf(process.env.TEST_DATABASE_URL)('servers starting together on a fresh database', () => {
  it('apply every migration once, and all start', async () => {
    const serverUrl = process.env.TEST_DATABASE_URL as string
    const name = `fresh_${Date.now()}_${process.pid}`
    const admin = new pg.Client({ connectionString: serverUrl })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name}`)
    const url = new URL(serverUrl)
    url.pathname = `/${name}`
    const servers = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ url: url.toString(), maxConnections: 2 })),
    )
    try {
      const applied = await Promise.all(servers.map((server) => migrate(server.pool)))
      const counts = applied.map((names) => names.length).sort((a, b) => a - b)
      expect(counts[0]).toBe(0)
      expect(counts[1]).toBe(0)
      expect(counts[2]).toBeGreaterThan(10)
      const { rows } = await sql<{
        count: number
      }>`select count(*)::int as count from schema_migrations`.execute(servers[0]?.db as DatabaseHandle['db'])
      expect(rows[0]?.count).toBe(counts[2])
    } finally {
      await Promise.all(servers.map((server) => server.close()))
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await admin.end()
    }
  })
})
