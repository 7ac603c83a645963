import { buildApp } from './app.ts'
import { loadConfig } from './config.ts'
import { openDatabase } from './db/database.ts'
import { migrate } from './db/migrate.ts'
import { seedIfEmpty } from './db/seed.ts'
import { CheckoutSweeper } from './features/checkout/sweeper.ts'
import { createMailer } from './features/mail/mailer.ts'
import { paymentProviderFromConfig } from './features/payments/payment-provider-from-config.ts'

const config = loadConfig()
const database = await openDatabase({ url: config.DATABASE_URL || undefined, dataDir: config.DATA_DIR })
const applied = await migrate(database.pool)
const seeded = await seedIfEmpty(database.db)
// One provider for the routes and the sweeper: the test mode keeps its payments in memory.
const payments = paymentProviderFromConfig(config)
const app = await buildApp({ config, database, payments })
const mailer = createMailer(config, database.db, app.log)
// Settles card orders left unpaid (paid late, or given back), and forgets old keys and codes.
const sweeper = new CheckoutSweeper({ db: database.db, payments, log: app.log })

app.log.info(
  { engine: database.kind, migrationsApplied: applied.length, seeded },
  database.kind === 'pglite' ? `embedded database in ${config.DATA_DIR}` : 'PostgreSQL database',
)

let closing = false
async function shutdown(signal: string) {
  if (closing) return
  closing = true
  app.log.info({ signal }, 'shutting down')
  await mailer.worker.stop()
  await sweeper.stop()
  await app.close()
  await database.close()
  process.exit(0)
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))

await app.listen({ host: config.HOST, port: config.PORT })
mailer.worker.start()
sweeper.start()
app.log.info({ transport: mailer.transport.name }, 'mail worker started')
