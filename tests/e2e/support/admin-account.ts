import { spawn } from 'node:child_process'

declare module 'vitest' {
  export interface ProvidedContext {
    /** An activated admin account, made before the server started (see createAdminAccount). */
    admin: { email: string; password: string }
    /** Two activated staff accounts, assigned to no venue. */
    staff: { email: string; password: string }[]
    /** An activated manager account (reports and statements). */
    manager: { email: string; password: string }
  }
}

export const e2eAdmin = { email: 'admin@e2e.daypass.bh', password: 'Dhow-harbour-admin-1932' }
/** Two desk staff, made the same way; an admin assigns them to venues in the desk's spec. */
export const e2eStaff = [
  { email: 'staff-a@e2e.daypass.bh', password: 'Dhow-harbour-staff-1932' },
  { email: 'staff-b@e2e.daypass.bh', password: 'Dhow-harbour-staff-1932' },
]

/** A manager, who reads the reports in their spec. */
export const e2eManager = { email: 'manager@e2e.daypass.bh', password: 'Dhow-harbour-manager-1932' }

/**
 * Creates the activated admin account with `npm run user:role`'s script, in the server's own
 * database directory. It must run before the server starts: PGlite lets only one process open a
 * database, and the browser tests have no other way in.
 */
export async function createAdminAccount(dataDir: string): Promise<void> {
  await createAccount(dataDir, e2eAdmin.email, 'admin', e2eAdmin.password)
  for (const staff of e2eStaff) await createAccount(dataDir, staff.email, 'staff', staff.password)
  await createAccount(dataDir, e2eManager.email, 'manager', e2eManager.password)
}

async function createAccount(dataDir: string, email: string, role: string, password: string) {
  const script = spawn(process.execPath, ['--import', 'tsx', 'scripts/set-role.ts', email, role, password], {
    // DATABASE_URL is emptied so that a CI PostgreSQL is never touched: this is the server's PGlite.
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const code = await new Promise<number | null>((resolve, reject) => {
    script.once('error', reject)
    script.once('exit', resolve)
  })
  if (code !== 0) throw new Error(`Creating the e2e account ${email} failed (exit code ${code})`)
}
