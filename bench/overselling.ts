import { performance } from 'node:perf_hooks'
import pg from 'pg'
import { addDays, todayInBahrain } from '../src/shared/bahrain-time.ts'
import type { Benchmark } from './support/context.ts'
import { benchGuest, guestOrderBody, orderHeaders, type Slot } from './support/guest-orders.ts'
import { withPostgresServer } from './support/postgres-server.ts'
import { type Figure, report } from './support/report.ts'

/** A venue whose slots hold 20 places (seed-venues.ts). */
const venue = { gymId: 'manama-marina-hotel', passId: 'manama-marina-hotel-gym' }
const places = 20
const buyers = 200
const rounds = 5

interface Round {
  slot: Slot
  booked: number
  refused: number
  other: Record<string, number>
  takenInDatabase: number
  bookingsInDatabase: number
  /** From the first request sent to the last answer. */
  ms: number
}

/**
 * 200 guests try to book the same 20-place slot at the same moment, five times on fresh slots:
 * exactly 20 must get a booking each time, the other 180 a clean 409, and the database must agree.
 */
export const oversellingBenchmark: Benchmark = {
  name: 'overselling',
  description: '200 concurrent checkouts on a 20-place slot, 5 times: exactly 20 booked, 180 clean 409s',
  run: (context) =>
    withPostgresServer(
      context,
      'overselling server',
      async (server, databaseUrl) => {
        const results: Round[] = []
        for (let round = 0; round < rounds; round++) {
          const slot = { ...venue, date: addDays(todayInBahrain(), 30 + round), time: '10:00' }
          results.push(await runRound(server.baseURL, databaseUrl, slot, round))
        }
        const count = (test: (result: Round) => boolean) => results.filter(test).length
        const figures: Figure[] = [
          {
            name: `rounds with exactly ${places} booked`,
            value: count((result) => result.booked === places),
            unit: `of ${rounds}`,
            target: exactly(rounds),
          },
          {
            name: `rounds with ${buyers - places} clean 409s`,
            value: count((result) => result.refused === buyers - places),
            unit: `of ${rounds}`,
            target: exactly(rounds),
          },
          {
            name: 'rounds with any other answer',
            value: count((result) => Object.keys(result.other).length > 0),
            unit: `of ${rounds}`,
            target: exactly(0),
          },
          {
            name: `rounds where the database holds ${places}`,
            value: count(
              (result) => result.takenInDatabase === places && result.bookingsInDatabase === places,
            ),
            unit: `of ${rounds}`,
            target: exactly(rounds),
          },
          { name: 'slowest round', value: Math.max(...results.map((result) => result.ms)), unit: 'ms' },
        ]
        return report('overselling', figures, { buyers, places, rounds: results })
      },
      { CHECKOUT_ORDERS_PER_IP: '100000000' },
    ),
}

function exactly(value: number) {
  return { kind: 'equal', value } as const
}

async function runRound(baseURL: string, databaseUrl: string, slot: Slot, round: number): Promise<Round> {
  const bodies = Array.from({ length: buyers }, (_, index) =>
    guestOrderBody(slot, benchGuest(`oversell-${round}-${index}@example.bh`)),
  )
  const startedAt = performance.now()
  const answers = await Promise.all(
    bodies.map(async (body) => {
      const response = await fetch(`${baseURL}/api/checkout/orders`, {
        method: 'POST',
        headers: orderHeaders(),
        body,
      })
      const answer = (await response.json()) as { error?: { code?: string } }
      return response.status === 409 ? `409 ${answer.error?.code}` : String(response.status)
    }),
  )
  const ms = Math.round(performance.now() - startedAt)
  const counts: Record<string, number> = {}
  for (const answer of answers) counts[answer] = (counts[answer] ?? 0) + 1
  const { '201': booked = 0, '409 ITEMS_UNAVAILABLE': refused = 0, ...other } = counts
  const inDatabase = await databaseCounts(databaseUrl, slot)
  console.log(
    `round ${round + 1}: ${booked} booked, ${refused} refused, other ${JSON.stringify(other)}, database ${inDatabase.takenInDatabase} taken / ${inDatabase.bookingsInDatabase} bookings, ${ms} ms`,
  )
  return { slot, booked, refused, other, ms, ...inDatabase }
}

async function databaseCounts(databaseUrl: string, slot: Slot) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const taken = await client.query<{ taken: number }>(
      'SELECT taken FROM slot_occupancy WHERE venue_id = $1 AND slot_date = $2 AND slot_hour = $3',
      [slot.gymId, slot.date, Number(slot.time.slice(0, 2))],
    )
    const bookings = await client.query<{ count: string }>(
      'SELECT count(*) FROM confirmed_bookings WHERE venue_id = $1 AND booking_date = $2 AND booking_time = $3',
      [slot.gymId, slot.date, slot.time],
    )
    return {
      takenInDatabase: taken.rows[0]?.taken ?? 0,
      bookingsInDatabase: Number(bookings.rows[0]?.count ?? 0),
    }
  } finally {
    await client.end()
  }
}
