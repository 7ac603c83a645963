import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { issueGuestProof } from '../../src/server/domain/guest-verification/proof.ts'
import { samplePng } from '../support/photos.ts'
import { bahrainDate, freePlaces, GuestCheckouts, withConcurrency } from './support/checkouts.ts'
import { createDatabase, Fleet, type FleetServer, missingForFleet } from './support/fleet.ts'
import { type Answer, failed, httpClient, type Request } from './support/http.ts'
import { waitUntil } from './support/processes.ts'

/**
 * The deployment of deploy/ on one machine (docs/decisions/040): HAProxy from the config
 * deploy/haproxy-config.mjs makes, three `node dist/server/main.js` in production mode on one
 * PostgreSQL database and one Redis, mail to a real SMTP server and card payments to a PayPal fake,
 * both in this process. Every visitor's request goes through HAProxy, round robin; a check on one
 * server's own state (its catalog cache) asks that server directly.
 */
const missing = missingForFleet()
if (missing) console.warn(`The fleet test is skipped: ${missing}.`)

const execFileAsync = promisify(execFile)
const fleet = new Fleet()
const password = 'Pearl-diving-1932'
let request: Request
/** Figures for the report, printed at the end. */
const figures: Record<string, unknown> = {}
const startedAt = Date.now()

function direct(server: FleetServer): Request {
  return httpClient(`http://127.0.0.1:${server.port}`, fleet.proxyUrl)
}

/** `npm run user:role`'s script against the fleet's database: an activated account with `role`. */
async function account(email: string, role: 'user' | 'manager') {
  await execFileAsync(process.execPath, ['--import', 'tsx', 'scripts/set-role.ts', email, role, password], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      DATABASE_URL: fleet.database.url,
      DATA_DIR: join(fleet.workDir, 'set-role'),
      AUTH_SECRET: fleet.secret,
      LOG_LEVEL: 'warn',
    },
  })
}

async function signIn(email: string, ip: string): Promise<string> {
  const answer = await request('POST', '/api/auth/sign-in/email', { body: { email, password }, ip })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.cookie
}

const servedBy = (answers: Answer[]) => new Set(answers.map((answer) => answer.servedBy))
const server = (name: string) => fleet.servers.find((s) => s.name === name) as FleetServer

describe.skipIf(Boolean(missing))('a fleet of three servers behind HAProxy', () => {
  const visitor = { email: 'fleet-visitor@example.bh', cookie: '', references: [] as string[] }
  const manager = { email: 'fleet-manager@example.bh', cookie: '' }
  let dumpFile = ''

  beforeAll(async () => {
    try {
      await fleet.start()
    } catch (error) {
      await fleet.stop()
      throw error
    }
    request = httpClient(fleet.proxyUrl, fleet.proxyUrl)
    await Promise.all([account(visitor.email, 'user'), account(manager.email, 'manager')])
  }, 180_000)

  afterAll(async () => {
    figures.testSeconds = Math.round((Date.now() - startedAt) / 1000)
    console.info(`Fleet figures: ${JSON.stringify(figures)}`)
    await fleet.stop()
  }, 60_000)

  // Work for the periodic jobs, seeded before anything else: it is done while the other scenarios
  // run (each job ticks every minute or so on every server) and checked at the end.
  const seeded = {
    expiredOrders: [] as string[],
    providerOrders: [] as string[],
    refundVisits: [] as number[],
  }
  const reminded: string[] = []

  it('seeds expired holds, refunds due for a retry and reminders due', async () => {
    const places = await freePlaces(request, 'seef-towers-residences', 'seef-towers-residences-gym', 9, 25)
    const checkouts = new GuestCheckouts(request, fleet.secret, 'fleet-jobs')
    // Card orders whose payment was started and never captured: their holds have run out.
    for (const [index, place] of places.slice(0, 4).entries()) {
      const email = `fleet-jobs-hold-${index}@example.bh`
      const { proof } = issueGuestProof(fleet.secret, email, new Date())
      const guest = { firstName: 'Maryam', lastName: 'Isa', email, mobileNumber: '+97333123456', proof }
      const order = await request('POST', '/api/checkout/orders', {
        ip: `10.90.0.${index + 1}`,
        headers: { 'idempotency-key': randomUUID() },
        body: { items: [place], paymentMethod: 'card', language: 'en', guest },
      })
      expect(order.status, JSON.stringify(order.body)).toBe(201)
      const started = await request('POST', `/api/checkout/orders/${order.body.id}/payment`, {
        ip: `10.90.0.${index + 1}`,
        body: { proof },
      })
      expect(started.status, JSON.stringify(started.body)).toBe(200)
      seeded.expiredOrders.push(order.body.id)
      seeded.providerOrders.push(started.body.providerOrderId)
    }
    await queryFleet(
      `update orders set hold_expires_at = now() - interval '10 minutes'
        where id in (${seeded.expiredOrders.map((id) => `'${id}'`).join(',')})`,
    )
    // Paid card visits cancelled while PayPal failed: their refunds wait for a retry.
    for (const [index, place] of places.slice(4, 7).entries()) {
      const paid = await checkouts.checkout(index, place, 'card')
      const visit = paid.bookings?.[0]
      expect(visit?.manageToken).toBeTruthy()
      fleet.paypal.failRequests = Number.POSITIVE_INFINITY
      const cancelled = await request('POST', `/api/manage/${visit?.manageToken}/cancel`, {
        ip: `10.91.0.${index + 1}`,
        body: { scope: 'visit' },
      })
      fleet.paypal.failRequests = 0
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200)
      seeded.refundVisits.push(visit?.id ?? 0)
    }
    await queryFleet(
      `update booking_refunds set next_attempt_at = now() - interval '1 minute'
        where booking_id in (${seeded.refundVisits.join(',')}) and status = 'pending'`,
    )
    // Visits whose reminders are due now rather than the day before.
    for (const [index, place] of places.slice(7, 9).entries()) {
      const booked = await checkouts.checkout(100 + index, place, 'venue')
      reminded.push(booked.email)
    }
    const due = await queryFleet(
      `update mail_outbox set next_attempt_at = now()
        where template = 'booking-reminder' and status = 'pending'
          and to_address in (${reminded.map((email) => `'${email}'`).join(',')}) returning id`,
    )
    expect(due.length).toBe(reminded.length)
  })

  it('serves a visitor signed in on one server from the others: cart, checkout, My Bookings', async () => {
    visitor.cookie = await signIn(visitor.email, '10.1.0.1')
    const reads = []
    for (let n = 0; n < 6; n++) reads.push(await request('GET', '/api/bookings', { cookie: visitor.cookie }))
    expect(reads.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200])
    // Round robin, no stickiness: each server in turn.
    expect(servedBy(reads)).toEqual(new Set(['s1', 's2', 's3']))

    const [atVenue, byCard] = await freePlaces(
      request,
      'seef-towers-residences',
      'seef-towers-residences-gym',
      2,
      3,
    )
    const quote = await request('POST', '/api/checkout/quote', { body: { items: [atVenue, byCard] } })
    expect(quote.status, JSON.stringify(quote.body)).toBe(200)
    expect(quote.body.bookable).toBe(true)

    const answers: Answer[] = [quote]
    const venueOrder = await request('POST', '/api/checkout/orders', {
      cookie: visitor.cookie,
      headers: { 'idempotency-key': randomUUID() },
      body: { items: [atVenue], paymentMethod: 'venue', language: 'en' },
    })
    expect(venueOrder.status, JSON.stringify(venueOrder.body)).toBe(201)
    const cardOrder = await request('POST', '/api/checkout/orders', {
      cookie: visitor.cookie,
      headers: { 'idempotency-key': randomUUID() },
      body: { items: [byCard], paymentMethod: 'card', language: 'en' },
    })
    expect(cardOrder.status, JSON.stringify(cardOrder.body)).toBe(201)
    const payment = await request('POST', `/api/checkout/orders/${cardOrder.body.id}/payment`, {
      cookie: visitor.cookie,
      body: {},
    })
    expect(payment.status, JSON.stringify(payment.body)).toBe(200)
    const capture = await request('POST', `/api/checkout/orders/${cardOrder.body.id}/capture`, {
      cookie: visitor.cookie,
      body: { providerOrderId: payment.body.providerOrderId },
    })
    expect(capture.status, JSON.stringify(capture.body)).toBe(200)
    expect(capture.body.status).toBe('confirmed')
    answers.push(venueOrder, cardOrder, payment, capture)
    expect(servedBy(answers).size).toBeGreaterThanOrEqual(2)

    visitor.references = [...venueOrder.body.bookings, ...capture.body.bookings]
      .map((b) => b.reference)
      .sort()
    for (let n = 0; n < 3; n++) {
      const mine = await request('GET', '/api/bookings', { cookie: visitor.cookie })
      expect(mine.status).toBe(200)
      expect(mine.body.bookings.map((b: { reference: string }) => b.reference).sort()).toEqual(
        visitor.references,
      )
    }
  })

  it('counts sign-in attempts across servers in Redis', async () => {
    // Five wrong passwords per account from one address in 15 minutes; the sixth is refused, on
    // whichever server it lands, although each server saw at most two.
    const attempts: Answer[] = []
    for (let n = 0; n < 6; n++)
      attempts.push(
        await request('POST', '/api/auth/sign-in/email', {
          body: { email: visitor.email, password: 'not-the-password-1' },
          ip: '10.2.0.1',
        }),
      )
    expect(attempts.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401, 429])
    expect(servedBy(attempts)).toEqual(new Set(['s1', 's2', 's3']))
  })

  it('shows a manager’s edit and a closure through every server within a second', async () => {
    manager.cookie = await signIn(manager.email, '10.3.0.1')
    const venue = 'vida-beach-hotel'
    const closedDate = bahrainDate(12)
    const nameOn = async (s: FleetServer) => (await direct(s)('GET', `/api/gyms/${venue}`)).body.gym.name.en
    const closedOn = async (s: FleetServer) => {
      const answer = await direct(s)('GET', `/api/gyms/${venue}/availability?date=${closedDate}`)
      return answer.body.slots.every((slot: { status: string }) => slot.status !== 'open')
    }
    // Every server has read, and cached, the venue and the day before the change.
    for (const s of fleet.servers) {
      expect(await nameOn(s)).toBe('Vida Beach Hotel')
      expect(await closedOn(s)).toBe(false)
    }

    const detail = await request('GET', `/api/admin/venues/${venue}`, { cookie: manager.cookie })
    expect(detail.status).toBe(200)
    const { venue: v } = detail.body
    const renamed = 'Vida Beach Hotel & Spa'
    const edit = await request('PATCH', `/api/admin/venues/${venue}`, {
      cookie: manager.cookie,
      body: {
        nameEn: renamed,
        nameAr: v.nameAr,
        descriptionEn: v.descriptionEn,
        descriptionAr: v.descriptionAr,
        areaId: v.areaId,
        locationEn: v.locationEn,
        locationAr: v.locationAr,
        latitude: v.latitude === null ? '' : String(v.latitude),
        longitude: v.longitude === null ? '' : String(v.longitude),
        rating: v.rating,
        payAtVenueOnly: v.payAtVenueOnly,
        cancellationNoticeHours: v.cancellationNoticeHours,
        commissionPercent: v.commissionPercent,
        venueType: v.venueType,
        updatedAt: v.updatedAt,
      },
    })
    expect(edit.status, JSON.stringify(edit.body)).toBe(200)
    const renameMs = await Promise.all(
      fleet.servers.map((s) =>
        waitUntil(`${s.name} to show the new name`, async () => (await nameOn(s)) === renamed, {
          timeoutMs: 1000,
          everyMs: 50,
        }),
      ),
    )

    const closure = await request('PUT', `/api/admin/venues/${venue}/exceptions/${closedDate}`, {
      cookie: manager.cookie,
      body: { closedAllDay: true, closedHours: [], capacity: null, note: 'Maintenance', confirm: true },
    })
    expect(closure.status, JSON.stringify(closure.body)).toBe(200)
    const closureMs = await Promise.all(
      fleet.servers.map((s) =>
        waitUntil(`${s.name} to show the closure`, () => closedOn(s), { timeoutMs: 1000, everyMs: 50 }),
      ),
    )
    figures.editSeenAfterMs = Math.max(...renameMs)
    figures.closureSeenAfterMs = Math.max(...closureMs)
  })

  it('serves a photo uploaded through one server from the others', async () => {
    const upload = await request('POST', '/api/admin/venues/vida-beach-hotel/photos', {
      cookie: manager.cookie,
      raw: { bytes: await samplePng(), type: 'image/png' },
    })
    expect(upload.status, JSON.stringify(upload.body)).toBe(201)
    const reads: Answer[] = []
    for (let n = 0; n < 3; n++) reads.push(await request('GET', `/images/venues/${upload.body.key}-480.webp`))
    expect(reads.map((answer) => answer.status)).toEqual([200, 200, 200])
    expect(servedBy(reads)).toEqual(new Set(['s1', 's2', 's3']))
  })

  it('books 200 times, no order lost or doubled, while one server is killed and restarted', async () => {
    const count = 200
    const places = await freePlaces(request, 'manama-marina-hotel', 'manama-marina-hotel-gym', count, 2)
    const checkouts = new GuestCheckouts(request, fleet.secret, 'fleet-load')
    const victim = server('s2')
    let done = 0
    let killedAt = 0
    let inFlightAtKill = 0
    let markedDownMs = 0
    let restarted: Promise<void> = Promise.resolve()
    const kill = async () => {
      inFlightAtKill = checkouts.inFlight
      killedAt = Date.now()
      victim.child?.kill('SIGKILL')
      markedDownMs = await fleet.waitForState([victim], 'DOWN', 10_000, 20)
      // Back once the others have carried the load alone for a while.
      await sleep(3000)
      await fleet.startServer(victim)
    }
    const started = Date.now()
    const results = await withConcurrency(
      8,
      places.map((place, index) => async () => {
        const result = await checkouts.checkout(index, place, index % 2 ? 'card' : 'venue')
        done++
        if (done === 50) restarted = kill()
        return result
      }),
    )
    await restarted
    await fleet.waitForState([victim], 'UP', 10_000)
    figures.checkouts = {
      seconds: (Date.now() - started) / 1000,
      failedAnswers: checkouts.failures.length,
      inFlightAtKill,
      markedDownMs,
      lastFailureAfterKillMs: checkouts.failures.length
        ? Math.max(...checkouts.failures.map((f) => f.at)) - killedAt
        : null,
      failedSteps: checkouts.failures.map((f) => `${f.step} ${f.status}`),
      servedBy: Object.fromEntries(checkouts.servedBy),
    }
    expect(markedDownMs).toBeLessThan(3000)
    // Only what was on its way to the killed server may have failed, and only around the kill.
    expect(checkouts.failures.length).toBeLessThanOrEqual(inFlightAtKill)
    for (const failure of checkouts.failures) expect(failure.at - killedAt).toBeLessThan(3000)

    // Every key made one order, confirmed.
    for (const result of results) {
      expect(result.orderIds.size).toBe(1)
      expect(result.status).toBe('confirmed')
    }
    const orders = await queryFleet(
      `select contact_email, count(*)::int as n, min(status) as status from orders
        where contact_email like 'fleet-load-%' group by contact_email`,
    )
    expect(orders.length).toBe(count)
    expect(orders.every((row) => row.n === 1 && row.status === 'confirmed')).toBe(true)
    // The places taken are the bookings made.
    const [taken] = await queryFleet(
      `select coalesce(sum(taken), 0)::int as taken from slot_occupancy
        where venue_id = 'manama-marina-hotel' and slot_date in (${[...new Set(places.map((p) => `'${p.date}'`))].join(',')})`,
    )
    const [booked] = await queryFleet(
      `select count(*)::int as n from confirmed_bookings b join orders o on o.id = b.order_id
        where b.venue_id = 'manama-marina-hotel'`,
    )
    expect(taken?.taken).toBe(booked?.n)
    expect(booked?.n).toBe(count)

    // PayPal captured each card order once.
    const cards = results.filter((result) => result.method === 'card')
    for (const result of cards) {
      const order = fleet.paypal.orders.get(result.providerOrderId ?? '')
      expect(order?.captures.length).toBe(1)
    }
    // and the signed-in visitor's, and the seeded ones for the jobs
    expect(fleet.paypal.orders.size).toBe(
      cards.length + 1 + seeded.providerOrders.length + seeded.refundVisits.length,
    )
    figures.captureRequests = fleet.paypal.requestsTo('capture').length

    // One confirmation mail per order. A server killed between the mail server's "accepted" and
    // marking the mail sent leaves it to be sent again after its lease, under the same Message-ID,
    // which mail clients show once (docs/mail.md): so distinct Message-IDs are counted, and the
    // repeats reported.
    const confirmationsTo = (email: string) =>
      fleet.smtp.messages.filter(
        (mail) =>
          /^Booking Confirmation/.test(mail.subject ?? '') &&
          (Array.isArray(mail.to) ? mail.to : [mail.to]).some((to) => to?.text.includes(email)),
      )
    const mailsTo = (email: string) => new Set(confirmationsTo(email).map((mail) => mail.messageId)).size
    await waitUntil(
      'every confirmation mail',
      () => results.every((result) => mailsTo(result.email) >= 1),
      // A mail the killed server had claimed waits out its lease (MAIL_LEASE_SECONDS, 15 s here)
      // before another sends it.
      { timeoutMs: 60_000, everyMs: 250 },
    )
    figures.lastMailAfterKillSeconds = (Date.now() - killedAt) / 1000
    await sleep(2000)
    figures.repeatedDeliveries = results.reduce(
      (sum, result) => sum + confirmationsTo(result.email).length - mailsTo(result.email),
      0,
    )
    const twice = results.filter((result) => mailsTo(result.email) !== 1).map((result) => result.email)
    expect(twice).toEqual([])
    // A repeat is only ever the killed server's: at most the mails it had in hand.
    expect(figures.repeatedDeliveries).toBeLessThanOrEqual(10)
  })

  it('restarts every server in turn under steady load without one failed request', async () => {
    const places = await freePlaces(
      request,
      'juffair-grand-suites',
      'juffair-grand-suites-health-club',
      150,
      2,
    )
    const checkouts = new GuestCheckouts(request, fleet.secret, 'fleet-rolling')
    const failures: Answer[] = []
    let requests = 0
    let stop = false
    const load = async (worker: number) => {
      for (let n = 0; !stop; n++) {
        const place = n % 3 === 0 ? places.pop() : undefined
        if (place) {
          const index = worker * 1000 + n
          await checkouts.checkout(index, place, 'venue')
        } else {
          const answer = await request('GET', n % 2 ? '/api/gyms' : '/api/bookings', {
            cookie: visitor.cookie,
          })
          if (answer.status !== 200) failures.push(answer)
        }
        requests++
      }
    }
    const loads = [0, 1, 2, 3].map(load)
    // A backup taken while the site is busy (pg_dump reads one consistent snapshot).
    dumpFile = join(fleet.workDir, 'backup.dump')
    const dump = execFileAsync('pg_dump', ['-Fc', '-f', dumpFile, fleet.database.url])
    const stopSeconds: number[] = []
    try {
      for (const s of fleet.servers) {
        const since = Date.now()
        s.child?.kill('SIGTERM')
        expect(await s.child?.exited).toBe(0)
        stopSeconds.push((Date.now() - since) / 1000)
        await fleet.startServer(s)
        await fleet.waitForState([s], 'UP', 10_000)
      }
    } finally {
      stop = true
      await Promise.all(loads)
      await dump
    }
    figures.rolling = { requests, stopSeconds, failed: failures.length + checkouts.failures.length }
    expect(failures.map((f) => [f.status, f.body])).toEqual([])
    expect(checkouts.failures).toEqual([])
  })

  it('serves with Redis stopped, and recovers from its PostgreSQL connections being cut', async () => {
    await fleet.redis?.stop()
    const withoutRedis: Answer[] = []
    for (let n = 0; n < 6; n++) {
      withoutRedis.push(await request('GET', '/api/gyms'))
      withoutRedis.push(
        await request('POST', '/api/auth/sign-in/email', {
          body: { email: `nobody-${n}@example.bh`, password: 'not-the-password-1' },
          ip: `10.4.0.${n}`,
        }),
      )
    }
    expect(withoutRedis.map((answer) => answer.status)).toEqual(Array(6).fill([200, 401]).flat())
    await fleet.startRedis()

    const [cut] = await fleet.database
      .admin(
        `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
        where datname = '${fleet.database.name}' and pid <> pg_backend_pid()`,
      )
      .then((result) => result.rows)
    expect(cut.n).toBeGreaterThan(0)
    const cutAt = Date.now()
    const after: Answer[] = []
    for (let n = 0; n < 30; n++) after.push(await request('GET', '/api/bookings', { cookie: visitor.cookie }))
    const failedAfterCut = after.filter(failed)
    figures.afterConnectionsCut = {
      failed: failedAfterCut.length,
      lastFailureMs: failedAfterCut.length ? Math.max(...failedAfterCut.map((a) => a.at)) - cutAt : null,
    }
    // The pools open new connections; the last ten answers at least are right, on every server.
    expect(after.slice(-10).map((answer) => answer.status)).toEqual(Array(10).fill(200))
    await fleet.waitForState(fleet.servers, 'UP', 10_000)
    // Each server's LISTEN connection came back too: a change is again seen everywhere within a second.
    await waitUntil(
      'every server to LISTEN again',
      async () =>
        (
          await fleet.database.admin(
            `select count(*)::int as n from pg_stat_activity where datname = '${fleet.database.name}' and query ilike 'LISTEN%'`,
          )
        ).rows[0].n >= fleet.servers.length,
      { timeoutMs: 10_000 },
    )
    const closedDate = bahrainDate(13)
    const closure = await request('PUT', `/api/admin/venues/vida-beach-hotel/exceptions/${closedDate}`, {
      cookie: manager.cookie,
      body: { closedAllDay: true, closedHours: [], capacity: null, confirm: true },
    })
    expect(closure.status, JSON.stringify(closure.body)).toBe(200)
    await Promise.all(
      fleet.servers.map((s) =>
        waitUntil(
          `${s.name} to show the second closure`,
          async () =>
            (
              await direct(s)('GET', `/api/gyms/vida-beach-hotel/availability?date=${closedDate}`)
            ).body.slots.every((slot: { status: string }) => slot.status !== 'open'),
          { timeoutMs: 1000, everyMs: 50 },
        ),
      ),
    )
  })

  it('ends a server on SIGTERM within 10 s, answering its requests in flight', async () => {
    const s = server('s3')
    // The payments' starts go to s3 itself and wait on a slow PayPal (a token, then the order: 3 s,
    // past the 2.5 s drain), so they are still running when the signal comes and when s3 stops
    // listening. The orders and their captures go through HAProxy.
    const places = await freePlaces(request, 'manama-marina-hotel', 'manama-marina-hotel-gym', 3, 2)
    const checkouts = new GuestCheckouts(request, fleet.secret, 'fleet-sigterm')
    fleet.paypal.delayMs = 1500
    fleet.paypal.expireTokens()
    const asked = fleet.paypal.requests.length
    try {
      const inFlight = places.map((place, index) => checkouts.checkout(index, place, 'card', direct(s)))
      await waitUntil(
        'the payments to reach PayPal',
        () => fleet.paypal.requests.length >= asked + places.length,
        { everyMs: 20 },
      )
      const signalledAt = Date.now()
      s.child?.kill('SIGTERM')
      const exit = s.child?.exited.then((code) => ({ code, seconds: (Date.now() - signalledAt) / 1000 }))
      const results = await Promise.all(inFlight)
      const { code, seconds } = (await exit) ?? {}
      figures.sigtermExitSeconds = seconds
      expect(code).toBe(0)
      expect(seconds).toBeLessThan(10)
      expect(results.map((result) => result.status)).toEqual(['confirmed', 'confirmed', 'confirmed'])
      expect(checkouts.failures).toEqual([])
    } finally {
      fleet.paypal.delayMs = 0
    }
    await fleet.startServer(s)
    await fleet.waitForState([s], 'UP', 10_000)
  })

  it('has done each seeded job once across the three servers, and asked PayPal once', async () => {
    await waitUntil(
      'the expired holds ended, the refunds made and the reminders sent',
      async () => {
        const [open] = await queryFleet(
          `select count(*)::int as n from orders where status <> 'expired'
            and id in (${seeded.expiredOrders.map((id) => `'${id}'`).join(',')})`,
        )
        const [pending] = await queryFleet(
          `select count(*)::int as n from booking_refunds where status <> 'refunded'
            and booking_id in (${seeded.refundVisits.join(',')})`,
        )
        return open?.n === 0 && pending?.n === 0 && reminded.every((email) => remindersTo(email) >= 1)
      },
      { timeoutMs: 150_000, everyMs: 500 },
    )
    await sleep(2000)
    // One server asked PayPal about each expired order; one refund each at PayPal.
    for (const id of seeded.providerOrders)
      expect(fleet.paypal.requestsTo(`/v2/checkout/orders/${id}`), id).toHaveLength(1)
    figures.seededJobs = { expiredHolds: seeded.providerOrders.length, refunds: seeded.refundVisits.length }
    const captures = await queryFleet(
      `select distinct o.provider_capture_id as capture from booking_refunds r join orders o on o.id = r.order_id
        where r.booking_id in (${seeded.refundVisits.join(',')})`,
    )
    for (const row of captures)
      expect(
        [...fleet.paypal.refunds.values()].filter((refund) => refund.captureId === row.capture),
      ).toHaveLength(1)
    for (const email of reminded) expect(remindersTo(email), email).toBe(1)
  })

  it('restores a backup taken during the run: a server on it serves the same bookings and tickets', async () => {
    expect(dumpFile).not.toBe('')
    const restored = await createDatabase('fleet_restore')
    fleet.databases.push(restored)
    await execFileAsync('pg_restore', ['--no-owner', '-d', restored.url, dumpFile])
    const standalone = httpClient(await fleet.startStandalone(restored.url), fleet.proxyUrl)
    // The visitor's session is in the database too: the same cookie works there.
    const there = await standalone('GET', '/api/bookings', { cookie: visitor.cookie })
    const here = await request('GET', '/api/bookings', { cookie: visitor.cookie })
    expect(there.status).toBe(200)
    expect(there.body.bookings).toEqual(here.body.bookings)
    for (const booking of here.body.bookings as { id: number }[]) {
      const path = `/api/bookings/${booking.id}/qr.svg`
      const ticketThere = await standalone('GET', path, { cookie: visitor.cookie })
      expect(ticketThere.status).toBe(200)
      expect(ticketThere.body).toBe((await request('GET', path, { cookie: visitor.cookie })).body)
    }
  })
})

/** Reminder mails the SMTP server received for `email`. */
function remindersTo(email: string): number {
  return fleet.smtp.messages.filter(
    (mail) =>
      /^Reminder:/.test(mail.subject ?? '') &&
      (Array.isArray(mail.to) ? mail.to : [mail.to]).some((to) => to?.text.includes(email)),
  ).length
}

async function queryFleet(sql: string): Promise<Record<string, number | string>[]> {
  const pg = (await import('pg')).default
  const client = new pg.Client({ connectionString: fleet.database.url })
  await client.connect()
  try {
    return (await client.query(sql)).rows
  } finally {
    await client.end()
  }
}
