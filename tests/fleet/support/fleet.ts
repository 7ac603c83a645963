import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { FakePayPal } from '../../support/fake-paypal.ts'
import { TestSmtpServer } from '../../support/smtp-server.ts'
import { haproxyBinary, startHaproxy } from './haproxy.ts'
import { Child, freePort, GiveUp, serverStates, waitUntil } from './processes.ts'

export const redisBinary = process.env.REDIS_SERVER_BIN ?? 'redis-server'

/** What the fleet test needs, or why it cannot run here. */
export function missingForFleet(): string | undefined {
  if (!process.env.DATABASE_URL)
    return 'DATABASE_URL is not set (a PostgreSQL 15+ server to create databases on)'
  if (!existsSync(haproxyBinary)) return `HAProxy is not at ${haproxyBinary} (set HAPROXY_BIN)`
  if (spawnSync(redisBinary, ['--version']).status !== 0)
    return `${redisBinary} is not installed (set REDIS_SERVER_BIN)`
  if (!existsSync('dist/server/main.js')) return 'dist/server/main.js is missing: run `npm run build` first'
  return undefined
}

/** A database on the DATABASE_URL server; `url` names it, `drop()` removes it. */
export async function createDatabase(prefix: string) {
  const serverUrl = process.env.DATABASE_URL ?? ''
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl })
    await client.connect()
    try {
      return await client.query(sql)
    } finally {
      await client.end()
    }
  }
  await admin(`CREATE DATABASE ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    name,
    url: url.toString(),
    admin,
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  }
}

export type FleetDatabase = Awaited<ReturnType<typeof createDatabase>>

/** One `node dist/server/main.js` of the fleet: HAProxy knows it as `name` (s1, s2, s3). */
export interface FleetServer {
  name: string
  port: number
  dataDir: string
  child?: Child
}

/**
 * Everything the deployment has, on this machine: a fresh PostgreSQL database, a Redis of the
 * test's own, an SMTP server and PayPal in this process, three servers in production mode, and
 * HAProxy started from the config deploy/haproxy-config.mjs makes out of deploy/haproxy.cfg.
 */
export class Fleet {
  readonly secret = randomBytes(32).toString('base64url')
  readonly smtp = new TestSmtpServer()
  readonly paypal = new FakePayPal()
  readonly servers: FleetServer[] = []
  readonly databases: FleetDatabase[] = []
  database!: FleetDatabase
  proxyUrl = ''
  socketPath = ''
  redisPort = 0
  redis?: Child
  haproxy?: Child
  /** The test's own directory (configs, data, the backup), removed by stop(). */
  workDir = ''
  private readonly extraChildren: Child[] = []

  async start(serverCount = 3): Promise<void> {
    this.workDir = await mkdtemp(join(tmpdir(), 'fleet-'))
    this.socketPath = join(this.workDir, 'haproxy.sock')
    this.database = await createDatabase('fleet')
    this.databases.push(this.database)
    await Promise.all([this.smtp.start(), this.paypal.start(), this.startRedis()])
    const proxyPort = await freePort()
    this.proxyUrl = `http://127.0.0.1:${proxyPort}`
    for (let index = 1; index <= serverCount; index++)
      this.servers.push({
        name: `s${index}`,
        port: await freePort(),
        dataDir: await mkdtemp(join(this.workDir, `data-s${index}-`)),
      })
    await this.startHaproxy(proxyPort)
    // All at once, as after a deploy: the migration lock lets one migrate while the others wait.
    await Promise.all(this.servers.map((server) => this.startServer(server)))
    await this.waitForState(this.servers, 'UP', 30_000)
  }

  /** The settings every server gets (deploy/daypass.env.example lists them all). */
  serverEnv(
    server: Pick<FleetServer, 'port' | 'dataDir'>,
    databaseUrl = this.database.url,
  ): NodeJS.ProcessEnv {
    return {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(server.port),
      DATA_DIR: server.dataDir,
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: this.proxyUrl,
      AUTH_SECRET: this.secret,
      SMTP_URL: this.smtp.url,
      MAIL_POLL_MS: '200',
      // The killed server's claimed mail is sent by another after 15 s, not 2 minutes.
      MAIL_LEASE_SECONDS: '15',
      REDIS_URL: `redis://127.0.0.1:${this.redisPort}`,
      TRUST_PROXY: '127.0.0.1',
      PAYPAL_CLIENT_ID: this.paypal.clientId,
      PAYPAL_CLIENT_SECRET: this.paypal.clientSecret,
      PAYPAL_API_BASE: this.paypal.url,
      PAYPAL_TIMEOUT_MS: '5000',
      LOG_LEVEL: 'warn',
    }
  }

  /** Starts (or starts again) one server and waits until its /health/ready says ready. */
  async startServer(server: FleetServer): Promise<void> {
    const child = new Child(server.name, process.execPath, ['dist/server/main.js'], this.serverEnv(server))
    server.child = child
    await waitUntil(
      `${server.name} to be ready`,
      async () => {
        if (!child.running) throw new GiveUp(`${server.name} exited:\n${child.tail()}`)
        return (await fetch(`http://127.0.0.1:${server.port}/health/ready`)).ok
      },
      { timeoutMs: 60_000, everyMs: 200 },
    ).catch((error) => {
      throw new Error(`${error.message}\n${child.tail()}`)
    })
  }

  /** A server outside HAProxy on another database (the restored backup): its address. */
  async startStandalone(databaseUrl: string): Promise<string> {
    const port = await freePort()
    const dataDir = await mkdtemp(join(this.workDir, 'data-standalone-'))
    const child = new Child('standalone', process.execPath, ['dist/server/main.js'], {
      ...this.serverEnv({ port, dataDir }, databaseUrl),
      // Its own mail worker would send the restored outbox's mails again; nothing is queued, but
      // a mail server that does not exist keeps it from ever mattering.
      SMTP_URL: 'smtp://127.0.0.1:9?tls=off',
    })
    this.extraChildren.push(child)
    const url = `http://127.0.0.1:${port}`
    await waitUntil(
      'the standalone server to be ready',
      async () => (await fetch(`${url}/health/ready`)).ok,
      {
        timeoutMs: 60_000,
        everyMs: 200,
      },
    )
    return url
  }

  /** Waits until HAProxy reports every one of `servers` in `state`; how long it took. */
  waitForState(servers: FleetServer[], state: string, timeoutMs: number, everyMs = 50): Promise<number> {
    return waitUntil(
      `HAProxy to see ${servers.map((s) => s.name).join(', ')} ${state}`,
      async () => {
        const states = await serverStates(this.socketPath)
        return servers.every((server) => states[server.name] === state)
      },
      { timeoutMs, everyMs },
    )
  }

  async startRedis(): Promise<void> {
    if (!this.redisPort) this.redisPort = await freePort()
    const redis = new Child('redis', redisBinary, [
      '--port',
      String(this.redisPort),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
    ])
    this.redis = redis
    await waitUntil('Redis to listen', () => {
      if (!redis.running) throw new GiveUp(`redis-server exited:\n${redis.tail()}`)
      return /Ready to accept connections/.test(redis.output)
    })
  }

  private async startHaproxy(port: number): Promise<void> {
    const { child } = await startHaproxy({
      workDir: this.workDir,
      bind: `127.0.0.1:${port}`,
      socketPath: this.socketPath,
      servers: this.servers.map((server) => `127.0.0.1:${server.port}`),
    })
    this.haproxy = child
  }

  /** Ends every process and removes every database and directory, whatever state they are in. */
  async stop(): Promise<void> {
    const children = [...this.servers.map((server) => server.child), ...this.extraChildren]
    await Promise.all(children.map((child) => child?.stop(3000)))
    await Promise.all([this.haproxy?.stop(3000), this.redis?.stop(3000)])
    await Promise.allSettled([this.smtp.stop(), this.paypal.stop()])
    for (const database of this.databases) await database.drop().catch(() => {})
    if (this.workDir) await rm(this.workDir, { recursive: true, force: true })
  }
}
