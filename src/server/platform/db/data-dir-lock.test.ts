import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { commandHolder, DataDirInUseError, lockDataDir, lockFileOf, serverHolder } from './data-dir-lock.ts'

/**
 * The lock on DATA_DIR (one process at a time on the embedded database), in this process; the
 * processes themselves are in tests/hardening/data-folder.test.ts.
 */
let dataDir = ''
beforeEach(() => {
  dataDir = join(mkdtempSync(join(tmpdir(), 'data-dir-lock-')), 'data')
})
afterEach(() => rmSync(join(dataDir, '..'), { recursive: true, force: true }))

const holderOfFile = () =>
  JSON.parse(readFileSync(lockFileOf(dataDir), 'utf8')) as { pid: number; nonce: string }

/** The pid of a process that has run and ended. */
async function pidOfEndedProcess(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''])
  await new Promise((resolve) => child.once('exit', resolve))
  return child.pid as number
}

describe('the lock on a data folder', () => {
  it('refuses a second holder while the first has it, naming it and what to do, then lets it in', () => {
    const server = lockDataDir(dataDir, serverHolder)
    expect(() => lockDataDir(dataDir, commandHolder('`npm run migrate`'))).toThrow(DataDirInUseError)
    expect(() => lockDataDir(dataDir, commandHolder('`npm run migrate`'))).toThrow(
      `The server (pid ${process.pid}) is using the embedded database in ${dataDir}, and only one process at a time can open it. Stop the server (Ctrl+C in its terminal), run this command again, then start the server: it will see the change.`,
    )
    expect(() => lockDataDir(dataDir, serverHolder)).toThrow(/It is already running: stop it/)
    server.release()
    expect(existsSync(lockFileOf(dataDir))).toBe(false)
    lockDataDir(dataDir, commandHolder('`npm run migrate`')).release()
  })

  it('takes over a lock whose process has ended, or that is not a lock at all', async () => {
    lockDataDir(dataDir, serverHolder).release()
    const ended = await pidOfEndedProcess()
    writeFileSync(
      lockFileOf(dataDir),
      JSON.stringify({ pid: ended, name: 'the server', isServer: true, nonce: 'x' }),
    )
    const lock = lockDataDir(dataDir, serverHolder)
    expect(holderOfFile().pid).toBe(process.pid)
    lock.release()

    writeFileSync(lockFileOf(dataDir), 'half a line')
    lockDataDir(dataDir, serverHolder).release()
  })

  it.skipIf(process.platform !== 'linux')(
    'takes over a lock naming a running pid that belongs to a later process (after a restart)',
    () => {
      lockDataDir(dataDir, serverHolder).release()
      writeFileSync(
        lockFileOf(dataDir),
        JSON.stringify({
          pid: process.pid,
          name: 'the server',
          isServer: true,
          identity: 'another-boot/1',
          nonce: 'x',
        }),
      )
      const lock = lockDataDir(dataDir, commandHolder('`npm run user:role`'))
      expect(holderOfFile().pid).toBe(process.pid)
      lock.release()
    },
  )

  it('releases only its own lock', () => {
    const lock = lockDataDir(dataDir, serverHolder)
    const taken = { ...holderOfFile(), nonce: 'someone-else' }
    writeFileSync(lockFileOf(dataDir), JSON.stringify(taken))
    lock.release()
    expect(holderOfFile().nonce).toBe('someone-else')
  })
})
