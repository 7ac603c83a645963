import { randomUUID } from 'node:crypto'
import { createServer, type Socket } from 'node:net'
import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../../src/server/app.ts'
import { CatalogService } from '../../../src/server/domain/catalog/service.ts'
import { mailTemplates } from '../../../src/server/mail-templates.ts'
import { testConfig } from '../../../src/server/platform/config.ts'
import { openDatabase } from '../../../src/server/platform/db/database.ts'
import { migrate } from '../../../src/server/platform/db/migrate.ts'
import { createMailer } from '../../../src/server/platform/mail/mailer.ts'
import { seedIfEmpty } from '../../../src/server/seed.ts'
import { apiErrorSchema } from '../../../src/shared/api-error.ts'
import { testOrigin } from '../../support/accounts.ts'
import { checkoutClock, guest, line } from '../../support/checkout.ts'
import type { TestApp } from '../../support/test-app.ts'
import { PrivatePostgres, postgresMissing, warnIfPostgresMissing } from './support/private-postgres.ts'

/**
 * PostgreSQL stops while the server runs, and comes back. The server is the real app (buildApp) on
 * a cluster this file owns, served over HTTP, with its mail worker running. While the database is
 * down every request must answer at once with a 503 in the API's error shape (never hang, never
 * crash the process); once it is back, the same process must serve again without a restart.
 */

let cluster: PrivatePostgres | undefined
let t: TestApp
let baseUrl: string
let mailer: ReturnType<typeof createMailer> | undefined
/** Sessions of the test that hold rows; a failed test may leave one open. */
const lockers = new Set<pg.Client>()

warnIfPostgresMissing(import.meta.url)

beforeAll(async () => {
  if (postgresMissing) return
  cluster = await PrivatePostgres.create()
  const database = await openDatabase({ url: await cluster.createDatabase('faults'), maxConnections: 5 })
  await migrate(database.pool)
  await seedIfEmpty(database.db)
  const config = testConfig({ PUBLIC_URL: testOrigin, WEB_DIST_DIR: '/nonexistent', MAIL_POLL_MS: 100 })
  // No catalog cache: every catalog request reaches the database.
  const now = () => checkoutClock
  const catalog = new CatalogService(database.db, { cacheMs: 0, now })
  const app = await buildApp({ config, database, catalog, now })
  t = { app, config, database, now, close: async () => {} }
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 })
  mailer = createMailer(config, database.db, app.log, now, mailTemplates)
  mailer.worker.start()
})

// A failed test must not leave the next one without its database.
afterEach(async () => {
  if (cluster && !cluster.running) await cluster.start()
})

afterAll(async () => {
  // The database goes first: nothing can then keep a request, and the app's close, waiting.
  for (const client of lockers) await client.end().catch(() => undefined)
  await cluster?.destroy()
  await mailer?.worker.stop()
  await t?.app.close()
  await t?.database.close()
})

/** A request with a time limit: a server that hangs fails the test instead of stalling it. */
async function request(path: string, init: RequestInit = {}, base = baseUrl) {
  const response = await fetch(`${base}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', origin: testOrigin, ...init.headers },
    signal: AbortSignal.timeout(15_000),
  })
  return { status: response.status, body: await response.json() }
}

const hh = (hour: number) => `${String(hour).padStart(2, '0')}:00`

function checkout(hour: number, base = baseUrl) {
  const body = { items: [line({ time: hh(hour) })], paymentMethod: 'venue', language: 'en', guest: guest(t) }
  return request(
    '/api/checkout/orders',
    { method: 'POST', headers: { 'idempotency-key': randomUUID() }, body: JSON.stringify(body) },
    base,
  )
}

function expectUnavailable(answer: { status: number; body: unknown }) {
  expect(answer.status).toBe(503)
  expect(apiErrorSchema.parse(answer.body).error).toMatchObject({
    code: 'UNAVAILABLE',
    message: 'The service is briefly unavailable. Please try again.',
  })
}

/** Holds one slot's row in a transaction of the test, so a checkout of that slot waits inside its own. */
async function lockSlot(hour: number) {
  const client = new pg.Client({ connectionString: cluster?.url('faults') })
  // Stopping the cluster ends this session too; that is expected.
  client.on('error', () => {})
  await client.connect()
  await client.query(
    `INSERT INTO slot_occupancy (venue_id, slot_date, slot_hour, capacity, taken)
     VALUES ('manama-marina-hotel', '2026-12-03', $1, 20, 0)`,
    [hour],
  )
  await client.query('BEGIN')
  await client.query(
    `SELECT 1 FROM slot_occupancy WHERE venue_id = 'manama-marina-hotel' AND slot_hour = $1 FOR UPDATE`,
    [hour],
  )
  const lockerPid: number = (await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid
  lockers.add(client)
  return {
    // Asked on another session: inside a transaction, pg_stat_activity stays as it was first read.
    async untilACheckoutWaits() {
      for (;;) {
        const { rows } = await sql<{ waiting: number }>`
          SELECT count(*)::int AS waiting FROM pg_stat_activity
           WHERE ${lockerPid}::int = ANY(pg_blocking_pids(pid))`.execute(t.database.db)
        if (rows[0]?.waiting) return
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    },
    async end() {
      lockers.delete(client)
      await client.end().catch(() => undefined)
    },
  }
}

async function bookingsAt(hour: number) {
  const rows = await t.database.db
    .selectFrom('confirmed_bookings')
    .select('id')
    .where('booking_date', '=', '2026-12-03')
    .where('booking_time', '=', hh(hour))
    .execute()
  return rows.length
}

async function untilMailSent(orderId: string) {
  for (;;) {
    const mail = await t.database.db
      .selectFrom('mail_outbox')
      .select('status')
      .where(sql`payload->>'orderId'`, '=', orderId)
      .where('template', '=', 'booking-confirmation')
      .executeTakeFirst()
    if (mail?.status === 'sent') return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe.skipIf(Boolean(postgresMissing))('PostgreSQL stopped and started under a running server', () => {
  it.each([
    { mode: 'fast' as const, hour: 9 },
    { mode: 'immediate' as const, hour: 12 },
  ])('$mode stop: requests fail with a clean 503, and the same process recovers', async ({ mode, hour }) => {
    const server = cluster as PrivatePostgres
    expect((await request('/api/health')).status).toBe(200)
    expect((await checkout(hour + 1)).status).toBe(201)

    // In flight when the database goes: a checkout inside its transaction, and a pool connection
    // checked out between two statements, as a transaction holds it.
    const slot = await lockSlot(hour)
    const inFlight = checkout(hour)
    await slot.untilACheckoutWaits()
    const held = await t.database.pool.connect()
    try {
      await held.query('SELECT 1')
      await server.stop(mode)
      await expect(held.query('SELECT 1')).rejects.toThrow()
    } finally {
      held.release()
      await slot.end()
    }
    expectUnavailable(await inFlight)

    expect(await request('/api/health')).toMatchObject({
      status: 503,
      body: { status: 'degraded', database: { status: 'down' } },
    })
    expectUnavailable(await request('/api/gyms'))
    expectUnavailable(await request('/api/gyms/manama-marina-hotel/availability?date=2026-12-03'))
    expectUnavailable(await checkout(hour + 2))
    const signIn = { email: 'nour@example.bh', password: 'Pearl-diving-1932' }
    expectUnavailable(
      await request('/api/auth/sign-in/email', { method: 'POST', body: JSON.stringify(signIn) }),
    )
    const subscribe = { method: 'POST', body: JSON.stringify({ email: `${mode}@example.bh` }) }
    expectUnavailable(await request('/api/newsletter', subscribe))

    await server.start()
    expect(await request('/api/health')).toMatchObject({ status: 200, body: { status: 'ok' } })
    expect((await request('/api/gyms')).status).toBe(200)
    expect((await request('/api/newsletter', subscribe)).status).toBe(201)
    // Nothing of the checkout cut off by the stop was kept, and its slot can be booked.
    expect(await bookingsAt(hour)).toBe(0)
    const booked = await checkout(hour)
    expect(booked.status).toBe(201)
    expect(await bookingsAt(hour)).toBe(1)
    // The mail worker kept running through the outage: the new booking's confirmation goes out.
    await untilMailSent(booked.body.id)
  })
})

describe('a database that accepts connections but never answers', () => {
  it('fails requests with a 503 after the connection timeout instead of hanging them', async () => {
    const sockets = new Set<Socket>()
    const silent = createServer((socket) => {
      sockets.add(socket)
      socket.on('error', () => {})
    })
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const { port } = silent.address() as { port: number }
    const database = await openDatabase({
      url: `postgres://app@127.0.0.1:${port}/app`,
      connectTimeoutMs: 500,
    })
    const app = await buildApp({
      config: testConfig({ WEB_DIST_DIR: '/nonexistent' }),
      database,
      now: () => new Date(),
    })
    try {
      const base = await app.listen({ host: '127.0.0.1', port: 0 })
      expect((await request('/api/health', {}, base)).status).toBe(503)
      expectUnavailable(await request('/api/gyms', {}, base))
    } finally {
      await app.close()
      await database.close()
      for (const socket of sockets) socket.destroy()
      silent.close()
    }
  })
})
