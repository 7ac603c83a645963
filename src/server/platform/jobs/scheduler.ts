import type { DatabaseHandle } from '../db/database.ts'
import { type PeriodicJob, runJobOnce } from './periodic-job.ts'

export interface JobSchedulerDeps {
  database: DatabaseHandle
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void }
  now: () => Date
}

/**
 * Ticks every job on its interval in this server. Every server runs one; runJobOnce makes sure a
 * job's work is done by one of them at a time and about once per interval across them all.
 */
export class JobScheduler {
  private readonly timers = new Set<NodeJS.Timeout>()
  private readonly running = new Map<string, Promise<void>>()
  private stopped = true

  constructor(
    private readonly deps: JobSchedulerDeps,
    private readonly jobs: readonly PeriodicJob[],
  ) {
    const names = new Set(jobs.map((job) => job.name))
    if (names.size !== jobs.length) throw new Error('two periodic jobs share a name')
  }

  start() {
    this.stopped = false
    for (const job of this.jobs) {
      const schedule = (delayMs: number) => {
        if (this.stopped) return
        const timer = setTimeout(() => {
          this.timers.delete(timer)
          void this.tick(job).finally(() => schedule(job.intervalMs))
        }, delayMs)
        timer.unref()
        this.timers.add(timer)
      }
      schedule(job.runAtStart ? 0 : job.intervalMs)
    }
  }

  /** Stops ticking and waits for the ticks under way, so no job is cut off by the pool closing. */
  async stop() {
    this.stopped = true
    for (const timer of this.timers) clearTimeout(timer)
    this.timers.clear()
    await Promise.allSettled(this.running.values())
  }

  private tick(job: PeriodicJob): Promise<void> {
    const existing = this.running.get(job.name)
    if (existing) return existing
    const started = Date.now()
    const tick = runJobOnce(this.deps.database, job, this.deps.now())
      .then((outcome) => {
        if (outcome === 'ran') this.deps.log.info({ job: job.name, ms: Date.now() - started }, 'job ran')
      })
      .catch((error: unknown) => this.deps.log.warn({ err: error, job: job.name }, 'job failed'))
      .finally(() => this.running.delete(job.name))
    this.running.set(job.name, tick)
    return tick
  }
}
