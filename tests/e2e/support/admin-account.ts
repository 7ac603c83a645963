import { spawn } from 'node:child_process'

declare module 'vitest' {
  export interface ProvidedContext {
    /** An activated admin account, made before the server started (see createAdminAccount). */
    admin: { email: string; password: string }
  }
}

export const e2eAdmin = { email: 'admin@e2e.daypass.bh', password: 'Dhow-harbour-admin-1932' }

/**
 * Creates the activated admin account with `npm run user:role`'s script, in the server's own
 * database directory. It must run before the server starts: PGlite lets only one process open a
 * database, and the browser tests have no other way in.
 */
export async function createAdminAccount(dataDir: string): Promise<void> {
  const script = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/set-role.ts', e2eAdmin.email, 'admin', e2eAdmin.password],
    {
      // DATABASE_URL is emptied so that a CI PostgreSQL is never touched: this is the server's PGlite.
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  )
  const code = await new Promise<number | null>((resolve, reject) => {
    script.once('error', reject)
    script.once('exit', resolve)
  })
  if (code !== 0) throw new Error(`Creating the e2e admin account failed (exit code ${code})`)
}
