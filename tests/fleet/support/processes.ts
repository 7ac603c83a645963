import { type ChildProcess, spawn } from 'node:child_process'
import { connect } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'

/** Thrown by a check that knows waiting longer is pointless (the process it waits for has ended). */
export class GiveUp extends Error {}

/**
 * Waits until `check` holds, asking every `everyMs`; fails naming `what` after `timeoutMs`. A check
 * that throws counts as not yet, unless it throws GiveUp.
 */
export async function waitUntil(
  what: string,
  check: () => boolean | Promise<boolean>,
  { timeoutMs = 30_000, everyMs = 100 } = {},
): Promise<number> {
  const started = Date.now()
  while (Date.now() - started < timeoutMs) {
    const held = await Promise.resolve()
      .then(check)
      .catch((error) => {
        if (error instanceof GiveUp) throw error
        return false
      })
    if (held) return Date.now() - started
    await sleep(everyMs)
  }
  throw new Error(`Waited ${timeoutMs} ms for ${what}`)
}

/**
 * A child process of the test, its output kept (the last 200 kB) for the failure message. `exited`
 * resolves with its exit code, or the signal that ended it.
 */
export class Child {
  output = ''
  readonly process: ChildProcess
  readonly exited: Promise<number | string>

  constructor(
    readonly name: string,
    command: string,
    args: string[],
    env: NodeJS.ProcessEnv = process.env,
  ) {
    this.process = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] })
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-200_000)
    }
    this.process.stdout?.on('data', keep)
    this.process.stderr?.on('data', keep)
    this.exited = new Promise((resolve) =>
      this.process.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
    )
  }

  get running(): boolean {
    return this.process.exitCode === null && this.process.signalCode === null
  }

  kill(signal: NodeJS.Signals): void {
    if (this.running) this.process.kill(signal)
  }

  /** SIGKILL unless it has ended by itself within `graceMs` of a SIGTERM. */
  async stop(graceMs = 12_000): Promise<void> {
    if (!this.running) return
    this.kill('SIGTERM')
    const ended = await Promise.race([this.exited.then(() => true), sleep(graceMs).then(() => false)])
    if (!ended) {
      this.kill('SIGKILL')
      await this.exited
    }
  }

  /** The end of its output, for an error message. */
  tail(lines = 30): string {
    return this.output.split('\n').slice(-lines).join('\n')
  }
}

/** One command to a HAProxy runtime API socket, and its whole answer. */
export function haproxyCommand(socketPath: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(socketPath)
    let answer = ''
    socket.setTimeout(2000, () => socket.destroy(new Error(`HAProxy did not answer ${command}`)))
    socket.on('connect', () => socket.write(`${command}\n`))
    socket.on('data', (chunk) => {
      answer += chunk
    })
    socket.on('end', () => resolve(answer))
    socket.on('error', reject)
  })
}

/** Each server's status as HAProxy sees it (`UP`, `DOWN`, `UP 1/2`, `DRAIN`…), by server name. */
export async function serverStates(socketPath: string, backend = 'daypass'): Promise<Record<string, string>> {
  const csv = await haproxyCommand(socketPath, 'show stat')
  const [header = '', ...rows] = csv.trim().split('\n')
  const columns = header.replace(/^# /, '').split(',')
  const at = (name: string) => columns.indexOf(name)
  const states: Record<string, string> = {}
  for (const row of rows) {
    const cells = row.split(',')
    const server = cells[at('svname')] ?? ''
    if (cells[at('pxname')] === backend && server !== 'BACKEND') states[server] = cells[at('status')] ?? ''
  }
  return states
}

/** A TCP port nothing listens on now, on 127.0.0.1 (from the browser tests' support). */
export { freePort } from '../../e2e/support/server-process.ts'
