import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BenchContext } from './context.ts'
import { printProfile } from './cpu-profile.ts'
import { createThrowawayDatabase } from './postgres.ts'
import { type RunningServer, startServer } from './server-process.ts'

/**
 * Runs `body` against the production server on a throwaway PostgreSQL database (migrated and seeded
 * by the server's own start-up), then stops the server and drops the database. With `--profile`,
 * the server runs under `node --cpu-prof` and its hottest functions are printed afterwards.
 */
export async function withPostgresServer<T>(
  context: BenchContext,
  title: string,
  body: (server: RunningServer, databaseUrl: string) => Promise<T>,
  env: NodeJS.ProcessEnv = {},
): Promise<T> {
  const database = await createThrowawayDatabase()
  const profileDir = context.profile ? await mkdtemp(join(tmpdir(), 'bench-prof-')) : undefined
  try {
    const server = await startServer({
      env: { DATABASE_URL: database.url, ...env },
      nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    })
    try {
      return await body(server, database.url)
    } finally {
      await server.stop()
      if (profileDir) {
        printProfile(title, profileDir)
        console.log(`(profiles kept in ${profileDir}: open them in Chrome DevTools' Performance panel)`)
      }
    }
  } finally {
    await database.drop()
  }
}
