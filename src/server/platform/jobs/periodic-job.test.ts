import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../../../tests/support/test-database.ts'
import { type DatabaseHandle, openDatabase } from '../db/database.ts'
import { lastJobSuccesses, type PeriodicJob, runJobOnce } from './periodic-job.ts'

let database: DatabaseHandle
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(async () => {
  await database.close()
})

const minute = 60_000
const start = new Date('2026-11-26T08:00:00Z')
const later = (ms: number) => new Date(start.getTime() + ms)

function countingJob(name: string, work: () => Promise<void> = async () => {}) {
  const runs: Date[] = []
  const job: PeriodicJob = {
    name,
    intervalMs: minute,
    run: async (now) => {
      runs.push(now)
      await work()
    },
  }
  return { job, runs }
}

describe('a periodic job', () => {
  it('runs about once per interval, however many servers tick it', async () => {
    const { job, runs } = countingJob('every-minute')
    expect(await runJobOnce(database, job, start)).toBe('ran')
    // Another server's tick a few seconds later finds it done.
    expect(await runJobOnce(database, job, later(5_000))).toBe('not-due')
    expect(await runJobOnce(database, job, later(minute))).toBe('ran')
    expect(runs).toEqual([start, later(minute)])
    const recorded = (await lastJobSuccesses(database)).find((run) => run.name === 'every-minute')
    expect(recorded?.lastSuccessAt).toEqual(later(minute))
  })

  it('is not recorded as done when it fails, so the next tick tries again', async () => {
    const { job } = countingJob('failing', async () => {
      throw new Error('PayPal did not answer')
    })
    await expect(runJobOnce(database, job, start)).rejects.toThrow('PayPal did not answer')
    expect((await lastJobSuccesses(database)).map((run) => run.name)).not.toContain('failing')
  })
})

// Two servers are two pools on one PostgreSQL database: the advisory lock is what keeps them apart.
describe.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL, across servers', () => {
  let secondServer: DatabaseHandle
  beforeAll(async () => {
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(database.db)
    const url = new URL(process.env.TEST_DATABASE_URL as string)
    url.pathname = `/${rows[0]?.name}`
    secondServer = await openDatabase({ url: url.toString(), maxConnections: 3 })
  })
  afterAll(async () => {
    await secondServer.close()
  })

  it('never runs a tick on two servers at once', async () => {
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let entered = () => {}
    const running = new Promise<void>((resolve) => {
      entered = resolve
    })
    const { job, runs } = countingJob('slow-provider-calls', async () => {
      entered()
      await held
    })
    const first = runJobOnce(database, job, start)
    await running
    // While the first server is still in the middle of it (say, asking PayPal), the second is told no.
    expect(await runJobOnce(secondServer, job, start)).toBe('busy')
    release()
    expect(await first).toBe('ran')
    expect(runs).toHaveLength(1)
  })

  it('gives the lock back when a tick fails, and when its server dies', async () => {
    const { job: failing } = countingJob('fails-then-works', async () => {
      throw new Error('mail server down')
    })
    await expect(runJobOnce(secondServer, failing, start)).rejects.toThrow()
    const { job, runs } = countingJob('fails-then-works')
    expect(await runJobOnce(database, job, start)).toBe('ran')
    expect(runs).toHaveLength(1)

    // A server killed mid-tick: its connection ends, and PostgreSQL drops the lock with it.
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(database.db)
    const url = new URL(process.env.TEST_DATABASE_URL as string)
    url.pathname = `/${rows[0]?.name}`
    url.searchParams.set('application_name', 'doomed-server')
    const doomed = await openDatabase({ url: url.toString(), maxConnections: 2 })
    let entered = () => {}
    const running = new Promise<void>((resolve) => {
      entered = resolve
    })
    const { job: stuck } = countingJob('killed-mid-tick', async () => {
      entered()
      await new Promise(() => {})
    })
    void runJobOnce(doomed, stuck, start).catch(() => {})
    await running
    expect(await runJobOnce(database, stuck, start)).toBe('busy')
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
               where application_name = 'doomed-server'`.execute(database.db)
    const { job: survivor, runs: survivorRuns } = countingJob('killed-mid-tick')
    await expect.poll(() => runJobOnce(database, survivor, start), { timeout: 5000 }).toBe('ran')
    expect(survivorRuns).toHaveLength(1)
    // Its stuck tick never hands its connection back, so the pool is left to end on its own.
    void doomed.pool.end().catch(() => {})
  })
})
