import { sql } from 'kysely'
import type { Database } from '../../db/database.ts'
import { endOrder } from './card-payment.ts'
import { idempotencyKeyHours } from './idempotency.ts'

/**
 * A hold is released this long after it runs out, not at once: a capture that started just before
 * the end (and may wait on PayPal for its whole timeout) always finishes before its places go back.
 */
export const releaseGraceMs = 2 * 60_000

/** Gives back the places of unpaid card orders whose hold ran out; returns how many it ended. */
export async function releaseExpiredHolds(db: Database, now: Date = new Date()): Promise<number> {
  const due = await db
    .selectFrom('orders')
    .select('id')
    .where('status', '=', 'awaiting_payment')
    .where('hold_expires_at', '<', new Date(now.getTime() - releaseGraceMs))
    .limit(100)
    .execute()
  let ended = 0
  for (const { id } of due)
    if (await endOrder(db, id, 'expired', 'The payment was not completed in time.')) ended++
  return ended
}

/** Forgets idempotency keys past their retention and one-time codes long dead. */
export async function purgeOldRecords(db: Database): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', sql<Date>`now() - make_interval(hours => ${idempotencyKeyHours})`)
    .execute()
  await db
    .deleteFrom('guest_email_codes')
    .where('created_at', '<', sql<Date>`now() - interval '1 day'`)
    .execute()
}

/** Runs the clean-ups every minute in the server; safe with several servers (each step is atomic). */
export class CheckoutSweeper {
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> | undefined

  constructor(
    private readonly db: Database,
    private readonly log: { warn(obj: object, msg: string): void },
    private readonly intervalMs = 60_000,
  ) {}

  start() {
    this.timer = setInterval(() => {
      this.running ??= this.runOnce()
        .catch((error: unknown) => this.log.warn({ err: error }, 'checkout clean-up failed'))
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
    await releaseExpiredHolds(this.db)
    await purgeOldRecords(this.db)
  }
}
