import { type ChildProcess, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { freePort, waitForHealth } from '../../../e2e/support/server-process.ts'

export interface ServerChild {
  baseURL: string
  /** Ends the process at once, as a crash or an OOM kill would: no shutdown code runs. */
  kill(): Promise<void>
}

/**
 * Starts the server from source (`node --import tsx src/server/main.ts`, as `npm run dev` runs it,
 * since `npm run test:unit` runs before the build) on the PostgreSQL database `databaseUrl`, and
 * waits until /api/health answers. `env` adds or overrides settings.
 */
export async function startServerFromSource(
  databaseUrl: string,
  env: NodeJS.ProcessEnv = {},
): Promise<ServerChild> {
  const port = await freePort()
  const baseURL = `http://127.0.0.1:${port}`
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      // Development, so mail lands in the dev mailbox table, which the tests count; production
      // would need an SMTP server (ADR 016). The database code is the same in both.
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/nonexistent',
      SMTP_URL: '',
      // Where REDIS_URL is set (CI), each started server counts its own attempts, as one with
      // in-memory limits does: a restart starts afresh, and counts left in the shared Redis by
      // other tests or earlier runs never refuse this test's requests.
      RATE_LIMIT_NAMESPACE: `test-${randomUUID()}:`,
      ...env,
      DATABASE_URL: databaseUrl,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  // A test that dies first must not leave the server running.
  const killOnExit = () => child.kill('SIGKILL')
  process.once('exit', killOnExit)
  await waitForHealth(baseURL, child)
  return {
    baseURL,
    async kill() {
      process.removeListener('exit', killOnExit)
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGKILL')
      await exited
    },
  }
}
