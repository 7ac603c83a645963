import { execFileSync, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
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
    const npmStart = await timeNpmStartOnAFreshClone()
    figures.push(
      {
        name: 'npm start, fresh clone: /',
        value: npmStart.first,
        unit: 'ms',
        target: { kind: 'max', value: 8000 },
      },
      {
        name: 'npm start, again: /',
        value: npmStart.second,
        unit: 'ms',
        target: { kind: 'max', value: 2000 },
      },
    )
    return report('cold-start', figures, { timings, npmStart })
  },
}

async function timeStart(env: NodeJS.ProcessEnv): Promise<Record<string, number>> {
  const server = await startServer({ env, waitFor: paths })
  await server.stop()
  return server.readyAfterMs
}

/**
 * `npm start` as a new user runs it: in a fresh clone of this repository (its node_modules linked
 * from this one, as `npm ci` would leave them), on the embedded database, to the first 200 from /.
 * The first start builds; the second finds the build current and only starts.
 */
async function timeNpmStartOnAFreshClone(): Promise<{ first: number; second: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-clone-'))
  try {
    execFileSync('git', ['clone', '-q', '.', dir])
    execFileSync('cp', ['-al', 'node_modules', join(dir, 'node_modules')])
    const first = await timeNpmStart(dir)
    const second = await timeNpmStart(dir)
    return { first, second }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

async function timeNpmStart(dir: string): Promise<number> {
  const port = await freePort()
  const startedAt = performance.now()
  // A user's shell: none of the benchmark's production settings.
  const { NODE_ENV: _mode, DATABASE_URL: _database, ...env } = process.env
  const child = spawn('npm', ['start'], {
    cwd: dir,
    env: { ...env, PORT: String(port), DATA_DIR: join(dir, 'data') },
    stdio: 'ignore',
    detached: true,
  })
  try {
    while (performance.now() - startedAt < 120_000) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/`)
        await response.arrayBuffer()
        if (response.status === 200) return round(performance.now() - startedAt, 0)
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    throw new Error('npm start did not serve / within 120 s')
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      // npm, and the server it started, are one process group.
      if (child.pid) process.kill(-child.pid, 'SIGTERM')
      await exited
    }
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}
