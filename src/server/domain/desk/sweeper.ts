import type { FastifyBaseLogger } from 'fastify'
import { todayInBahrain } from '../../../shared/bahrain-time.ts'
import type { Database } from '../../platform/db/database.ts'
import { sweepNoShows } from '../visits/desk-repository.ts'
import { purgeOldAttempts } from './repository.ts'

/**
 * Visits of days before today (in Bahrain) that were never checked in become no-shows; a mark the
 * desk took back stays taken back. Returns how many it marked.
 */
export async function markPastNoShows(db: Database, now: Date): Promise<number> {
  return sweepNoShows(db, todayInBahrain(now), now)
}

/** Runs the desk's clean-ups every few minutes in the server; safe with several servers (one UPDATE each). */
export class DeskSweeper {
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> | undefined

  constructor(
    private readonly deps: { db: Database; log: FastifyBaseLogger; now: () => Date },
    private readonly intervalMs = 5 * 60_000,
  ) {}

  start() {
    this.timer = setInterval(() => {
      this.running ??= this.runOnce()
        .catch((error: unknown) => this.deps.log.warn({ err: error }, 'desk clean-up failed'))
        .finally(() => {
          this.running = undefined
        })
    }, this.intervalMs)
    this.timer.unref()
  }

  async stop() {
    clearInterval(this.timer)
    await this.running
  }

  async runOnce(): Promise<void> {
    const marked = await markPastNoShows(this.deps.db, this.deps.now())
    if (marked > 0) this.deps.log.info({ marked }, 'past visits with no check-in marked as no-shows')
    await purgeOldAttempts(this.deps.db)
  }
}
