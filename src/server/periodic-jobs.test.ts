import { describe, expect, it } from 'vitest'
import { periodicJobs } from './periodic-jobs.ts'
import { testConfig } from './platform/config.ts'
import { createTestPaymentProvider } from './platform/payments/test-provider.ts'

describe('the periodic jobs a server runs', () => {
  it('are every job, each once, refund retries on their own beside checkout’s', () => {
    const jobs = periodicJobs({
      config: testConfig(),
      // Listing the jobs runs none: nothing reaches the database or the providers.
      db: {} as never,
      payments: createTestPaymentProvider(),
      log: { info() {}, warn() {}, error() {} } as never,
      now: () => new Date(),
    })
    const names = jobs.map((job) => job.name)
    expect(new Set(names).size).toBe(names.length)
    expect([...names].sort()).toEqual([
      'mark-no-shows',
      'personal-data-retention',
      'purge-check-in-attempts',
      'purge-checkout-records',
      'release-expired-holds',
      'retry-refunds',
      'venue-daily-digests',
      'waitlist-offers',
    ])
  })
})
