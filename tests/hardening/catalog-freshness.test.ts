import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/server/app.ts'
import { issueGuestProof } from '../../src/server/domain/guest-verification/proof.ts'
import { reviewToken } from '../../src/server/domain/reviews/tokens.ts'
import { testConfig } from '../../src/server/platform/config.ts'
import { type DatabaseHandle, openDatabase } from '../../src/server/platform/db/database.ts'
import { migrate } from '../../src/server/platform/db/migrate.ts'
import { seedIfEmpty } from '../../src/server/seed.ts'
import { addDays, todayInBahrain } from '../../src/shared/bahrain-time.ts'
import type { AdminVenueDetail } from '../../src/shared/venue-admin.ts'
import { signedInUser, testOrigin } from '../support/accounts.ts'
import { guest, line, placeOrder } from '../support/checkout.ts'
import type { TestApp } from '../support/test-app.ts'
import { unchangedDetails } from '../support/venue-admin.ts'

/**
 * Two server processes on one PostgreSQL (docs/decisions/021, 051): an edit or a review made through one
 * is seen through the other's API within a second, although each caches the catalog for 30 s. The
 * second server is the real entry in a process of its own, as in production behind a balancer.
 */
const serverUrl = process.env.DATABASE_URL ?? ''
const cleanups: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {})
})

async function throwawayDatabase(): Promise<string> {
  const name = `freshness_${Date.now()}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  cleanups.push(async () => {
    const cleanup = new pg.Client({ connectionString: serverUrl })
    await cleanup.connect()
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await cleanup.end()
  })
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/** `node --import tsx src/server/main.ts` on that database, on a free port; resolves with its address. */
async function secondServer(databaseUrl: string): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'freshness-'))
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      CATALOG_CACHE_SECONDS: '30',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  cleanups.push(async () => {
    child.kill('SIGKILL')
  })
  let output = ''
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk
      const found = /Server listening on ([^\s;"]+)/.exec(output)
      if (found) resolve(`http://${found[1]}`)
    }
    child.stdout?.on('data', read)
    child.stderr?.on('data', read)
    child.once('exit', () => reject(new Error(`The second server exited:\n${output}`)))
  })
}

describe.skipIf(!serverUrl)('catalog freshness across server processes', () => {
  it('shows an edit, and a review, made through one server through the other’s API within a second', async () => {
    const databaseUrl = await throwawayDatabase()
    const database: DatabaseHandle = await openDatabase({ url: databaseUrl, maxConnections: 5 })
    await migrate(database.pool)
    await seedIfEmpty(database.db)
    const app = await buildApp({
      config: testConfig({ WEB_DIST_DIR: '/nonexistent', CATALOG_CACHE_SECONDS: 30 }),
      database,
      now: () => new Date(),
    })
    cleanups.push(async () => {
      await app.close()
      await database.close()
    })
    const first = { app, database, config: testConfig() } as unknown as TestApp
    const other = await secondServer(databaseUrl)

    const venue = 'vida-beach-hotel'
    const nameThere = async () =>
      ((await (await fetch(`${other}/api/gyms/${venue}`)).json()) as { gym: { name: { en: string } } }).gym
        .name.en
    // The other server has read (and cached) the catalog before the edit.
    expect(await nameThere()).toBe('Vida Beach Hotel')

    const manager = await signedInUser(first, 'freshness-manager@example.bh', 'manager')
    const headers = { origin: testOrigin, cookie: manager.cookie }
    const detail = (
      await app.inject({ url: `/api/admin/venues/${venue}`, headers })
    ).json() as AdminVenueDetail
    const renamed = 'Vida Beach Hotel & Spa'
    const edit = await app.inject({
      method: 'PATCH',
      url: `/api/admin/venues/${venue}`,
      headers,
      payload: { ...unchangedDetails(detail), nameEn: renamed },
    })
    expect(edit.statusCode, edit.body).toBe(200)
    const editedAt = Date.now()

    // At once on the server that made it.
    const here = await app.inject({ url: `/api/gyms/${venue}` })
    expect(here.json().gym.name.en).toBe(renamed)
    // Within a second on the other: asked every 50 ms, given up after the second has passed.
    let seen = await nameThere()
    while (seen !== renamed && Date.now() - editedAt < 1000) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      seen = await nameThere()
    }
    expect(seen).toBe(renamed)

    // A review written through one server counts in the other's cards within a second too.
    const order = await placeOrder(first, {
      items: [
        line({
          gymId: venue,
          passId: `${venue}-beach-pool`,
          date: addDays(todayInBahrain(), 3),
          time: '10:00',
        }),
      ],
      paymentMethod: 'venue',
      guest: {
        ...guest(first),
        proof: issueGuestProof(first.config.AUTH_SECRET, 'fresh@example.bh', new Date()).proof,
        email: 'fresh@example.bh',
      },
    })
    expect(order.statusCode, order.body).toBe(201)
    const visitId = Number(order.json().bookings[0].id)
    // The desk's check-in is not what is tested here: the visit is marked checked in directly.
    await database.db
      .updateTable('confirmed_bookings')
      .set({ checked_in_at: new Date() })
      .where('id', '=', visitId)
      .execute()
    const countThere = async () => {
      const list = (await (await fetch(`${other}/api/gyms`)).json()) as {
        gyms: { id: string; reviews: { count: number } }[]
      }
      return list.gyms.find((gym) => gym.id === venue)?.reviews.count
    }
    expect(await countThere()).toBe(0)
    const written = await app.inject({
      method: 'POST',
      url: `/api/reviews/${reviewToken(first.config.AUTH_SECRET, visitId)}`,
      headers: { origin: testOrigin },
      payload: { stars: 5 },
    })
    expect(written.statusCode, written.body).toBe(201)
    const reviewedAt = Date.now()
    let count = await countThere()
    while (count !== 1 && Date.now() - reviewedAt < 1000) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      count = await countThere()
    }
    expect(count).toBe(1)
  }, 180_000)
})
