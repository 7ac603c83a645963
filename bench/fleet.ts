import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BenchContext, Benchmark } from './support/context.ts'
import { benchGuest, bookableSlots, guestOrderBody, orderHeaders } from './support/guest-orders.ts'
import { type LoadFigures, measure } from './support/load.ts'
import { createThrowawayDatabase } from './support/postgres.ts'
import { type Figure, report, round } from './support/report.ts'
import { type RunningServer, startServer } from './support/server-process.ts'

/**
 * The deployment of deploy/ on one machine: HAProxy from deploy/haproxy-config.mjs in front of 1, 2
 * and 3 production servers on one PostgreSQL. The catalog and pay-at-venue checkout through the
 * proxy, against one server without it; then the failover: one server killed with SIGKILL under
 * load, and the time from the kill to the last failed request.
 */
export const fleetBenchmark: Benchmark = {
  name: 'fleet',
  description: 'catalog and checkout through HAProxy with 1, 2 and 3 servers vs one server direct; failover',
  run: (context) => runFleet(context),
}

async function runFleet(context: BenchContext) {
  const database = await createThrowawayDatabase('fleet')
  const dir = await mkdtemp(join(tmpdir(), 'bench-fleet-'))
  const servers: RunningServer[] = []
  try {
    for (const n of [1, 2, 3])
      servers.push(
        await startServer({
          env: {
            DATABASE_URL: database.url,
            DATA_DIR: join(dir, `server-${n}`),
            CHECKOUT_ORDERS_PER_IP: '100000000',
            TRUST_PROXY: '127.0.0.1',
            REDIS_URL: process.env.REDIS_URL ?? '',
          },
        }),
      )
    const first = servers[0] as RunningServer
    const slots = await bookableSlots(first.baseURL)
    let sent = 0
    const guests = Array.from({ length: context.connections }, (_, i) => benchGuest(`fleet-${i}@example.bh`))
    const catalogLoad = (baseURL: string) =>
      measure({ url: `${baseURL}/api/gyms`, connections: context.connections, seconds: context.seconds })
    const checkoutLoad = (baseURL: string) =>
      measure({
        url: `${baseURL}/api/checkout/orders`,
        method: 'POST',
        connections: context.connections,
        seconds: context.seconds,
        setupRequest: (request) => {
          const slot = slots[sent % slots.length]
          const guest = guests[sent % guests.length]
          sent++
          if (!slot || !guest) throw new Error('no slots to book')
          return { ...request, headers: orderHeaders(), body: guestOrderBody(slot, guest) }
        },
      })

    const direct = { catalog: await catalogLoad(first.baseURL), checkout: await checkoutLoad(first.baseURL) }
    const proxied: Array<{ servers: number; catalog: LoadFigures; checkout: LoadFigures }> = []
    for (const n of [1, 2, 3]) {
      const proxy = await startHaproxy(dir, servers.slice(0, n))
      try {
        proxied.push({
          servers: n,
          catalog: await catalogLoad(proxy.baseURL),
          checkout: await checkoutLoad(proxy.baseURL),
        })
      } finally {
        await proxy.stop()
      }
    }
    const failover = await measureFailover(dir, servers)

    const figures: Figure[] = [
      { name: 'catalog, one server direct', value: direct.catalog.requestsPerSecond, unit: 'req/s' },
      { name: 'checkout, one server direct', value: direct.checkout.requestsPerSecond, unit: 'orders/s' },
    ]
    for (const pass of proxied) {
      figures.push(
        {
          name: `catalog, ${pass.servers} behind HAProxy`,
          value: pass.catalog.requestsPerSecond,
          unit: 'req/s',
        },
        {
          name: `catalog, ${pass.servers} ÷ direct`,
          value: round(pass.catalog.requestsPerSecond / direct.catalog.requestsPerSecond, 2),
          unit: '',
        },
        { name: `catalog, ${pass.servers} p99`, value: pass.catalog.p99Ms, unit: 'ms' },
        {
          name: `checkout, ${pass.servers} behind HAProxy`,
          value: pass.checkout.requestsPerSecond,
          unit: 'orders/s',
        },
        {
          name: `checkout, ${pass.servers} ÷ direct`,
          value: round(pass.checkout.requestsPerSecond / direct.checkout.requestsPerSecond, 2),
          unit: '',
        },
        { name: `checkout, ${pass.servers} p99`, value: pass.checkout.p99Ms, unit: 'ms' },
      )
    }
    const failed = [direct, ...proxied].reduce(
      (sum, pass) =>
        sum +
        [pass.catalog, pass.checkout].reduce((s, load) => s + load.errors + load.timeouts + load.non2xx, 0),
      0,
    )
    figures.push(
      { name: 'failed requests under load', value: failed, unit: '', target: { kind: 'equal', value: 0 } },
      { name: 'failover: kill to last failure', value: failover.lastFailureAfterMs, unit: 'ms' },
      { name: 'failover: failed requests', value: failover.failed, unit: '' },
      { name: 'failover: requests', value: failover.requests, unit: '' },
    )
    return report('fleet', figures, {
      connections: context.connections,
      seconds: context.seconds,
      cores:
        'Servers, HAProxy, PostgreSQL and the load generator share the same 2 cores: the CPU is the limit',
      direct,
      proxied,
      failover,
    })
  } finally {
    for (const server of servers) await server.stop()
    await rm(dir, { recursive: true, force: true })
    await database.drop()
  }
}

/** HAProxy started from deploy/haproxy-config.mjs's output for `servers`, once every one is up. */
async function startHaproxy(dir: string, servers: RunningServer[]) {
  const port = await freePort()
  const config = execFileSync(process.execPath, [
    'deploy/haproxy-config.mjs',
    '--bind',
    `127.0.0.1:${port}`,
    '--socket',
    join(dir, `haproxy-${port}.sock`),
    ...servers.map((server) => new URL(server.baseURL).host),
  ])
  const file = join(dir, `haproxy-${port}.cfg`)
  await writeFile(file, config)
  const child = spawn('haproxy', ['-db', '-f', file], { stdio: 'ignore' })
  const baseURL = `http://127.0.0.1:${port}`
  // Round robin over servers that all passed their check: as many answers as servers, each 200.
  const deadline = Date.now() + 20_000
  while (Date.now() < deadline) {
    try {
      const answers = await Promise.all(servers.map(() => fetch(`${baseURL}/health/ready`)))
      if (answers.every((answer) => answer.status === 200)) break
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  await new Promise((resolve) => setTimeout(resolve, 1500))
  return { baseURL, stop: () => stopProcess(child) }
}

/**
 * Readers loop on the catalog through HAProxy in front of all three servers; two seconds in, the
 * third is killed with SIGKILL. Every failed request's time is kept; the figure is the last one's
 * distance from the kill.
 */
async function measureFailover(dir: string, servers: RunningServer[]) {
  const proxy = await startHaproxy(dir, servers)
  const victim = servers[2] as RunningServer
  let killedAt = 0
  let requests = 0
  const failures: number[] = []
  const stopAt = Date.now() + 8000
  const reader = async () => {
    while (Date.now() < stopAt) {
      requests++
      try {
        const response = await fetch(`${proxy.baseURL}/api/gyms`, { signal: AbortSignal.timeout(5000) })
        await response.arrayBuffer()
        if (response.status !== 200) failures.push(Date.now())
      } catch {
        failures.push(Date.now())
      }
    }
  }
  const killer = (async () => {
    await new Promise((resolve) => setTimeout(resolve, 2000))
    killedAt = Date.now()
    victim.child.kill('SIGKILL')
  })()
  await Promise.all([...Array.from({ length: 20 }, reader), killer])
  await proxy.stop()
  const last = failures.at(-1)
  return {
    requests,
    failed: failures.length,
    lastFailureAfterMs: last === undefined ? 0 : Math.max(0, last - killedAt),
  }
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve()
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  return exited
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
