import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import { freePort } from '../../tests/e2e/support/server-process.ts'

/** The secret the benchmark server signs with, so the benchmarks can issue guest proofs it accepts. */
export const benchAuthSecret = randomBytes(32).toString('base64url')

export interface RunningServer {
  baseURL: string
  child: ChildProcess
  /** Milliseconds from spawning the process to the first 200 of each path waited for. */
  readyAfterMs: Record<string, number>
  stop(): Promise<void>
}

export interface StartOptions {
  env?: NodeJS.ProcessEnv
  /** Arguments for node before the script, e.g. `--cpu-prof`. */
  nodeArgs?: string[]
  script?: string
  /** Paths that must answer 200 before the server counts as started. */
  waitFor?: string[]
}

/**
 * Starts `node dist/server/main.js` (the production build) on a free port and times how long it
 * takes each of `waitFor` to answer 200. Production mode, quiet logs and the benchmark's secret
 * (random per run); `env` adds the database and anything else.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const script = options.script ?? 'dist/server/main.js'
  if (!existsSync(script)) throw new Error(`${script} is missing: run \`npm run build\` first.`)
  const port = await freePort()
  const baseURL = `http://127.0.0.1:${port}`
  const startedAt = performance.now()
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), script], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      AUTH_SECRET: benchAuthSecret,
      // What production requires (ADR 016): cards in the labelled test mode, and an SMTP server,
      // here one where nothing listens (the discard port), since the benchmarks read no mail.
      PAYMENTS_TEST_MODE: 'true',
      SMTP_URL: 'smtp://127.0.0.1:9?tls=off',
      // The mail worker renders confirmations in the background; keep it out of the measured seconds.
      MAIL_POLL_MS: '60000',
      ...options.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const stop = () => stopChild(child)
  try {
    const paths = options.waitFor ?? ['/api/health']
    const times = await Promise.all(paths.map((path) => firstOk(`${baseURL}${path}`, child, startedAt)))
    return { baseURL, child, readyAfterMs: Object.fromEntries(paths.map((p, i) => [p, times[i] ?? 0])), stop }
  } catch (error) {
    await stop()
    throw error
  }
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

/** Polls every 10 ms; returns the milliseconds since `startedAt` of the first 200. */
async function firstOk(url: string, child: ChildProcess, startedAt: number): Promise<number> {
  const deadline = startedAt + 120_000
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`)
    try {
      const response = await fetch(url)
      await response.arrayBuffer()
      if (response.status === 200) return performance.now() - startedAt
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error(`${url} did not answer 200 within 120 s`)
}
