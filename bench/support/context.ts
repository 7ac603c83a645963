import type { BenchResult } from './report.ts'

/** How a run was asked for: `npm run bench -- [names…] [--seconds=N] [--profile]`. */
export interface BenchContext {
  /** Seconds per measured load pass (each has a warm-up of a third of it first). */
  seconds: number
  /** Concurrent connections of the load tests. */
  connections: number
  /** Run the server under `node --cpu-prof` and print where its CPU went. */
  profile: boolean
}

export interface Benchmark {
  name: string
  /** One line for `npm run bench -- --help` and docs/performance.md. */
  description: string
  run(context: BenchContext): Promise<BenchResult>
}
