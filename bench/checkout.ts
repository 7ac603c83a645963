import pg from 'pg'
import type { BenchContext, Benchmark } from './support/context.ts'
import { benchGuest, bookableSlots, guestOrderBody, orderHeaders } from './support/guest-orders.ts'
import { measure } from './support/load.ts'
import { withPostgresServer } from './support/postgres-server.ts'
import { type Figure, report, round } from './support/report.ts'

/** The server's pool size (src/server/platform/db/database.ts): the ceiling uses as many connections. */
const poolSize = 10

/**
 * Pay-at-venue guest orders per second (one line each, each in a different slot, a fresh
 * Idempotency-Key each), against the ceiling of single-row INSERT transactions on the same database.
 * The server's per-IP order limit is raised for the run (CHECKOUT_ORDERS_PER_IP): every order comes
 * from 127.0.0.1.
 */
export const checkoutBenchmark: Benchmark = {
  name: 'checkout',
  description: 'Guest pay-at-venue orders/s vs raw single-row INSERT transactions on the same PostgreSQL',
  run: (context) =>
    withPostgresServer(
      context,
      'checkout server',
      (server, databaseUrl) => runCheckout(context, server.baseURL, databaseUrl),
      { CHECKOUT_ORDERS_PER_IP: '100000000' },
    ),
}

async function runCheckout(context: BenchContext, baseURL: string, databaseUrl: string) {
  const slots = await bookableSlots(baseURL)
  const guests = Array.from({ length: context.connections }, (_, index) =>
    benchGuest(`bench-guest-${index}@example.bh`),
  )
  let sent = 0
  const orders = await measure({
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
  const inserts = await rawInsertRate(databaseUrl, context)
  const placed = await countOrders(databaseUrl)

  const figures: Figure[] = [
    { name: 'raw INSERT transactions', value: inserts, unit: 'tx/s' },
    { name: 'checkout', value: orders.requestsPerSecond, unit: 'orders/s' },
    {
      name: 'checkout ÷ raw INSERT',
      value: round(orders.requestsPerSecond / inserts, 2),
      unit: '',
      target: { kind: 'min', value: 0.5 },
    },
    { name: 'checkout p50', value: orders.p50Ms, unit: 'ms' },
    { name: 'checkout p99', value: orders.p99Ms, unit: 'ms' },
    // Every order must be booked: a refused one would make the figure meaningless.
    {
      name: 'orders refused',
      value: orders.non2xx + orders.errors,
      unit: '',
      target: { kind: 'equal', value: 0 },
    },
  ]
  return report('checkout', figures, {
    connections: context.connections,
    seconds: context.seconds,
    poolSize,
    ordersInDatabase: placed,
    orders,
  })
}

/**
 * Single-row INSERT transactions (autocommit) through a pool as large as the server's, with as
 * many concurrent callers as the load test has connections: what the database does at best.
 */
async function rawInsertRate(databaseUrl: string, context: BenchContext): Promise<number> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize })
  try {
    await pool.query(
      'CREATE TABLE bench_raw_inserts (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, payload jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())',
    )
    const payload = JSON.stringify({ gymId: 'manama-marina-hotel', date: '2030-01-01', time: '10:00' })
    const run = async (seconds: number) => {
      const until = Date.now() + seconds * 1000
      let count = 0
      await Promise.all(
        Array.from({ length: context.connections }, async () => {
          while (Date.now() < until) {
            await pool.query('INSERT INTO bench_raw_inserts (payload) VALUES ($1)', [payload])
            count++
          }
        }),
      )
      return Math.round(count / seconds)
    }
    await run(Math.max(1, Math.round(context.seconds / 3)))
    return await run(context.seconds)
  } finally {
    await pool.end()
  }
}

async function countOrders(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ count: string }>('SELECT count(*) FROM orders')
    return Number(rows[0]?.count ?? 0)
  } finally {
    await client.end()
  }
}
