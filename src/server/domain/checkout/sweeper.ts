import type { FastifyBaseLogger } from 'fastify'
import { sql } from 'kysely'
import type { Database } from '../../platform/db/database.ts'
import { type CaptureResult, PaymentError, type PaymentProvider } from '../../platform/payments/provider.ts'
import { retryDueRefunds } from '../refunds/refunds.ts'
import { endOrder, settleCapture } from './card-payment.ts'
import { idempotencyKeyHours } from './idempotency.ts'
import { expiredUnpaidOrders, type OrderRow } from './order-repository.ts'

/**
 * A hold is released this long after it runs out, not at once: a capture that started just before
 * the end (and may wait on PayPal for its whole timeout) always finishes before its places go back.
 */
export const releaseGraceMs = 2 * 60_000

export interface SweeperDeps {
  db: Database
  payments: PaymentProvider
  log: FastifyBaseLogger
  /** The clock checkout uses (AppDeps.now). */
  now: () => Date
}

/** While PayPal cannot be asked, an expired order keeps its places this long before it is ended. */
export const unreachableProviderMs = 60 * 60_000

/**
 * Ends the unpaid card orders whose hold ran out and gives their places back. An order whose
 * payment was started is first checked with PayPal: if a capture whose answer we never received
 * went through, the order is booked as paid instead, as the visitor's money has moved. Returns how
 * many orders it ended and how many it found paid.
 */
export async function releaseExpiredHolds(
  deps: Omit<SweeperDeps, 'now'>,
  now: Date,
): Promise<{ ended: number; paid: number }> {
  const due = await expiredUnpaidOrders(deps.db, new Date(now.getTime() - releaseGraceMs))
  const result = { ended: 0, paid: 0 }
  for (const order of due) {
    const id = order.id
    try {
      // Settling and ending both change only an order still awaiting payment, so one that another
      // server settled meanwhile is left as it is.
      const capture = await paymentOf(deps, order, now)
      if (capture === 'unknown') continue
      if (capture?.status === 'COMPLETED') {
        await settleCapture({ ...deps, now: () => now }, order, capture)
        deps.log.info({ orderId: id, captureId: capture.captureId }, 'late capture found: booked as paid')
        result.paid++
      } else if (await endOrder(deps.db, id, 'expired', 'The payment was not completed in time.'))
        result.ended++
    } catch (error) {
      // One order failing (e.g. an amount mismatch, already logged) must not hold up the others.
      deps.log.warn({ err: error, orderId: id }, 'could not settle an expired hold')
    }
  }
  return result
}

/** The order's capture at PayPal, null if there is none, or 'unknown' while PayPal cannot say. */
async function paymentOf(
  deps: Omit<SweeperDeps, 'now'>,
  order: OrderRow,
  now: Date,
): Promise<CaptureResult | null | 'unknown'> {
  // Orders from another provider (the test mode before PayPal was configured) cannot be asked.
  if (!order.provider_order_id || order.payment_provider !== deps.payments.kind) return null
  try {
    return await deps.payments.findCapture(order.provider_order_id)
  } catch (error) {
    // 'invalid': PayPal does not know the order (never approved and since deleted): nothing was paid.
    if (error instanceof PaymentError && error.kind === 'invalid') return null
    const expiredFor = now.getTime() - new Date(order.hold_expires_at ?? now).getTime()
    if (expiredFor < unreachableProviderMs) {
      deps.log.warn({ err: error, orderId: order.id }, 'PayPal could not be asked about an expired hold')
      return 'unknown'
    }
    deps.log.error(
      { err: error, orderId: order.id, providerOrderId: order.provider_order_id },
      'PayPal could not be asked for an hour: the order is ended; check this payment by hand',
    )
    return null
  }
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
    private readonly deps: SweeperDeps,
    private readonly intervalMs = 60_000,
  ) {}

  start() {
    this.timer = setInterval(() => {
      this.running ??= this.runOnce()
        .catch((error: unknown) => this.deps.log.warn({ err: error }, 'checkout clean-up failed'))
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
    await releaseExpiredHolds(this.deps, this.deps.now())
    // Card refunds of cancelled visits that failed or timed out: retried with backoff until done.
    await retryDueRefunds(this.deps)
    await purgeOldRecords(this.deps.db)
  }
}
