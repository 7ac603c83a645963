import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { commandHolder, lockDataDir, lockFileOf } from '../../src/server/platform/db/data-dir-lock.ts'
import { freePort, waitForHealth } from '../e2e/support/server-process.ts'
import { killLeftovers, runFromSource, type Started, startServer } from './support/processes.ts'

/**
 * The embedded database in DATA_DIR is opened by one process at a time. The commands that write to
 * it (`npm run user:role`, `migrate`, `photos:to-database`) are refused in plain words while the
 * server runs there, and change nothing; the server is refused while a command runs. Real
 * processes, real sign-in over HTTP: never a "done" that the running server does not see.
 */
const dirs: string[] = []
afterAll(async () => {
  killLeftovers()
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
})

async function dataFolder() {
  const dir = await mkdtemp(join(tmpdir(), 'data-folder-'))
  dirs.push(dir)
  return join(dir, 'data')
}

type Account = { email: string; password: string; role: string }
const admin: Account = { email: 'first-admin@example.bh', password: 'Dhow-harbour-admin-1932', role: 'admin' }
const manager: Account = {
  email: 'manager@example.bh',
  password: 'Dhow-harbour-manager-1932',
  role: 'manager',
}

/** The development server on DATA_DIR, answering health checks. */
async function serverOn(dataDir: string) {
  const port = await freePort()
  const server = startServer({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' })
  const address = `http://127.0.0.1:${port}`
  await waitForHealth(address, server.child, 240_000)
  return { server, address }
}

async function stop(server: Started) {
  server.child.kill('SIGTERM')
  expect(await server.exited).toBe(0)
}

/** The commands as package.json runs them, on DATA_DIR, the embedded database. */
const commands = {
  'user:role': (account: Account) => ['scripts/set-role.ts', account.email, account.role, account.password],
  migrate: () => ['src/server/migrate-command.ts'],
  'photos:to-database': () => ['scripts/photos-to-database.ts'],
}

async function run(command: keyof typeof commands, dataDir: string, account: Account) {
  const [script = '', ...args] = commands[command](account)
  const started = runFromSource(script, args, { DATA_DIR: dataDir, LOG_LEVEL: 'warn' })
  return { code: await started.exited, output: started.output() }
}

function signIn(address: string, account: Account) {
  return fetch(`${address}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: address },
    body: JSON.stringify({ email: account.email, password: account.password }),
  })
}

const refusedByServer =
  /The server \(pid \d+\) is using the embedded database in \S+, and only one process at a time can open it\. Stop the server \(Ctrl\+C in its terminal\), run this command again, then start the server/

describe('a command on the embedded database while the server runs', () => {
  it('is refused, saying what to do, and changes nothing; run after a stop, the next start signs the admin in', async () => {
    const dataDir = await dataFolder()
    const first = await serverOn(dataDir)

    for (const command of Object.keys(commands) as (keyof typeof commands)[]) {
      const result = await run(command, dataDir, admin)
      expect(result.output, command).toMatch(refusedByServer)
      expect(result.code, command).toBe(1)
      expect(result.output).not.toMatch(/is now admin|Applied|copied into the database/)
    }
    // Nothing was made behind the server's back: the account does not exist.
    expect((await signIn(first.address, admin)).status).toBe(401)

    // The README's order: stop, run the command, start. The server sees the account at once.
    await stop(first.server)
    await expect(stat(lockFileOf(dataDir))).rejects.toThrow(/ENOENT/)
    const made = await run('user:role', dataDir, admin)
    expect(made.output).toContain(`${admin.email} is now admin.`)
    expect(made.code).toBe(0)
    const second = await serverOn(dataDir)
    const signedIn = await signIn(second.address, admin)
    expect(signedIn.status).toBe(200)
    const session = await fetch(`${second.address}/api/auth/get-session`, {
      headers: { cookie: signedIn.headers.getSetCookie().join('; ') },
    })
    expect((await session.json()).user).toMatchObject({ email: admin.email, role: 'admin' })

    // Killed (SIGKILL): its lock stays behind, naming a process that no longer runs. It does not
    // block the next command.
    second.server.child.kill('SIGKILL')
    await second.server.exited
    expect((await stat(lockFileOf(dataDir))).isFile()).toBe(true)
    const next = await run('user:role', dataDir, manager)
    expect(next.output).toContain(`${manager.email} is now manager.`)
    expect(next.code).toBe(0)
    await expect(stat(lockFileOf(dataDir))).rejects.toThrow(/ENOENT/)
  }, 900_000)
})

describe('the server on a data folder a command has open', () => {
  it('does not start, and says to wait for the command', async () => {
    const dataDir = await dataFolder()
    // This test's own process stands for the command, with the lock the command takes.
    const lock = lockDataDir(dataDir, commandHolder('`npm run user:role`'))
    try {
      const port = await freePort()
      const server = startServer({ PORT: String(port), DATA_DIR: dataDir })
      // Either it exits, or it starts serving beside the command (the failure this test is for).
      const outcome = await Promise.race([
        server.exited,
        waitForHealth(`http://127.0.0.1:${port}`, server.child, 240_000).then(
          () => 'serving',
          () => 'not serving',
        ),
      ])
      expect(outcome).toBe(1)
      expect(server.output()).toContain(
        `\`npm run user:role\` (pid ${process.pid}) is using the embedded database in ${dataDir}, and only one process at a time can open it. Wait until it has finished, then start the server.`,
      )
      expect(server.output()).toContain('The server did not start.')
    } finally {
      lock.release()
    }
    await expect(stat(lockFileOf(dataDir))).rejects.toThrow(/ENOENT/)
  }, 300_000)
})
