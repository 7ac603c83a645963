import { setTimeout as sleep } from 'node:timers/promises'
import closeWithGrace from 'close-with-grace'
import { buildApp } from './app.ts'
import { mailTemplates } from './mail-templates.ts'
import { periodicJobs } from './periodic-jobs.ts'
import { type Config, loadConfig } from './platform/config.ts'
import { DataDirInUseError, serverHolder } from './platform/db/data-dir-lock.ts'
import { openDatabase } from './platform/db/database.ts'
import { migrate } from './platform/db/migrate.ts'
import { listeningText } from './platform/http/one-origin.ts'
import { JobScheduler } from './platform/jobs/scheduler.ts'
import { Lifecycle } from './platform/lifecycle.ts'
import { withLocalSecret } from './platform/local-secret.ts'
import { createMailer } from './platform/mail/mailer.ts'
import { ServerMetrics } from './platform/metrics/server-metrics.ts'
import { cardPayments, paymentProviderFromConfig } from './platform/payments/payment-provider-from-config.ts'
import { tapPayments, tapProviderFromConfig } from './platform/payments/tap-from-config.ts'
import { seedIfEmpty } from './seed.ts'

/** The settings, or a refusal to start that names each missing or invalid one (ADR 016). */
function settingsOrExit(): Config {
  try {
    return loadConfig()
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    console.error('The server did not start. Settings are listed in README.md, "Settings".')
    process.exit(1)
  }
}

/** The database, or a refusal in plain words while another process has the embedded one open. */
async function databaseOrExit(config: Config) {
  try {
    return await openDatabase({
      url: config.DATABASE_URL || undefined,
      dataDir: config.DATA_DIR,
      holder: serverHolder,
    })
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error
    console.error(error.message)
    console.error('The server did not start.')
    process.exit(1)
  }
}

const config = await withLocalSecret(settingsOrExit())
const database = await databaseOrExit(config)
const lifecycle = new Lifecycle({ migrated: false })
// `npm run migrate` is the release step; a start migrates what is left, under the same lock.
const applied = await migrate(database.pool)
lifecycle.migrated = true
const seeded = await seedIfEmpty(database.db)
// The one clock (docs/decisions/033): the app, its mail and its jobs all read this one.
const now = () => new Date()
// One provider for the routes and the jobs: the test mode keeps its payments in memory. Its calls
// are counted for /metrics, the jobs' refunds too (docs/decisions/039).
const metrics = new ServerMetrics()
const payments = metrics.countPayments(paymentProviderFromConfig(config))
// Tap's test mode keeps its charges in memory too: the routes and the jobs share it.
const tap = metrics.countTap(tapProviderFromConfig(config))
const app = await buildApp({ config, database, payments, tap, lifecycle, metrics, now })
const mailer = createMailer(config, database.db, app.log, now, mailTemplates)
// Each runs on one server at a time across the fleet (docs/decisions/037).
const jobs = new JobScheduler(
  { database, log: app.log, now },
  periodicJobs({ config, db: database.db, payments, tap, log: app.log, now }),
)

app.log.info(
  { engine: database.kind, migrationsApplied: applied.length, seeded },
  database.kind === 'pglite' ? `embedded database in ${config.DATA_DIR}` : 'PostgreSQL database',
)
if (config.NODE_ENV === 'production' && database.kind === 'pglite')
  app.log.warn(
    `production on the embedded database in ${config.DATA_DIR}: one server process only; back that directory up`,
  )
if (database.kind === 'postgres' && config.PHOTO_STORAGE === 'disk')
  app.log.warn(
    'PHOTO_STORAGE=disk on PostgreSQL: a venue photo uploaded here is served by this server only (docs/decisions/038)',
  )
app.log.info(
  {
    mode: config.NODE_ENV,
    publicUrl: config.PUBLIC_URL,
    cardPayments: cardPayments(config),
    tapPayments: tapPayments(config),
    photoStorage: config.PHOTO_STORAGE,
  },
  config.NODE_ENV === 'production' ? 'production' : 'development: a local demo, not for the public',
)

// SIGTERM (a deploy) or SIGINT: stop being ready, keep serving until the load balancer has seen
// it, then finish the requests in flight, stop the jobs and the mail, and close the pools. Past
// SHUTDOWN_TIMEOUT_MS the process exits anyway (docs/operating.md, "Restarts").
closeWithGrace(
  { delay: config.SHUTDOWN_TIMEOUT_MS, logger: { error: (message) => app.log.error(message) } },
  async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an uncaught error')
    lifecycle.draining = true
    app.log.info({ signal, drainMs: config.SHUTDOWN_DRAIN_MS }, 'draining: no longer ready')
    await Promise.all([jobs.stop(), mailer.worker.stop(), sleep(config.SHUTDOWN_DRAIN_MS)])
    await app.close()
    await database.close()
    app.log.info('closed')
  },
)

// The line names PUBLIC_URL to open: the one origin of every link the site makes (one-origin.ts).
await app.listen({
  host: config.HOST,
  port: config.PORT,
  listenTextResolver: (address) => listeningText(address, config),
})
mailer.worker.start()
jobs.start()
app.log.info({ transport: mailer.transport.name }, 'mail worker and jobs started')
