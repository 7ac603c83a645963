import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface ServerProcess {
  baseURL: string
  /** Stops the server and deletes its database. */
  stop(): Promise<void>
}

/**
 * Starts `node dist/server/main.js` (the production build, in production mode) on a free port with
 * a fresh embedded database, and waits until /api/health answers. `env` adds or overrides
 * settings; `prepare` runs on the database directory before the server opens it (PGlite allows one
 * process at a time).
 */
export async function startServer(
  env: NodeJS.ProcessEnv = {},
  prepare?: (dataDir: string) => Promise<void>,
): Promise<ServerProcess> {
  if (!existsSync('dist/server/main.js')) throw new Error('Run `npm run build` before the browser tests.')
  const dataDir = await mkdtemp(join(tmpdir(), 'e2e-data-'))
  await prepare?.(dataDir)
  // A port freePort found may be taken before the server listens on it (the server then exits):
  // started again on another, up to three times.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort()
    const baseURL = `http://127.0.0.1:${port}`
    const server = spawnServer(port, baseURL, dataDir, env)
    try {
      // This server's own answer: another process on the port would answer in its place.
      await waitForHealth(baseURL, server, 90_000, { pid: server.pid })
      return running(baseURL, server, dataDir)
    } catch (error) {
      if (server.exitCode !== null && attempt < 3) continue
      await rm(dataDir, { recursive: true, force: true })
      throw error
    }
  }
}

function spawnServer(port: number, baseURL: string, dataDir: string, env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // Production, with every setting it requires (ADR 016). Card payments in the labelled test
      // mode; mail to an address where nothing listens, unless `env` gives a real SMTP server.
      NODE_ENV: 'production',
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      PAYMENTS_TEST_MODE: 'true',
      SMTP_URL: 'smtp://127.0.0.1:9?tls=off',
      // Each server has a fresh database, and its rate limits start fresh too where REDIS_URL is
      // set (CI): counts left in the shared Redis by earlier runs must not refuse its requests.
      RATE_LIMIT_NAMESPACE: `e2e-${randomUUID()}:`,
      // Behind one proxy, as deployed: each browser context is a visitor with an address of its own
      // (browser.ts), so the per-address limits count each visitor, not the whole suite together.
      TRUST_PROXY: '1',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
}

function running(baseURL: string, server: ChildProcess, dataDir: string): ServerProcess {
  return {
    baseURL,
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve))
        server.kill('SIGTERM')
        await exited
      }
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** A TCP port nothing listens on right now, on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

/**
 * Waits until the server answers /api/health with 200 (from the process `pid`, when given); fails if
 * it exits or takes longer than `timeoutMs`.
 */
export async function waitForHealth(
  baseURL: string,
  server: ChildProcess,
  timeoutMs = 90_000,
  { pid }: { pid?: number | undefined } = {},
) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`)
    try {
      const response = await fetch(`${baseURL}/api/health`)
      const body = (await response.json().catch(() => ({}))) as { pid?: number }
      if (response.ok && (pid === undefined || body.pid === pid)) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  server.kill()
  throw new Error(`The server did not become healthy within ${timeoutMs / 1000} s`)
}
