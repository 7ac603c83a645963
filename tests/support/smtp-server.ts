import { renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { mailTemplates } from '../../src/server/mail-templates.ts'
import { type Config, testConfig } from '../../src/server/platform/config.ts'
import type { Database } from '../../src/server/platform/db/database.ts'
import { smtpTransport } from '../../src/server/platform/mail/transports.ts'
import { OutboxWorker } from '../../src/server/platform/mail/worker.ts'

/**
 * A real SMTP server on 127.0.0.1 for tests: it accepts every message and keeps it parsed.
 * `stop()` and `start()` take it down and bring it back on the same port.
 */
export class TestSmtpServer {
  readonly messages: ParsedMail[] = []
  private server: SMTPServer | undefined
  /** Counts mails as they arrive, so two in the same millisecond get different files. */
  private received = 0
  port = 0

  /** With `saveTo`, each message is also written there as a .eml file, for other processes to read. */
  constructor(private readonly saveTo?: string) {}

  get url() {
    return `smtp://127.0.0.1:${this.port}?tls=off`
  }

  async start(): Promise<this> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, _session, callback) => {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          const raw = Buffer.concat(chunks)
          if (this.saveTo) this.save(this.saveTo, raw)
          simpleParser(raw)
            .then((mail) => {
              this.messages.push(mail)
              callback()
            })
            .catch(callback)
        })
      },
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(this.port, '127.0.0.1', () => resolve())
    })
    const address = server.server.address()
    if (address && typeof address === 'object') this.port = address.port
    this.server = server
    return this
  }

  /**
   * Readers in other processes poll the folder for `.eml` files, so a mail appears there whole: it is
   * written under a name they skip, then renamed, which is atomic on one file system.
   */
  private save(dir: string, raw: Buffer) {
    this.received += 1
    const name = `${Date.now()}-${String(this.received).padStart(5, '0')}`
    writeFileSync(join(dir, `${name}.partial`), raw)
    renameSync(join(dir, `${name}.partial`), join(dir, `${name}.eml`))
  }

  async stop(): Promise<void> {
    const server = this.server
    this.server = undefined
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

/**
 * An outbox worker that delivers to a test SMTP server; tests call `runOnce()` to send what is
 * queued. Tickets are signed with the test app's secret (testConfig), unless `config` says otherwise.
 */
export function smtpOutboxWorker(
  db: Database,
  smtp: TestSmtpServer,
  /** The worker's clock: the test app's (`t.now`), or a time of the test's own. */
  now: () => Date,
  config: Pick<Config, 'AUTH_SECRET' | 'PUBLIC_URL'> = testConfig(),
): OutboxWorker {
  return new OutboxWorker({
    db,
    transport: smtpTransport(smtp.url),
    templates: mailTemplates,
    from: 'DayPass Bahrain <no-reply@daypass.bh>',
    domain: 'daypass.bh',
    links: { secret: config.AUTH_SECRET, siteUrl: config.PUBLIC_URL },
    pollMs: 50,
    batchSize: 100,
    log: { info() {}, warn() {} },
    now,
  })
}
