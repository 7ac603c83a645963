import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { createPgConfig } from '@electric-sql/pglite/node-postgres'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { type DataDirHolder, lockDataDir } from './data-dir-lock.ts'
import type { DB } from './schema.ts'

export type Database = Kysely<DB>

export interface DatabaseHandle {
  db: Database
  pool: pg.Pool
  kind: 'pglite' | 'postgres'
  /**
   * Calls `onNotify` for every NOTIFY on `channel`, from any connection or server process, until
   * the returned function is called. `onReconnect` is called when a lost listening connection is
   * back: notifications sent meanwhile were missed.
   */
  listen(channel: string, onNotify: () => void, onReconnect?: () => void): Promise<() => Promise<void>>
  close(): Promise<void>
}

// Return DATE columns as the 'yyyy-mm-dd' text we store, never as a JS Date in the server's zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value)
// BIGINT counts and sums fit comfortably in a JS number for this product (fils, row counts).
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value))

export interface OpenDatabaseOptions {
  /** A PostgreSQL connection string; when absent, PGlite is used. */
  url?: string
  /** PGlite data directory, or 'memory://' for an in-memory database. */
  dataDir?: string
  /**
   * A PGlite data directory's tarball (`dumpDataDir`) to start from instead of an empty one: the
   * tests start each database from one migrated copy, which skips PGlite's initdb and the migrations.
   */
  loadDataDir?: Blob
  maxConnections?: number
  /** How long a query may wait for a PostgreSQL connection (new, or free in the pool); 10 s by default. */
  connectTimeoutMs?: number
  /**
   * Who opens a PGlite data directory, as a refused second process is told (data-dir-lock.ts):
   * one process at a time holds it.
   */
  holder?: DataDirHolder
}

/** One `pg.Pool` for both engines, so the same Kysely code and migrations run on each. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.maxConnections ?? 10,
      // A server that accepts connections but never answers (or a pool busy for this long) fails
      // the request with a 503 instead of holding it forever.
      connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
    })
    // An idle client that loses its server (a restart, say) must not crash the process.
    pool.on('error', () => {})
    // Nor may one in use (a transaction between two statements): the pool listens only to idle
    // clients. Its next query fails instead, and the pool drops it when it is released.
    pool.on('connect', (client) => client.on('error', () => {}))
    return {
      ...wrap(pool, 'postgres'),
      listen: (channel, onNotify, onReconnect) =>
        listenOnPostgres(
          options.url as string,
          channel,
          onNotify,
          onReconnect,
          options.connectTimeoutMs ?? 10_000,
        ),
    }
  }
  const dataDir = options.dataDir ?? 'memory://'
  const onDisk = !dataDir.startsWith('memory://')
  if (onDisk) mkdirSync(dataDir, { recursive: true })
  // Taken before PGlite reads a file: a refused process has changed nothing.
  const lock = onDisk ? lockDataDir(dataDir, options.holder ?? unnamedHolder()) : undefined
  let pglite: PGlite
  try {
    pglite = await PGlite.create(dataDir, { loadDataDir: options.loadDataDir })
  } catch (error) {
    lock?.release()
    throw error
  }
  const pool = new pg.Pool(createPgConfig(pglite))
  const handle = wrap(pool, 'pglite')
  return {
    ...handle,
    // One process holds a PGlite database, so its own connection hears every change.
    listen: async (channel, onNotify) => pglite.listen(channel, onNotify),
    async close() {
      try {
        await handle.close()
        await pglite.close()
      } finally {
        lock?.release()
      }
    },
  }
}

/** A process that did not say what it is: named by its script. */
const unnamedHolder = (): DataDirHolder => ({
  name: `node ${process.argv[1] ?? ''}`.trim(),
  isServer: false,
})

/**
 * LISTEN on a connection of its own, outside the pool: a pooled client would be handed to queries.
 * It connects in the background, so a database that is slow or down does not hold up the server's
 * start (requests then fail with a 503 as they would anyway). A lost or failed connection is tried
 * again a second later, and `onReconnect` then says that changes may have been missed meanwhile.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  onNotify: () => void,
  onReconnect: (() => void) | undefined,
  connectTimeoutMs: number,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined
  let stopped = false
  let retry: NodeJS.Timeout | undefined
  const again = () => {
    if (!stopped) retry = setTimeout(() => void connect(), 1000)
  }
  const connect = async () => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs })
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify()
    })
    next.on('error', () => {
      next.end().catch(() => {})
      if (client === next) {
        client = undefined
        again()
      }
    })
    try {
      await next.connect()
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`)
    } catch {
      next.end().catch(() => {})
      return again()
    }
    if (stopped) return void next.end().catch(() => {})
    client = next
    onReconnect?.()
  }
  void connect()
  return async () => {
    stopped = true
    clearTimeout(retry)
    await client?.end().catch(() => {})
  }
}

function wrap(pool: pg.Pool, kind: DatabaseHandle['kind']): Omit<DatabaseHandle, 'listen'> {
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) })
  return {
    db,
    pool,
    kind,
    async close() {
      await db.destroy()
    },
  }
}
