import { execFile, execFileSync } from 'node:child_process'
import { existsSync, readdirSync, rmSync } from 'node:fs'
import { chown, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { freePort } from '../../../e2e/support/server-process.ts'

const run = promisify(execFile)

/** The newest PostgreSQL server binaries of the machine (Debian's layout), if any. */
function findBinDir(): string | undefined {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return undefined
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] ? join(root, versions[0], 'bin') : undefined
}

/** initdb and postgres refuse to run as root (CI runs the tests as root): they run as `postgres`. */
function postgresAccount(): { uid: number; gid: number } | undefined {
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }))
    return { uid: id('-u'), gid: id('-g') }
  } catch {
    return undefined
  }
}

const binDir = findBinDir()
const asRoot = process.getuid?.() === 0
const account = asRoot ? postgresAccount() : undefined

/** Why these tests cannot own a PostgreSQL server here, or '' when they can. */
export const postgresMissing = !binDir
  ? 'No PostgreSQL server binaries in /usr/lib/postgresql/<version>/bin (Debian: apt-get install postgresql)'
  : asRoot && !account
    ? 'Running as root, and there is no `postgres` system user to run PostgreSQL as'
    : ''

/** Says, once per test file, why its PostgreSQL tests are skipped. */
export function warnIfPostgresMissing(file: string) {
  if (postgresMissing) console.warn(`${file}: PostgreSQL tests skipped. ${postgresMissing}`)
}

/** The command line that runs a PostgreSQL program, as the `postgres` user when we are root. */
function commandFor(program: string, args: string[]): [string, string[]] {
  const path = join(binDir ?? '', program)
  return asRoot ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, args]
}

/**
 * A PostgreSQL cluster that one test file owns: initdb in a temporary folder, listening on
 * 127.0.0.1 on a free port, so a test can stop and start it without touching the machine's own
 * server. `destroy()` (call it in afterAll) stops it and deletes the folder; the cluster is also
 * stopped if the test process exits first.
 */
export class PrivatePostgres {
  private up = false
  /** If the test process ends without destroy(), the cluster must not outlive it. */
  private readonly cleanUpOnExit = () => {
    const stop = commandFor('pg_ctl', ['stop', '-D', this.dataDir, '-m', 'immediate'])
    try {
      if (this.up) execFileSync(...stop, { cwd: this.root })
    } finally {
      rmSync(this.root, { recursive: true, force: true })
    }
  }

  private constructor(
    private readonly root: string,
    readonly port: number,
  ) {}

  static async create(): Promise<PrivatePostgres> {
    if (postgresMissing) throw new Error(postgresMissing)
    const root = await mkdtemp(join(tmpdir(), 'fault-pg-'))
    if (account) await chown(root, account.uid, account.gid)
    const cluster = new PrivatePostgres(root, await freePort())
    process.once('exit', cluster.cleanUpOnExit)
    try {
      // No fsync: the tests stop the server, never the machine, so nothing is lost without it.
      await cluster.pgProgram('initdb', [
        ...['-D', cluster.dataDir, '-A', 'trust', '-U', 'postgres'],
        ...['-E', 'UTF8', '--locale=C', '--no-sync'],
      ])
      await cluster.start()
    } catch (error) {
      await cluster.destroy()
      throw error
    }
    return cluster
  }

  private get dataDir() {
    return join(this.root, 'data')
  }

  get running(): boolean {
    return this.up
  }

  /** A connection string for one database of this cluster. */
  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`
  }

  /** Starts the server (again, on the same port and data) and waits until it accepts connections. */
  async start(): Promise<void> {
    const options = `-p ${this.port} -k ${this.root} -c listen_addresses=127.0.0.1 -c fsync=off`
    const log = join(this.root, 'server.log')
    await this.pgProgram('pg_ctl', ['start', '-w', '-D', this.dataDir, '-l', log, '-o', options])
    this.up = true
  }

  /** Stops the server: `fast` ends every session cleanly, `immediate` is a crash (recovery on start). */
  async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    await this.pgProgram('pg_ctl', ['stop', '-w', '-D', this.dataDir, '-m', mode])
    this.up = false
  }

  async createDatabase(name: string): Promise<string> {
    const admin = new pg.Client({ connectionString: this.url() })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name}`)
    await admin.end()
    return this.url(name)
  }

  /** Stops the server if it runs and deletes its folder. */
  async destroy(): Promise<void> {
    if (this.up) await this.stop('immediate').catch(() => undefined)
    await rm(this.root, { recursive: true, force: true })
    process.removeListener('exit', this.cleanUpOnExit)
  }

  private async pgProgram(program: string, args: string[]) {
    // Run from the cluster's folder: the postgres user may not be allowed into the caller's.
    await run(...commandFor(program, args), { cwd: this.root })
  }
}
