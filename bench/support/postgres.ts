import { randomBytes } from 'node:crypto'
import pg from 'pg'

/** The PostgreSQL server the benchmarks use (trust auth on the dev and CI machines). */
export const postgresServerUrl =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

export interface ThrowawayDatabase {
  url: string
  drop(): Promise<void>
}

/** A new, empty database on the benchmark's PostgreSQL server, dropped again by `drop()`. */
export async function createThrowawayDatabase(prefix = 'bench'): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`
  await adminQuery(`CREATE DATABASE ${name}`)
  const url = new URL(postgresServerUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  }
}

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: postgresServerUrl })
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}
