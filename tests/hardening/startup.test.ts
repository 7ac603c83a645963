import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { localSecretFile } from '../../src/server/platform/local-secret.ts'

/**
 * The real server entry, started from source with nothing but the settings given: production
 * without what it requires refuses to start and names each missing setting; development with no
 * settings at all starts as a local demo on the loopback interface (ADR 016). The cells for each
 * setting on its own are in src/server/platform/config.test.ts, without a process each.
 */
const children: ChildProcess[] = []
const dirs: string[] = []
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
})

/** `node --import tsx src/server/main.ts` with only `settings` (and PATH, HOME): no inherited ones. */
function startServer(settings: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...settings },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  /** Resolves with the output once `pattern` appears in it, or rejects if the process ends first. */
  const waitFor = (pattern: RegExp) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        const match = output.match(pattern)
        if (match) resolve(match)
        return Boolean(match)
      }
      if (check()) return
      child.stdout?.on('data', check)
      void exited.then(() => check() || reject(new Error(`The server exited:\n${output}`)))
    })
  return { child, exited, output: () => output, waitFor }
}

describe('production', () => {
  it('refuses to start without its settings, naming each of them', async () => {
    const server = startServer({ NODE_ENV: 'production' })
    expect(await server.exited).not.toBe(0)
    for (const setting of ['AUTH_SECRET', 'SMTP_URL', 'PUBLIC_URL'])
      expect(server.output()).toMatch(new RegExp(`${setting}: is required in production`))
  })

  it('refuses the development AUTH_SECRET published in the source', async () => {
    const server = startServer({
      NODE_ENV: 'production',
      AUTH_SECRET: 'development-only-secret-change-me-0123456789',
      SMTP_URL: 'smtp://127.0.0.1:25',
      PUBLIC_URL: 'https://daypass.example',
    })
    expect(await server.exited).not.toBe(0)
    expect(server.output()).toMatch(/AUTH_SECRET: is a development value/)
    expect(server.output()).not.toMatch(/SMTP_URL|PUBLIC_URL/)
  })
})

describe('development with no settings', () => {
  it('starts on the loopback interface only, with a secret of its own', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'startup-'))
    dirs.push(dir)
    const dataDir = join(dir, 'data')
    // PORT 0 (any free port) and a fresh DATA_DIR keep the test off the real ones; nothing else is set.
    const server = startServer({ PORT: '0', DATA_DIR: dataDir })
    const [, socket] = await server.waitFor(/Server listening on ([^\s;"]+)/)
    const listening = [...server.output().matchAll(/Server listening on ([^\s;"]+)/g)].map((m) => m[1])
    expect(listening).toEqual([socket])
    const address = `http://${socket}`
    expect(new URL(address).hostname).toBe('127.0.0.1')
    expect((await fetch(`${address}/api/health`)).status).toBe(200)
    expect((await stat(localSecretFile(dataDir))).mode & 0o777).toBe(0o600)
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
  }, 300_000)
})

describe('a SIGTERM', () => {
  it('stops readiness first, answers the requests in flight, then exits within 10 s', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'drain-'))
    dirs.push(dir)
    const server = startServer({ PORT: '0', DATA_DIR: join(dir, 'data'), SHUTDOWN_DRAIN_MS: '1500' })
    const [, socket] = await server.waitFor(/Server listening on ([^\s;"]+)/)
    const address = `http://${socket}`
    expect((await fetch(`${address}/health/ready`)).status).toBe(200)

    // A request in flight when the signal comes: its body is still arriving.
    const body = JSON.stringify({ email: 'drain@example.com', language: 'en' })
    const inFlight = request(`${address}/api/newsletter`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(body.length), origin: address },
    })
    const answered = new Promise<number>((resolve, reject) => {
      inFlight.on('response', (response) => {
        response.resume()
        resolve(response.statusCode ?? 0)
      })
      inFlight.on('error', reject)
    })
    inFlight.write(body.slice(0, 10))
    await new Promise((resolve) => setTimeout(resolve, 200))

    const signalledAt = Date.now()
    server.child.kill('SIGTERM')
    await server.waitFor(/draining: no longer ready/)
    const ready = await fetch(`${address}/health/ready`)
    expect(ready.status).toBe(503)
    expect(await ready.json()).toEqual({ status: 'not-ready', reasons: ['draining'] })
    expect((await fetch(`${address}/health/live`)).status).toBe(200)

    inFlight.end(body.slice(10))
    expect(await answered).toBeLessThan(500)
    expect(await server.exited).toBe(0)
    expect(Date.now() - signalledAt).toBeLessThan(10_000)
  }, 300_000)
})
