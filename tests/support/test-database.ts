import { createHash, randomBytes } from 'node:crypto'
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { createPgConfig } from '@electric-sql/pglite/node-postgres'
import pg from 'pg'
import { type DatabaseHandle, openDatabase } from '../../src/server/platform/db/database.ts'
import { migrate } from '../../src/server/platform/db/migrate.ts'

/**
 * A fresh, migrated database for one test: PGlite in memory by default, or a throwaway database on
 * the PostgreSQL server named by TEST_DATABASE_URL (dropped again on close).
 *
 * Each starts from one migrated copy, made once per set of migrations and kept: a PGlite data
 * folder's tarball in the temporary folder, a template database on PostgreSQL. A new PGlite runs
 * initdb and 30 migrations in about 6.5 s of CPU; from the copy it starts in about 2.4 s, and
 * `CREATE DATABASE … TEMPLATE` copies a database without running a migration. The copy is named by
 * a digest of the migration files (and PGlite's version), so a changed migration makes a new one.
 *
 * `migrations` migrates it with another folder's files instead (a migration's own test starts
 * before it): that database is made and migrated from nothing.
 */
export async function createTestDatabase(migrations?: URL): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (migrations) {
    const database = serverUrl
      ? await createThrowawayPostgres(serverUrl)
      : await openDatabase({ dataDir: 'memory://' })
    await migrate(database.pool, migrations)
    return database
  }
  if (serverUrl) {
    try {
      return await createThrowawayPostgres(serverUrl, await postgresTemplate(serverUrl))
    } catch (error) {
      // Another checkout's run (other migrations) dropped this template as stale: make it again.
      if ((error as { code?: string }).code !== '3D000') throw error
      template = undefined
      return createThrowawayPostgres(serverUrl, await postgresTemplate(serverUrl))
    }
  }
  return openDatabase({ dataDir: 'memory://', loadDataDir: await pgliteSnapshot() })
}

const migrationsDir = new URL('../../src/server/platform/db/migrations/', import.meta.url)

let digest: Promise<string> | undefined
/** What the migrated copy depends on: every migration file, and the engine's version for PGlite. */
function migrationsDigest(): Promise<string> {
  digest ??= (async () => {
    const hash = createHash('sha256')
    hash.update(
      await readFile(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url)),
    )
    for (const name of (await readdir(migrationsDir)).sort()) {
      hash.update(name)
      hash.update(await readFile(new URL(name, migrationsDir)))
    }
    return hash.digest('hex').slice(0, 16)
  })()
  return digest
}

let snapshot: Promise<Blob> | undefined
/**
 * The migrated PGlite data folder as a tarball: read from the temporary folder, or made and written
 * there (under a unique name, then renamed, so test processes making it together never read half).
 */
function pgliteSnapshot(): Promise<Blob> {
  snapshot ??= (async () => {
    const folder = join(tmpdir(), 'daypass-test-databases')
    const file = join(folder, `pglite-${await migrationsDigest()}.tar`)
    const kept = await readFile(file).catch(() => undefined)
    if (kept) return new Blob([kept])
    const pglite = await PGlite.create('memory://')
    const pool = new pg.Pool(createPgConfig(pglite))
    try {
      await migrate(pool, migrationsDir)
    } finally {
      await pool.end()
    }
    const tarball = await pglite.dumpDataDir('none')
    await pglite.close()
    await mkdir(folder, { recursive: true })
    const partial = `${file}.${randomBytes(4).toString('hex')}`
    await writeFile(partial, new Uint8Array(await tarball.arrayBuffer()))
    await rename(partial, file)
    return tarball
  })()
  return snapshot
}

// Any fixed number: every test process making or copying the template takes the same lock.
const templateLockId = 7_301_996

/**
 * The migrated template database on the PostgreSQL server. It is built under a name of its own
 * and renamed when complete, so a process killed half-way never leaves a template missing a
 * migration; templates of other migrations are dropped.
 */
let template: Promise<string> | undefined
function postgresTemplate(serverUrl: string): Promise<string> {
  template ??= makePostgresTemplate(serverUrl)
  return template
}

async function makePostgresTemplate(serverUrl: string): Promise<string> {
  const name = `test_template_${await migrationsDigest()}`
  await withAdmin(serverUrl, async (admin) => {
    await admin.query('SELECT pg_advisory_lock($1)', [templateLockId])
    try {
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
      if (found.rowCount) return
      const building = `${name}_${randomBytes(4).toString('hex')}`
      await admin.query(`CREATE DATABASE ${building}`)
      const database = await openDatabase({ url: databaseUrl(serverUrl, building), maxConnections: 1 })
      try {
        await migrate(database.pool, migrationsDir)
      } finally {
        await database.close()
      }
      // The closed pool's server processes may still be leaving: a rename needs the database idle.
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [
        building,
      ])
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`)
      const stale = await admin.query<{ datname: string }>(
        "SELECT datname FROM pg_database WHERE datname LIKE 'test\\_template\\_%' AND datname <> $1",
        [name],
      )
      for (const { datname } of stale.rows) {
        await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(datname)} WITH (FORCE)`)
      }
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [templateLockId])
    }
  })
  return name
}

async function createThrowawayPostgres(serverUrl: string, template?: string): Promise<DatabaseHandle> {
  const name = `test_${Date.now()}_${randomBytes(4).toString('hex')}`
  await withAdmin(serverUrl, async (admin) => {
    if (!template) return void (await admin.query(`CREATE DATABASE ${name}`))
    // Under the template's lock: a process making a newer template drops this one meanwhile.
    await admin.query('SELECT pg_advisory_lock_shared($1)', [templateLockId])
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`)
    } finally {
      await admin.query('SELECT pg_advisory_unlock_shared($1)', [templateLockId])
    }
  })
  const database = await openDatabase({ url: databaseUrl(serverUrl, name), maxConnections: 5 })
  return {
    ...database,
    async close() {
      await database.close()
      await withAdmin(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
    },
  }
}

async function withAdmin<T>(serverUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    return await work(admin)
  } finally {
    await admin.end()
  }
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}
