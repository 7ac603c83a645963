import { randomBytes, randomUUID } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { issueGuestProof } from '../../../src/server/domain/guest-verification/proof.ts'
import { addDays, todayInBahrain } from '../../../src/shared/bahrain-time.ts'
import { checkDatabaseInvariants } from './support/checkout-invariants.ts'
import { PrivatePostgres, postgresMissing, warnIfPostgresMissing } from './support/private-postgres.ts'
import { type ServerChild, startServerFromSource } from './support/source-server.ts'

/**
 * The server process is killed (SIGKILL: no shutdown code runs) while 30 three-visit checkouts are
 * in flight, then started again on the same PostgreSQL database. Six of the orders are surely
 * caught inside their transaction: each has taken places in two slots and waits for a third whose
 * row a transaction of the test holds. Whatever the kill cut short must leave no trace, and every
 * client that retries with its Idempotency-Key must end up with exactly one order.
 */

const secret = randomBytes(24).toString('hex')
let cluster: PrivatePostgres | undefined
let databaseUrl: string
let server: ServerChild | undefined
/** The test's own sessions: one reads the database, the other holds rows. */
let observer: pg.Client
let locker: pg.Client

warnIfPostgresMissing(import.meta.url)

beforeAll(async () => {
  if (postgresMissing) return
  cluster = await PrivatePostgres.create()
  databaseUrl = await cluster.createDatabase('killed')
  observer = new pg.Client({ connectionString: databaseUrl })
  locker = new pg.Client({ connectionString: databaseUrl })
  for (const client of [observer, locker]) {
    // Destroying the cluster at the end ends these sessions too.
    client.on('error', () => {})
    await client.connect()
  }
})
afterAll(async () => {
  await server?.kill()
  for (const client of [observer, locker]) await client?.end().catch(() => undefined)
  await cluster?.destroy()
})

function startServer(mailPollMs: number) {
  return startServerFromSource(databaseUrl, { AUTH_SECRET: secret, MAIL_POLL_MS: String(mailPollMs) })
}

// A week ahead, so no slot is in the past whatever the time of day.
const visitDay = addDays(todayInBahrain(), 7)
// The six orders caught in their transaction book a day of their own, so no other order queues
// behind their places; the third visit of each is at Seef at its own hour from 14:00.
const cutOffDay = addDays(visitDay, 1)
const lockedHours = [14, 15, 16, 17, 18, 19]

function visit(gym: 'juffair' | 'manama' | 'seef', date: string, hour: number) {
  const [gymId, passId] = {
    juffair: ['juffair-grand-suites', 'juffair-grand-suites-health-club'],
    manama: ['manama-marina-hotel', 'manama-marina-hotel-gym'],
    seef: ['seef-towers-residences', 'seef-towers-residences-gym'],
  }[gym]
  return { gymId, passId, date, time: `${String(hour).padStart(2, '0')}:00` }
}

/** Order i: three visits at three venues, by card (places held) or at the venue (booked), en or ar. */
function orderRequest(i: number) {
  const cutOff = i % 5 === 0
  const day = cutOff ? cutOffDay : visitDay
  const email = `guest-${i}@example.bh`
  const items = [
    visit('juffair', day, 8 + (i % 12)),
    visit('manama', day, 8 + ((i + 5) % 12)),
    visit('seef', day, cutOff ? 14 + i / 5 : 8 + (i % 11)),
  ]
  const guest = {
    firstName: 'Fatima',
    lastName: `Guest ${i}`,
    email,
    mobileNumber: '+97333123456',
    proof: issueGuestProof(secret, email, new Date()).proof,
  }
  const paymentMethod = i % 3 === 0 ? 'card' : 'venue'
  return { key: randomUUID(), cutOff, body: { items, paymentMethod, language: i % 2 ? 'ar' : 'en', guest } }
}

type Answer = { status: number; body: { id?: string } } | { lost: string }

async function send(order: ReturnType<typeof orderRequest>): Promise<Answer> {
  const origin = server?.baseURL
  try {
    const response = await fetch(`${origin}/api/checkout/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `${origin}`, 'idempotency-key': order.key },
      body: JSON.stringify(order.body),
    })
    return { status: response.status, body: await response.json() }
  } catch (error) {
    return { lost: String(error) }
  }
}

async function count(query: string, values: unknown[] = []): Promise<number> {
  const { rows } = await observer.query(`SELECT (${query})::int AS n`, values)
  return rows[0].n
}

/** Waits for a state of the database; the test's time limit catches one that never comes. */
async function until(query: string, values: unknown[], accept: (n: number) => boolean) {
  while (!accept(await count(query, values))) await new Promise((resolve) => setTimeout(resolve, 25))
}

/** The test's transaction holds the Seef rows the six cut-off orders need last. */
async function holdCutOffSlots(): Promise<number> {
  await locker.query(
    `INSERT INTO slot_occupancy (venue_id, slot_date, slot_hour, capacity, taken)
     SELECT 'seef-towers-residences', $1, hour, 12, 0 FROM unnest($2::int[]) AS hour`,
    [cutOffDay, lockedHours],
  )
  await locker.query('BEGIN')
  await locker.query(
    "SELECT 1 FROM slot_occupancy WHERE venue_id = 'seef-towers-residences' AND slot_date = $1 FOR UPDATE",
    [cutOffDay],
  )
  return (await locker.query('SELECT pg_backend_pid() AS pid')).rows[0].pid
}

describe.skipIf(Boolean(postgresMissing))('the server killed during checkouts', () => {
  it('leaves no partial order, and retried requests get exactly one order each', async () => {
    // The mail worker polls at start, then not for a minute: no mail is half sent at the kill.
    server = await startServer(60_000)
    const lockerPid = await holdCutOffSlots()

    const orders = Array.from({ length: 30 }, (_, i) => orderRequest(i))
    const firstAnswers = Promise.all(orders.map(send))
    // Kill once the six wait on the test's rows and 8 others have committed: the other 16 are
    // anywhere between arriving and committing.
    await until(
      'SELECT count(*) FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))',
      [lockerPid],
      (n) => n === 6,
    )
    await until('SELECT count(*) FROM orders', [], (n) => n >= 8)
    await server.kill()
    const answers = await firstAnswers
    await locker.end()
    // The dead server's sessions end, rolling their transactions back, once PostgreSQL notices.
    await until(
      "SELECT count(*) FROM pg_stat_activity WHERE datname = 'killed' AND pid <> pg_backend_pid()",
      [],
      (n) => n === 0,
    )

    answers.forEach((answer, i) => {
      if (orders[i]?.cutOff) expect(answer).toHaveProperty('lost')
      else if ('status' in answer) expect(answer.status).toBe(201)
    })
    const beforeRestart = await checkDatabaseInvariants(observer)
    expect(beforeRestart.orders).toBeGreaterThanOrEqual(8)
    expect(beforeRestart.orders).toBeLessThanOrEqual(24)
    const answeredIds = answers.flatMap((answer) => ('status' in answer ? [answer.body.id] : []))
    expect(await count('SELECT count(*) FROM orders WHERE id = ANY($1::uuid[])', [answeredIds])).toBe(
      answeredIds.length,
    )
    const cutOffEmails = orders.filter((order) => order.cutOff).map((order) => order.body.guest.email)
    expect(await count('SELECT count(*) FROM orders WHERE contact_email = ANY($1)', [cutOffEmails])).toBe(0)

    // Back up on the same database, every client retries with its own key.
    server = await startServer(200)
    const retried = await Promise.all(orders.map(send))
    retried.forEach((answer, i) => {
      expect(answer).toMatchObject({ status: 201 })
      const first = answers[i]
      // An order that was answered before the kill is answered the same, not placed again.
      if (first && 'status' in first && 'status' in answer) expect(answer.body.id).toBe(first.body.id)
    })
    expect(new Set(retried.map((answer) => ('status' in answer ? answer.body.id : undefined))).size).toBe(30)
    // 20 orders paid at the venue have their 3 bookings; the 10 card orders hold their places.
    expect(await checkDatabaseInvariants(observer)).toEqual({ orders: 30, bookings: 60 })

    // The restarted server works: its worker sends every confirmation, once.
    // (The visits' reminders wait for the day before each visit.)
    await until(
      "SELECT count(*) FROM mail_outbox WHERE status <> 'sent' AND template <> 'booking-reminder'",
      [],
      (n) => n === 0,
    )
    // One confirmation per order (its three visits in it): the 20 booked orders.
    expect(await count('SELECT count(*) FROM dev_mailbox')).toBe(20)
    expect(await count('SELECT count(DISTINCT outbox_id) FROM dev_mailbox')).toBe(20)
  })
})
