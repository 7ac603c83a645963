import { buildApp } from './app.ts'
import { CheckoutSweeper } from './domain/checkout/sweeper.ts'
import { DeskSweeper } from './domain/desk/sweeper.ts'
import { RetentionSweeper, retentionPeriodsFrom } from './domain/privacy/retention.ts'
import { mailTemplates } from './mail-templates.ts'
import { type Config, loadConfig } from './platform/config.ts'
import { openDatabase } from './platform/db/database.ts'
import { migrate } from './platform/db/migrate.ts'
import { withLocalSecret } from './platform/local-secret.ts'
import { createMailer } from './platform/mail/mailer.ts'
import { cardPayments, paymentProviderFromConfig } from './platform/payments/payment-provider-from-config.ts'
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

const config = await withLocalSecret(settingsOrExit())
const database = await openDatabase({ url: config.DATABASE_URL || undefined, dataDir: config.DATA_DIR })
const applied = await migrate(database.pool)
const seeded = await seedIfEmpty(database.db)
// The one clock (docs/decisions/033): the app, its mail and its sweepers all read this one.
const now = () => new Date()
// One provider for the routes and the sweeper: the test mode keeps its payments in memory.
const payments = paymentProviderFromConfig(config)
const app = await buildApp({ config, database, payments, now })
const mailer = createMailer(config, database.db, app.log, now, mailTemplates)
// Settles card orders left unpaid (paid late, or given back), and forgets old keys and codes.
const sweeper = new CheckoutSweeper({ db: database.db, payments, log: app.log, now })
// Marks past visits never checked in as no-shows, and forgets old desk scans.
const deskSweeper = new DeskSweeper({ db: database.db, log: app.log, now })
// Removes personal data past its retention period (docs/decisions/017).
const retention = new RetentionSweeper({
  db: database.db,
  periods: retentionPeriodsFrom(config),
  log: app.log,
  now,
})

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
    photoStorage: config.PHOTO_STORAGE,
  },
  config.NODE_ENV === 'production' ? 'production' : 'development: a local demo, not for the public',
)

let closing = false
async function shutdown(signal: string) {
  if (closing) return
  closing = true
  app.log.info({ signal }, 'shutting down')
  await mailer.worker.stop()
  await sweeper.stop()
  await deskSweeper.stop()
  await retention.stop()
  await app.close()
  await database.close()
  process.exit(0)
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))

await app.listen({ host: config.HOST, port: config.PORT })
mailer.worker.start()
sweeper.start()
deskSweeper.start()
retention.start()
app.log.info({ transport: mailer.transport.name }, 'mail worker started')
