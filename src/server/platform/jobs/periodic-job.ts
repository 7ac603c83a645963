import { sql } from 'kysely'
import type { DatabaseHandle } from '../db/database.ts'

/** A clean-up or retry that runs every so often; features declare theirs, main.ts starts them. */
export interface PeriodicJob {
  /** Unique and stable: it names the job's lock, its row in job_runs and its metric. */
  name: string
  intervalMs: number
  /** Runs one tick at start instead of waiting a whole interval (for jobs with long intervals). */
  runAtStart?: boolean
  run(now: Date): Promise<void>
}

export type JobOutcome = 'ran' | 'busy' | 'not-due'

// Any fixed number: the first half of every job's advisory lock key, so they never meet the
// migrations' lock or another application's.
const jobLockClass = 7_301_996

/**
 * Runs one tick of `job` if no other server is running it and none finished it within its
 * interval (docs/decisions/037). On PostgreSQL the tick holds a session advisory lock on one
 * reserved connection, so while it calls PayPal or a mail server for its rows, no other server
 * can start the same work; the lock goes with the connection if the process dies. PGlite is one
 * process, so it only records the run.
 */
export async function runJobOnce(database: DatabaseHandle, job: PeriodicJob, now: Date): Promise<JobOutcome> {
  if (database.kind === 'pglite') return runIfDue(database, job, now)
  return database.db.connection().execute(async (connection) => {
    const { rows } = await sql<{ locked: boolean }>`
      select pg_try_advisory_lock(${jobLockClass}, hashtext(${job.name})) as locked`.execute(connection)
    if (!rows[0]?.locked) return 'busy'
    try {
      return await runIfDue(database, job, now)
    } finally {
      await sql`select pg_advisory_unlock(${jobLockClass}, hashtext(${job.name}))`.execute(connection)
    }
  })
}

async function runIfDue(database: DatabaseHandle, job: PeriodicJob, now: Date): Promise<JobOutcome> {
  const last = await database.db
    .selectFrom('job_runs')
    .select('last_success_at')
    .where('name', '=', job.name)
    .executeTakeFirst()
  // A tenth of the interval is slack for servers whose timers drift apart.
  if (last && now.getTime() - new Date(last.last_success_at).getTime() < job.intervalMs * 0.9)
    return 'not-due'
  await job.run(now)
  await database.db
    .insertInto('job_runs')
    .values({ name: job.name, last_success_at: now })
    .onConflict((conflict) => conflict.column('name').doUpdateSet({ last_success_at: now }))
    .execute()
  return 'ran'
}

/** When each job last succeeded on any server, for /metrics. */
export async function lastJobSuccesses(
  database: DatabaseHandle,
): Promise<Array<{ name: string; lastSuccessAt: Date }>> {
  const rows = await database.db.selectFrom('job_runs').select(['name', 'last_success_at']).execute()
  return rows.map((row) => ({ name: row.name, lastSuccessAt: new Date(row.last_success_at) }))
}
