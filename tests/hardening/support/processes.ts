import { type ChildProcess, spawn } from 'node:child_process'

/** A process started from source, its output collected, with a way to wait for a line of it. */
export interface Started {
  child: ChildProcess
  /** Resolves with the exit code. */
  exited: Promise<number | null>
  output(): string
  /** Resolves with the match once `pattern` appears in the output; rejects if the process ends first. */
  waitFor(pattern: RegExp): Promise<RegExpMatchArray>
}

const children: ChildProcess[] = []

/** Kills (SIGKILL) whatever the tests left running: for an afterAll. */
export function killLeftovers() {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
}

/**
 * `node --import tsx <script> ...args` with only `settings` (and PATH, HOME): no inherited ones, so
 * a developer's DATABASE_URL or DATA_DIR is never touched.
 */
export function runFromSource(script: string, args: string[], settings: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...settings },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let output = ''
  const collect = (chunk: Buffer) => {
    output += chunk
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  const waitFor = (pattern: RegExp) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        const match = output.match(pattern)
        if (match) resolve(match)
        return Boolean(match)
      }
      if (check()) return
      child.stdout?.on('data', check)
      child.stderr?.on('data', check)
      void exited.then(() => check() || reject(new Error(`${script} exited:\n${output}`)))
    })
  return { child, exited, output: () => output, waitFor }
}

/** The real server entry, src/server/main.ts. */
export const startServer = (settings: Record<string, string>) =>
  runFromSource('src/server/main.ts', [], settings)

/**
 * The server's start-up line: the socket it listens on (http://127.0.0.1:<port>), and the address it
 * says to open, PUBLIC_URL (undefined when the line names none).
 */
export async function startupLine(
  server: Started,
): Promise<{ line: string; listening?: string; open?: string }> {
  const [line = ''] = await server.waitFor(/Server listening [^"\n]+/)
  const socket = /listening on ([^\s;]+)/.exec(line)?.[1]
  return { line, listening: socket && `http://${socket}`, open: /; open (\S+)/.exec(line)?.[1] }
}
