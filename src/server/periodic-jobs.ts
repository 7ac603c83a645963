import type { FastifyBaseLogger } from 'fastify'
import { CatalogService } from './domain/catalog/service.ts'
import { checkoutJobs } from './domain/checkout/sweeper.ts'
import { deskJobs } from './domain/desk/sweeper.ts'
import { retentionJob, retentionPeriodsFrom } from './domain/privacy/retention.ts'
import { refundJobs } from './domain/refunds/jobs.ts'
import { venueNoticeJobs } from './domain/venue-notices/digest.ts'
import { waitlistJobs } from './domain/waitlist/jobs.ts'
import type { Config } from './platform/config.ts'
import type { Database } from './platform/db/database.ts'
import type { PeriodicJob } from './platform/jobs/periodic-job.ts'
import type { PaymentProvider } from './platform/payments/provider.ts'
import type { TapProvider } from './platform/payments/tap.ts'

/**
 * Every periodic job a server runs, each on one server at a time across the fleet
 * (docs/decisions/037; docs/production.md, "Periodic jobs"), with the providers the routes use.
 */
export function periodicJobs(deps: {
  config: Config
  db: Database
  payments: PaymentProvider
  tap?: TapProvider
  log: FastifyBaseLogger
  now: () => Date
}): PeriodicJob[] {
  const { config, db, payments, tap, log, now } = deps
  return [
    ...checkoutJobs({ db, payments, tap, log }),
    ...refundJobs({ db, payments, tap, log }),
    ...deskJobs({ db, log }),
    ...venueNoticeJobs({ db, log }),
    retentionJob({ db, periods: retentionPeriodsFrom(config), log }),
    // The slots' capacity as the catalog has it now, read afresh each tick (a raise frees places).
    ...waitlistJobs({ db, catalog: new CatalogService(db, { cacheMs: 0, now }), log }),
  ]
}
