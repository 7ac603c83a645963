import { randomUUID } from 'node:crypto'
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * The embedded database (PGlite) in DATA_DIR can be opened by one process at a time: a second one
 * (`npm run user:role` while `npm start` runs) would write changes the first never sees, and both
 * would write the same files. So each process that opens the folder first takes this lock, a file
 * naming it, and a second one is refused in plain words, saying what to do.
 */
export interface DataDirHolder {
  /** How the person knows it: "the server", "`npm run user:role`". */
  name: string
  /** The server runs until stopped; a command ends by itself. The advice differs. */
  isServer: boolean
}

export const serverHolder: DataDirHolder = { name: 'the server', isServer: true }
export const commandHolder = (name: string): DataDirHolder => ({ name, isServer: false })

/** The lock's file, inside DATA_DIR. */
export const lockFileOf = (dataDir: string) => join(dataDir, 'in-use.lock')

interface LockRecord {
  pid: number
  name: string
  isServer: boolean
  /** Tells this process apart from a later one that got the same pid (after a restart). */
  identity?: string
  nonce: string
}

export class DataDirInUseError extends Error {
  readonly holder: LockRecord

  constructor(dataDir: string, holder: LockRecord, wanted: DataDirHolder) {
    super(
      `${capitalised(holder.name)} (pid ${holder.pid}) is using the embedded database in ${dataDir}, ` +
        `and only one process at a time can open it. ${adviceFor(holder, wanted)} ` +
        `(If no such process is running, delete ${lockFileOf(dataDir)}.)`,
    )
    this.name = 'DataDirInUseError'
    this.holder = holder
  }
}

function adviceFor(holder: LockRecord, wanted: DataDirHolder): string {
  if (holder.isServer && wanted.isServer)
    return 'It is already running: stop it (Ctrl+C in its terminal) first.'
  if (holder.isServer)
    return 'Stop the server (Ctrl+C in its terminal), run this command again, then start the server: it will see the change.'
  return `Wait until it has finished, then ${wanted.isServer ? 'start the server' : 'run this command again'}.`
}

export interface DataDirLock {
  release(): void
}

/**
 * Takes DATA_DIR's lock for `holder`, or throws DataDirInUseError naming the process that has it.
 * A lock left by a process that no longer runs (killed with SIGKILL, a crash, a reboot) is taken
 * over. The file appears whole or not at all (written aside, then linked in place).
 */
export function lockDataDir(dataDir: string, holder: DataDirHolder): DataDirLock {
  const file = lockFileOf(dataDir)
  const record: LockRecord = {
    pid: process.pid,
    name: holder.name,
    isServer: holder.isServer,
    identity: processIdentity(process.pid),
    nonce: randomUUID(),
  }
  mkdirSync(dataDir, { recursive: true })
  const draft = `${file}.${process.pid}.${record.nonce}`
  writeFileSync(draft, `${JSON.stringify(record)}\n`)
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      if (linked(draft, file)) return { release: () => releaseLock(file, record.nonce) }
      const held = readRecord(file)
      if (held && isRunning(held)) throw new DataDirInUseError(dataDir, held, holder)
      // Stale. Moved aside first, then checked again: another process may have taken it meanwhile.
      const aside = `${file}.stale.${record.nonce}`
      if (!moved(file, aside)) continue
      const taken = readRecord(aside)
      if (taken && isRunning(taken)) {
        linked(aside, file)
        unlinkSync(aside)
        throw new DataDirInUseError(dataDir, taken, holder)
      }
      unlinkSync(aside)
    }
    throw new Error(`Could not take the lock ${file}: other processes keep changing it`)
  } finally {
    unlinkSync(draft)
  }
}

function releaseLock(file: string, nonce: string) {
  if (readRecord(file)?.nonce !== nonce) return
  try {
    unlinkSync(file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
}

/** `to` made as a copy of `from`, unless `to` exists already (then false). */
function linked(from: string, to: string): boolean {
  try {
    linkSync(from, to)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    // A file system without hard links (some mounted volumes): created exclusively instead, which
    // a reader may see empty for a moment (then taken as stale, at worst by a second starter).
    try {
      writeFileSync(to, readFileSync(from), { flag: 'wx' })
      return true
    } catch (fallbackError) {
      if ((fallbackError as NodeJS.ErrnoException).code === 'EEXIST') return false
      throw fallbackError
    }
  }
}

function moved(from: string, to: string): boolean {
  try {
    renameSync(from, to)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false
    throw error
  }
}

/** The lock's record; undefined when the file is gone or not one of ours (then it is stale). */
function readRecord(file: string): LockRecord | undefined {
  try {
    const record = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockRecord>
    if (!Number.isInteger(record.pid) || typeof record.nonce !== 'string') return undefined
    return {
      pid: record.pid as number,
      name: typeof record.name === 'string' ? record.name : 'another process',
      isServer: record.isServer === true,
      identity: typeof record.identity === 'string' ? record.identity : undefined,
      nonce: record.nonce,
    }
  } catch {
    return undefined
  }
}

/** Whether the process that wrote `record` still runs (not a later process given the same pid). */
function isRunning(record: LockRecord): boolean {
  try {
    process.kill(record.pid, 0)
  } catch (error) {
    // EPERM: it runs, as another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false
  }
  const now = processIdentity(record.pid)
  if (now === 'exited') return false
  return !record.identity || !now || now === record.identity
}

/**
 * On Linux, the boot and the start time of process `pid` (a pid is reused, this pair is not), or
 * 'exited' for a process that has ended but was not yet collected by its parent (a zombie).
 * Undefined where /proc does not tell.
 */
function processIdentity(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Fields after the command name, which is in parentheses and may itself hold spaces: the
    // state is field 3, the start time field 22.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    if (fields[0] === 'Z' || fields[0] === 'X') return 'exited'
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()
    return `${boot}/${fields[19]}`
  } catch {
    return undefined
  }
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)
