import { randomBytes } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { declaredEndpoints } from '../../src/shared/endpoints/all.ts'
import { pageManifest } from '../../src/shared/route-manifest.ts'
import { haproxyAccount, haproxyBinary, startHaproxy } from './support/haproxy.ts'
import { type Child, freePort, serverStates, waitUntil } from './support/processes.ts'

/**
 * What deploy/haproxy.cfg itself promises, checked on HAProxy started from it as in production
 * (the account it drops to, the chroot, its log on stdout) in front of one stand-in server that
 * records every request it is sent: what reaches a server is exactly what that server sees. The
 * whole deployment, real servers included, is fleet.test.ts.
 */
const missing = existsSync(haproxyBinary) ? undefined : `HAProxy is not at ${haproxyBinary} (set HAPROXY_BIN)`
if (missing) console.warn(`The proxy test is skipped: ${missing}.`)
const account = haproxyAccount()

interface Received {
  method: string
  url: string
  headers: IncomingHttpHeaders
}

let workDir = ''
let haproxy: Child
let chroot: string | undefined
let backend: Server
let proxyPort = 0
const received: Received[] = []

/** One request through HAProxy with its path sent byte for byte (fetch would tidy `//` and `..`). */
function send(method: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; requestId: string }>((resolve, reject) => {
    const outgoing = httpRequest(
      { host: '127.0.0.1', port: proxyPort, method, path, headers, agent: false },
      (response) => {
        response.resume()
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            requestId: String(response.headers['x-request-id'] ?? ''),
          }),
        )
      },
    )
    outgoing.on('error', reject)
    outgoing.end()
  })
}

/** HAProxy's log line of the request whose id is `requestId` (its lines end with the id). */
async function logLine(requestId: string): Promise<string> {
  let line: string | undefined
  await waitUntil(`HAProxy to log ${requestId}`, () => {
    line = haproxy.output.split('\n').find((candidate) => candidate.endsWith(` ${requestId}`))
    return line !== undefined
  })
  return line ?? ''
}

/** A token as the links carry them: long, random, URL-safe. */
const token = () => randomBytes(32).toString('base64url')

describe.skipIf(Boolean(missing))('HAProxy as deploy/haproxy.cfg configures it', () => {
  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'proxy-'))
    backend = createServer((incoming, answer) => {
      if (incoming.url !== '/health/ready')
        received.push({ method: incoming.method ?? '', url: incoming.url ?? '', headers: incoming.headers })
      // The answer carries the request id HAProxy set, so each request's log line can be found.
      answer.writeHead(200, { 'x-request-id': String(incoming.headers['x-request-id'] ?? '') })
      answer.end('ok')
    })
    await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve))
    proxyPort = await freePort()
    const socketPath = join(workDir, 'haproxy.sock')
    const started = await startHaproxy({
      workDir,
      bind: `127.0.0.1:${proxyPort}`,
      socketPath,
      servers: [`127.0.0.1:${(backend.address() as AddressInfo).port}`],
    })
    haproxy = started.child
    chroot = started.chroot
    await waitUntil('HAProxy to see the server UP', async () => (await serverStates(socketPath)).s1 === 'UP')
  }, 60_000)

  afterAll(async () => {
    await haproxy?.stop(3000)
    await new Promise((resolve) => backend?.close(resolve))
    if (workDir) await rm(workDir, { recursive: true, force: true })
  })

  it.skipIf('reason' in account)('runs as an account other than root, locked in an empty directory', () => {
    if ('reason' in account) return
    const pid = haproxy.process.pid
    const ids = (status: string, field: string) =>
      (status.match(new RegExp(`^${field}:\\s+(.+)$`, 'm'))?.[1] ?? '').split(/\s+/).map(Number)
    const passwd = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .map((line) => line.split(':'))
    const uid = Number(passwd.find(([name]) => name === account.user)?.[2])
    expect(uid).toBeGreaterThan(0)
    // Every thread: real, effective, saved and file-system ids alike.
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const status = readFileSync(`/proc/${pid}/task/${task}/status`, 'utf8')
      expect(ids(status, 'Uid')).toEqual([uid, uid, uid, uid])
      expect(ids(status, 'Gid').every((gid) => gid > 0)).toBe(true)
    }
    expect(readlinkSync(`/proc/${pid}/root`)).toBe(chroot)
    expect(readdirSync(chroot as string)).toEqual([])
  })
  if ('reason' in account) console.warn(`The proxy test's account check is skipped: ${account.reason}.`)

  it('refuses /metrics however its path is spelled, and passes the rest', async () => {
    const spellings = [
      '/metrics',
      '/%6detrics',
      '/%6Detrics',
      '/m%65trics',
      '/metrics/',
      '//metrics',
      '/METRICS',
      '/Metrics',
      '/metrics?name=x',
      '/./metrics',
      '/x/../metrics',
      '/%2fmetrics',
      '/metrics;x',
    ]
    const before = received.length
    for (const path of spellings) expect((await send('GET', path)).status, path).toBe(404)
    expect(received.slice(before).map((request) => request.url)).toEqual([])

    for (const path of ['/api/gyms?sort=metrics', '/gyms/metrics-lab'])
      expect((await send('GET', path)).status, path).toBe(200)
    expect(received.slice(before).map((request) => request.url)).toEqual([
      '/api/gyms?sort=metrics',
      '/gyms/metrics-lab',
    ])
  })

  it('logs no token of any link: path tokens are redacted and query strings left out', async () => {
    const withTokens = [
      ...declaredEndpoints.map(({ method, path }) => ({ method, path })),
      ...Object.values(pageManifest).map(({ path }) => ({ method: 'GET', path })),
    ].filter(({ path }) => path.includes(':token'))
    // Every kind of link a mail carries a token in (docs/security.md, "Other signed links").
    expect(withTokens.map(({ path }) => path)).toEqual(
      expect.arrayContaining([
        '/api/manage/:token',
        '/booking/:token',
        '/api/invitations/:token',
        '/invitation/:token',
        '/api/reviews/:token',
        '/reviews/:token',
        '/api/waitlist/:token',
        '/waitlist/:token',
        '/api/vendor-applications/status/:token',
        '/vendors/status/:token',
      ]),
    )
    const links = withTokens.map(({ method, path }) => {
      const secret = token()
      return { method, secret, path: path.replaceAll(':token', secret).replace(/:\w+/g, '17') }
    })
    // Better-auth's links, and the newsletter's, carry theirs in the query string or its own path.
    for (const link of [
      '/api/auth/reset-password/{t}?callbackURL=%2Freset-password',
      '/reset-password?token={t}',
      '/api/auth/verify-email?token={t}&callbackURL=%2F',
      '/newsletter/unsubscribe?token={t}',
    ]) {
      const secret = token()
      links.push({ method: 'GET', secret, path: link.replace('{t}', secret) })
    }

    for (const link of links) {
      const { status, requestId } = await send(link.method, link.path)
      expect(status, link.path).toBe(200)
      // The server still gets the whole link: only the log leaves the token out.
      expect(received.at(-1)?.url).toBe(link.path)
      const line = await logLine(requestId)
      expect(line, link.path).toContain(link.method)
      expect(line, link.path).not.toContain(link.secret)
    }
    for (const link of links) expect(haproxy.output).not.toContain(link.secret)
  })

  it('drops what a client says a proxy saw, and says the scheme itself', async () => {
    const forged = {
      'x-forwarded-host': 'attacker.example',
      'x-forwarded-proto': 'https',
      'x-forwarded-port': '443',
      'x-forwarded-prefix': '/admin',
      forwarded: 'for=203.0.113.9;proto=https;host=attacker.example',
      'x-real-ip': '203.0.113.9',
    }
    await send('GET', '/api/gyms', forged)
    const headers = received.at(-1)?.headers ?? {}
    for (const name of [
      'x-forwarded-host',
      'x-forwarded-port',
      'x-forwarded-prefix',
      'forwarded',
      'x-real-ip',
    ])
      expect(headers[name], name).toBeUndefined()
    expect(headers['x-forwarded-proto']).toBe('http')
    expect(headers['x-forwarded-for']).toBe('127.0.0.1')
  })
})
