import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type CancellationTest,
  createCancellationTest,
  paidCardOrder,
  post,
  refundRows,
} from '../../tests/support/cancellation.ts'
import { checkoutClock, guest, line, placeOrder } from '../../tests/support/checkout.ts'
import { FakePayPal } from '../../tests/support/fake-paypal.ts'
import { checkoutJobs } from './domain/checkout/sweeper.ts'
import { refundJobs } from './domain/refunds/jobs.ts'
import { mailTemplates } from './mail-templates.ts'
import { type DatabaseHandle, openDatabase } from './platform/db/database.ts'
import { type JobOutcome, runJobOnce } from './platform/jobs/periodic-job.ts'
import { createMailer } from './platform/mail/mailer.ts'
import type { MailTransport, OutgoingMail } from './platform/mail/transports.ts'

/**
 * Three servers on one PostgreSQL database, each ticking the same jobs at the same moment, with the
 * work seeded beforehand: expired card holds, refunds due for a retry and mails due. Each piece of
 * work is done once, and PayPal is asked about each once (docs/decisions/037). The same runs
 * through HAProxy and real processes in tests/fleet/.
 */
const paypal = new FakePayPal()
let c: CancellationTest
const servers: DatabaseHandle[] = []

beforeAll(async () => {
  await paypal.start()
  c = await createCancellationTest(paypal)
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(c.t.database.db)
  const url = new URL(process.env.TEST_DATABASE_URL as string)
  url.pathname = `/${rows[0]?.name}`
  servers.push(c.t.database)
  for (const _ of [2, 3]) servers.push(await openDatabase({ url: url.toString(), maxConnections: 4 }))
}, 120_000)
afterAll(async () => {
  for (const server of servers.slice(1)) await server.close()
  await c?.t.close()
  await paypal.stop()
})

let nextHour = 9
const freshSlot = () => {
  const n = nextHour++
  return {
    date: `2026-12-${String(3 + Math.floor((n - 9) / 8)).padStart(2, '0')}`,
    time: `${9 + ((n - 9) % 8)}:00`,
  }
}
const padded = (slot: { date: string; time: string }) => ({ ...slot, time: slot.time.padStart(5, '0') })

/** A guest's card order whose PayPal payment was started and never captured. */
async function abandonedCardOrder() {
  const visitor = guest(c.t)
  const placed = await placeOrder(c.t, {
    items: [line(padded(freshSlot()))],
    paymentMethod: 'card',
    guest: visitor,
  })
  expect(placed.statusCode, placed.body).toBe(201)
  const started = await post(c.t, `/api/checkout/orders/${placed.json().id}/payment`, {
    proof: visitor.proof,
  })
  expect(started.statusCode, started.body).toBe(200)
  return { orderId: placed.json().id as string, providerOrderId: started.json().providerOrderId as string }
}

/** Each server ticks `jobName` at the same moment, `rounds` times. */
async function tickEverywhere(jobName: string, now: Date, rounds = 3): Promise<JobOutcome[]> {
  const outcomes: JobOutcome[] = []
  for (let round = 0; round < rounds; round++) {
    const ticks = servers.map((server) => {
      const deps = { db: server.db, payments: c.payments, log: c.t.app.log }
      const job = [...checkoutJobs(deps), ...refundJobs(deps)].find((candidate) => candidate.name === jobName)
      if (!job) throw new Error(`no job ${jobName}`)
      return runJobOnce(server, job, now)
    })
    outcomes.push(...(await Promise.all(ticks)))
  }
  return outcomes
}

describe.runIf(process.env.TEST_DATABASE_URL)('jobs on three servers', () => {
  it('end each expired hold once, asking PayPal about each once', async () => {
    const orders = [await abandonedCardOrder(), await abandonedCardOrder(), await abandonedCardOrder()]
    paypal.requests.length = 0
    const afterHolds = new Date(checkoutClock.getTime() + 60 * 60_000)

    const outcomes = await tickEverywhere('release-expired-holds', afterHolds)
    expect(outcomes.filter((outcome) => outcome === 'ran')).toHaveLength(1)
    for (const order of orders) {
      expect(paypal.requestsTo(`/v2/checkout/orders/${order.providerOrderId}`)).toHaveLength(1)
      const row = await c.t.database.db
        .selectFrom('orders')
        .select('status')
        .where('id', '=', order.orderId)
        .executeTakeFirstOrThrow()
      expect(row.status).toBe('expired')
    }
  })

  it('retry each due refund once, with one refund at PayPal each', async () => {
    const visits: number[] = []
    for (let n = 0; n < 3; n++) {
      const order = await paidCardOrder(c.t, [line(padded(freshSlot()))], c.nour.cookie)
      const id = order.bookings[0]?.id ?? 0
      paypal.failRequests = 1
      expect((await post(c.t, `/api/bookings/${id}/cancel`, {}, c.nour.cookie)).statusCode).toBe(200)
      visits.push(id)
    }
    paypal.requests.length = 0
    const afterBackoff = new Date(checkoutClock.getTime() + 2 * 60 * 60_000)

    const outcomes = await tickEverywhere('retry-refunds', afterBackoff)
    expect(outcomes.filter((outcome) => outcome === 'ran')).toHaveLength(1)
    expect(paypal.requestsTo('refund')).toHaveLength(3)
    for (const id of visits) expect(await refundRows(c.t, id)).toMatchObject([{ status: 'refunded' }])
  })

  it('send each due mail once, whichever worker claims it', async () => {
    const sent: string[] = []
    const transport: MailTransport = {
      name: 'counting',
      async send(mail: OutgoingMail) {
        // A slow mail server: the claims of the three workers overlap.
        await new Promise((resolve) => setTimeout(resolve, 20))
        sent.push(mail.messageId)
      },
    }
    // Time passes until every queued mail, reminders included, is due.
    const due = await c.t.database.db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: sql<Date>`now()` })
      .where('status', '=', 'pending')
      .returning('id')
      .execute()
    expect(due.length).toBeGreaterThan(5)
    const workers = servers.map(
      (server) =>
        createMailer(c.t.config, server.db, c.t.app.log, () => c.clock.now, mailTemplates, transport).worker,
    )
    for (let round = 0; round < 6; round++) await Promise.all(workers.map((worker) => worker.runOnce()))

    const rows = await c.t.database.db
      .selectFrom('mail_outbox')
      .select(['id', 'status', 'message_id'])
      .where(
        'id',
        'in',
        due.map((row) => row.id),
      )
      .execute()
    // Each is sent, or dropped as no longer due (a reminder of a visit cancelled since), and none twice.
    expect(rows.every((row) => row.status === 'sent' || row.status === 'dropped')).toBe(true)
    const sentRows = rows.filter((row) => row.status === 'sent')
    expect(sentRows.length).toBeGreaterThan(5)
    expect([...sent].sort()).toEqual(sentRows.map((row) => row.message_id).sort())
  })
})
