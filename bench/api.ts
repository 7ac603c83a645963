import { rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { addDays, todayInBahrain } from '../src/shared/bahrain-time.ts'
import type { BenchContext, Benchmark } from './support/context.ts'
import { type LoadFigures, measure } from './support/load.ts'
import { withPostgresServer } from './support/postgres-server.ts'
import { type Figure, report } from './support/report.ts'
import { startServer } from './support/server-process.ts'

const venueId = 'manama-marina-hotel'

/**
 * Requests per second and latency of the catalog and of one venue's availability on the production
 * server (PostgreSQL), against the ceiling of a bare Fastify route serving the catalog's exact bytes.
 */
export const apiBenchmark: Benchmark = {
  name: 'api',
  description: 'GET /api/gyms and availability vs a bare Fastify route with the same body (autocannon)',
  run: (context) => withPostgresServer(context, 'api server', (server) => runApi(context, server.baseURL)),
}

async function runApi(context: BenchContext, baseURL: string) {
  const catalogUrl = `${baseURL}/api/gyms`
  const availabilityUrl = `${baseURL}/api/gyms/${venueId}/availability?date=${addDays(todayInBahrain(), 7)}`
  const body = await (await fetch(catalogUrl)).text()
  const bodyFile = join(tmpdir(), `bench-catalog-${process.pid}.json`)
  await writeFile(bodyFile, body)

  const bare = await startServer({
    script: 'bench/bare-server.ts',
    nodeArgs: ['--import', 'tsx'],
    env: { BARE_BODY_FILE: bodyFile },
    waitFor: ['/api/gyms'],
  })
  const load = (url: string, headers: Record<string, string> = {}) =>
    measure({ url, headers, connections: context.connections, seconds: context.seconds })
  let ceiling: LoadFigures
  try {
    ceiling = await load(`${bare.baseURL}/api/gyms`)
  } finally {
    await bare.stop()
    await rm(bodyFile, { force: true })
  }
  const catalog = await load(catalogUrl)
  const availability = await load(availabilityUrl)
  // What a browser gets: it asks for compression, and sends back the ETag it was given.
  const etag = (await fetch(catalogUrl)).headers.get('etag')
  const browser = await load(catalogUrl, { 'accept-encoding': 'gzip, deflate, br' })
  const revalidated = etag ? await load(catalogUrl, { 'if-none-match': etag }) : undefined

  const p99Target = { kind: 'max', value: 25 } as const
  const figures: Figure[] = [
    { name: 'bare route', value: ceiling.requestsPerSecond, unit: 'req/s' },
    { name: 'bare route p99', value: ceiling.p99Ms, unit: 'ms' },
    { name: 'catalog', value: catalog.requestsPerSecond, unit: 'req/s' },
    {
      name: 'catalog ÷ bare route',
      value: ratio(catalog, ceiling),
      unit: '',
      target: { kind: 'min', value: 0.8 },
    },
    { name: 'catalog p50', value: catalog.p50Ms, unit: 'ms' },
    { name: 'catalog p99', value: catalog.p99Ms, unit: 'ms', target: p99Target },
    { name: 'catalog, compressed', value: browser.requestsPerSecond, unit: 'req/s' },
    { name: 'catalog, compressed p99', value: browser.p99Ms, unit: 'ms' },
    ...(revalidated
      ? [
          { name: 'catalog, 304 revalidation', value: revalidated.requestsPerSecond, unit: 'req/s' },
          { name: 'catalog, 304 p99', value: revalidated.p99Ms, unit: 'ms' },
        ]
      : []),
    { name: 'availability', value: availability.requestsPerSecond, unit: 'req/s' },
    { name: 'availability ÷ bare route', value: ratio(availability, ceiling), unit: '' },
    { name: 'availability p50', value: availability.p50Ms, unit: 'ms' },
    { name: 'availability p99', value: availability.p99Ms, unit: 'ms', target: p99Target },
  ]
  // Every answer must be a 200 (a 304 for the revalidation pass): anything else is a broken run.
  const failures =
    [ceiling, catalog, availability, browser].reduce(
      (sum, pass) => sum + pass.errors + pass.timeouts + pass.non2xx,
      0,
    ) + (revalidated ? revalidated.errors + revalidated.timeouts : 0)
  figures.push({ name: 'failed requests', value: failures, unit: '', target: { kind: 'equal', value: 0 } })
  return report('api', figures, {
    connections: context.connections,
    seconds: context.seconds,
    catalogBytes: Buffer.byteLength(body),
    compression:
      'The client sends no Accept-Encoding, so neither server compresses; "compressed" asks for it as browsers do',
    bare: ceiling,
    catalog,
    availability,
    catalogCompressed: browser,
    catalogRevalidated: revalidated ?? null,
  })
}

function ratio(route: LoadFigures, ceiling: LoadFigures): number {
  return ceiling.requestsPerSecond
    ? Math.round((route.requestsPerSecond / ceiling.requestsPerSecond) * 100) / 100
    : 0
}
