import type { FastifyBaseLogger } from 'fastify'
import { todayInBahrain } from '../../../shared/bahrain-time.ts'
import type { Database } from '../../platform/db/database.ts'
import type { PeriodicJob } from '../../platform/jobs/periodic-job.ts'
import { sweepNoShows } from '../visits/desk-repository.ts'
import { purgeOldAttempts } from './repository.ts'

/**
 * Visits of days before today (in Bahrain) that were never checked in become no-shows; a mark the
 * desk took back stays taken back. Returns how many it marked.
 */
export async function markPastNoShows(db: Database, now: Date): Promise<number> {
  return sweepNoShows(db, todayInBahrain(now), now)
}

/** The desk's periodic jobs: no-shows of past days, and forgetting old check-in attempts. */
export function deskJobs(deps: { db: Database; log: FastifyBaseLogger }): PeriodicJob[] {
  return [
    {
      name: 'mark-no-shows',
      intervalMs: 5 * 60_000,
      run: async (now) => {
        const marked = await markPastNoShows(deps.db, now)
        if (marked > 0) deps.log.info({ marked }, 'past visits with no check-in marked as no-shows')
      },
    },
    { name: 'purge-check-in-attempts', intervalMs: 60 * 60_000, run: () => purgeOldAttempts(deps.db) },
  ]
}
