import { rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { addDays, todayInBahrain } from '../src/shared/bahrain-time.ts'
import type { BenchContext, Benchmark } from './support/context.ts'
import { type LoadFigures, measure } from './support/load.ts'
import { withPostgresServer } from './support/postgres-server.ts'
import { type Figure, report } from './support/report.ts'
import { startServer } from './support/server-process.ts'

/** The seed's 8 venues and 24 copies of each: the catalog at 200 venues. */
const copies = 24
/** Load passes of the bare route and of ours, one after the other, per URL. */
const passPairs = 9

/**
 * The venue list with filters at 200 venues (docs/catalog.md, "Finding a pass"): each filtered URL
 * against a bare Fastify route serving its exact bytes, headers and all, asked the same URL. The demo keeps its 8 venues; this run
 * copies them into a throwaway database after the server has seeded it, and tells the server's
 * catalog cache through its NOTIFY channel.
 */
export const catalogBenchmark: Benchmark = {
  name: 'catalog',
  description: 'GET /api/gyms with filters at 200 venues vs a bare Fastify route with the same body',
  run: (context) =>
    withPostgresServer(context, 'catalog server', async (server, databaseUrl) => {
      await growTo200(databaseUrl)
      return runCatalog(context, server.baseURL)
    }),
}

async function growTo200(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    for (let copy = 1; copy <= copies; copy++) {
      const suffix = `-b${copy}`
      await client.query(
        `INSERT INTO venues
         SELECT (jsonb_populate_record(NULL::venues,
                  to_jsonb(v) || jsonb_build_object('id', v.id || $1::text, 'slug', v.slug || $1::text))).*
           FROM venues v WHERE v.id NOT LIKE '%-b%'`,
        [suffix],
      )
      await client.query(
        `INSERT INTO passes
         SELECT (jsonb_populate_record(NULL::passes,
                  to_jsonb(p) || jsonb_build_object('id', p.id || $1::text, 'venue_id', p.venue_id || $1::text))).*
           FROM passes p WHERE p.venue_id NOT LIKE '%-b%'`,
        [suffix],
      )
    }
    await client.query(`SELECT pg_notify('catalog_changed', '')`)
  } finally {
    await client.end()
  }
}

async function runCatalog(context: BenchContext, baseURL: string) {
  const tomorrow = addDays(todayInBahrain(), 1)
  let friday = tomorrow
  while (new Date(`${friday}T00:00:00Z`).getUTCDay() !== 5) friday = addDays(friday, 1)
  const urls = {
    'the first page of all 200': '/api/gyms',
    'pools in Seef, open at 07:00 tomorrow, by price': `/api/gyms?area=seef&facility=pool&date=${tomorrow}&hour=7&sort=price`,
    'a sauna on Friday under BD 15': `/api/gyms?facility=sauna&max=15&date=${friday}`,
    'search "family", page 2': '/api/gyms?search=family&page=2',
  }
  // The catalog cache has been told; wait until the list shows all 200.
  for (let tries = 0; tries < 50; tries++) {
    const list = (await (await fetch(`${baseURL}/api/gyms`)).json()) as { total?: number; gyms: unknown[] }
    if ((list.total ?? list.gyms.length) >= 200) break
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  const figures: Figure[] = []
  const details: Record<string, unknown> = { connections: context.connections, seconds: context.seconds }
  let failures = 0
  for (const [name, path] of Object.entries(urls)) {
    // As the load generator asks: with no compression.
    const answer = await fetch(`${baseURL}${path}`, { headers: { 'accept-encoding': 'identity' } })
    const body = await answer.text()
    const bodyFile = join(tmpdir(), `bench-catalog-filter-${process.pid}.json`)
    const headersFile = join(tmpdir(), `bench-catalog-headers-${process.pid}.json`)
    await writeFile(bodyFile, body)
    await writeFile(headersFile, JSON.stringify(sameHeaders(answer.headers)))
    const bare = await startServer({
      script: 'bench/bare-server.ts',
      nodeArgs: ['--import', 'tsx'],
      env: { BARE_BODY_FILE: bodyFile, BARE_HEADERS_FILE: headersFile },
      waitFor: ['/api/gyms'],
    })
    const load = (url: string) => measure({ url, connections: context.connections, seconds: context.seconds })
    // Passes alternate between the bare route and ours, and the ratio is the median of each pair's:
    // both share this machine's cores with the load generator, and a single pass of each moved the
    // ratio by up to 0.1 from run to run.
    const pairs: { bare: LoadFigures; route: LoadFigures; ratio: number }[] = []
    try {
      for (let pair = 0; pair < passPairs; pair++) {
        // The bare route is asked the same URL, query and all: Fastify's own routing of it is not ours.
        const bareLoad = await load(`${bare.baseURL}${path}`)
        const route = await load(`${baseURL}${path}`)
        const ratio = bareLoad.requestsPerSecond ? route.requestsPerSecond / bareLoad.requestsPerSecond : 0
        pairs.push({ bare: bareLoad, route, ratio })
      }
    } finally {
      await bare.stop()
      await rm(bodyFile, { force: true })
      await rm(headersFile, { force: true })
    }
    const passes = pairs.flatMap((pair) => [pair.bare, pair.route])
    failures += passes.reduce((sum, pass) => sum + pass.errors + pass.timeouts + pass.non2xx, 0)
    const median = [...pairs].sort((a, b) => a.ratio - b.ratio)[
      Math.floor(pairs.length / 2)
    ] as (typeof pairs)[number]
    figures.push(
      { name: `${name}: req/s`, value: median.route.requestsPerSecond, unit: 'req/s' },
      {
        name: `${name}: ÷ bare route (median of ${passPairs})`,
        value: Math.round(median.ratio * 100) / 100,
        unit: '',
        target: { kind: 'min', value: 0.9 },
      },
      {
        name: `${name}: p99 (worst pass)`,
        value: Math.max(...pairs.map((pair) => pair.route.p99Ms)),
        unit: 'ms',
        target: { kind: 'max', value: 20 },
      },
    )
    details[name] = { path, bytes: Buffer.byteLength(body), pairs }
  }
  figures.push({ name: 'failed requests', value: failures, unit: '', target: { kind: 'equal', value: 0 } })
  return report('catalog', figures, details)
}

/**
 * The headers the bare route sends: ours, so both answers are the same bytes on the wire (its
 * security headers, caching, ETag and a request id of the same length). Node writes the
 * connection's own (date, keep-alive, length) on both sides.
 */
function sameHeaders(headers: Headers): Record<string, string> {
  const own = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'])
  return Object.fromEntries([...headers].filter(([name]) => !own.has(name)))
}
