import type { PeriodicJob } from '../../platform/jobs/periodic-job.ts'
import { retryLateRefunds } from './late-refunds.ts'
import { type RefundDeps, retryDueRefunds } from './refunds.ts'

/**
 * The refunds' periodic job (platform/jobs runs it on one server at a time): card and BENEFIT
 * refunds of cancelled or moved visits, and refunds of Tap payments that came after their order
 * ended, retried with backoff when they failed or timed out. Its name stays `retry-refunds`, which
 * job_runs and the metrics know it by.
 */
export function refundJobs(deps: Omit<RefundDeps, 'now'>): PeriodicJob[] {
  return [
    {
      name: 'retry-refunds',
      intervalMs: 60_000,
      run: async (now) => {
        await retryDueRefunds({ ...deps, now: () => now })
        if (deps.tap) await retryLateRefunds({ ...deps, tap: deps.tap, now: () => now })
      },
    },
  ]
}
