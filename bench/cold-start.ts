import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Benchmark } from './support/context.ts'
import { createThrowawayDatabase } from './support/postgres.ts'
import { type Figure, report, round } from './support/report.ts'
import { startServer } from './support/server-process.ts'

const paths = ['/api/health', '/']

/**
 * Milliseconds from spawning `node dist/server/main.js` to the first 200 from /api/health and from
 * /, on an empty database (migrations and seeding included) and again on the same, now existing
 * one: with the embedded database (a fresh DATA_DIR) and with PostgreSQL.
 */
export const coldStartBenchmark: Benchmark = {
  name: 'cold-start',
  description: 'Spawn to first 200 from /api/health and /, on an empty and on an existing database',
  async run() {
    const timings: Record<string, Record<string, number>> = {}
    const dataDir = await mkdtemp(join(tmpdir(), 'bench-cold-'))
    try {
      timings['embedded, empty'] = await timeStart({ DATA_DIR: dataDir, DATABASE_URL: '' })
      timings['embedded, existing'] = await timeStart({ DATA_DIR: dataDir, DATABASE_URL: '' })
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
    const database = await createThrowawayDatabase()
    try {
      timings['PostgreSQL, empty'] = await timeStart({ DATABASE_URL: database.url })
      timings['PostgreSQL, existing'] = await timeStart({ DATABASE_URL: database.url })
    } finally {
      await database.drop()
    }
    const figures: Figure[] = Object.entries(timings).flatMap(([name, times]) =>
      paths.map((path) => ({ name: `${name}: ${path}`, value: round(times[path] ?? 0, 0), unit: 'ms' })),
    )
    return report('cold-start', figures, { timings })
  },
}

async function timeStart(env: NodeJS.ProcessEnv): Promise<Record<string, number>> {
  const server = await startServer({ env, waitFor: paths })
  await server.stop()
  return server.readyAfterMs
}
