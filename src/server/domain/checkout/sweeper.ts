import type { FastifyBaseLogger } from 'fastify'
import { sql } from 'kysely'
import { paysThrough } from '../../../shared/payment-methods.ts'
import type { Database } from '../../platform/db/database.ts'
import type { PeriodicJob } from '../../platform/jobs/periodic-job.ts'
import { type CaptureResult, PaymentError, type PaymentProvider } from '../../platform/payments/provider.ts'
import type { Charge, TapProvider } from '../../platform/payments/tap.ts'
import { endOrder, settleCapture } from './card-payment.ts'
import { idempotencyKeyHours } from './idempotency.ts'
import { isLateCapture, settleLateCapture } from './late-payment.ts'
import { expiredUnpaidOrders, loadOrder, type OrderRow } from './order-repository.ts'
import { chargeAsCapture } from './tap-payment.ts'

/**
 * A hold is released this long after it runs out, not at once: a capture that started just before
 * the end (and may wait on PayPal for its whole timeout) always finishes before its places go back.
 */
export const releaseGraceMs = 2 * 60_000

export interface SweeperDeps {
  db: Database
  payments: PaymentProvider
  /** BENEFIT and cards in BD: Tap sends no webhook for an abandoned charge, so it is asked here. */
  tap?: TapProvider
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
      const found = await paymentOf(deps, order, now)
      if (found === 'unknown') continue
      const capture = found?.capture
      if (capture?.status === 'COMPLETED') {
        const settled = await settleCapture({ ...deps, now: () => now }, order, capture).catch(
          (error: unknown) => {
            // Tap took money that is not this order's as it stands (another amount, or the order
            // ended meanwhile): recorded and refunded as a late payment, as the webhook would.
            if (found?.charge && isLateCapture(error)) return undefined
            throw error
          },
        )
        if (settled) {
          deps.log.info({ orderId: id, captureId: capture.captureId }, 'late capture found: booked as paid')
          result.paid++
        } else if (found?.charge && deps.tap) {
          const current = (await loadOrder(deps.db, id)) ?? order
          const late = await settleLateCapture(
            { ...deps, tap: deps.tap, now: () => now },
            current,
            found.charge,
          )
          if (late.status === 'confirmed') result.paid++
          else result.ended++
        }
      } else if (await endOrder(deps.db, id, 'expired', 'The payment was not completed in time.', now))
        result.ended++
    } catch (error) {
      // One order failing (e.g. an amount mismatch, already logged) must not hold up the others.
      deps.log.warn({ err: error, orderId: id }, 'could not settle an expired hold')
    }
  }
  return result
}

/**
 * The order's capture (with Tap's charge, for a Tap order), null if there is none, or 'unknown'
 * while the provider cannot say.
 */
async function paymentOf(
  deps: Omit<SweeperDeps, 'now'>,
  order: OrderRow,
  now: Date,
): Promise<{ capture: CaptureResult; charge?: Charge } | null | 'unknown'> {
  // Orders from another provider (the test mode before PayPal was configured) cannot be asked.
  const gateway = paysThrough(order.payment_method, 'tap') ? deps.tap : deps.payments
  if (!order.provider_order_id || !gateway || order.payment_provider !== gateway.kind) return null
  const chargeId = order.provider_order_id
  try {
    if (paysThrough(order.payment_method, 'tap') && deps.tap) {
      // Tap's CAPTURED is booked as paid; anything else (ABANDONED, still INITIATED past its page's
      // life, DECLINED) ends the order, its places going back.
      const charge = await deps.tap.retrieveCharge(chargeId)
      return charge.status === 'CAPTURED' ? { capture: chargeAsCapture(charge), charge } : null
    }
    const capture = await deps.payments.findCapture(chargeId)
    return capture ? { capture } : null
  } catch (error) {
    // 'invalid': PayPal does not know the order (never approved and since deleted): nothing was paid.
    if (error instanceof PaymentError && error.kind === 'invalid') return null
    const expiredFor = now.getTime() - new Date(order.hold_expires_at ?? now).getTime()
    if (expiredFor < unreachableProviderMs) {
      deps.log.warn(
        { err: error, orderId: order.id },
        'the payment provider could not be asked about an expired hold',
      )
      return 'unknown'
    }
    deps.log.error(
      { err: error, orderId: order.id, providerOrderId: order.provider_order_id },
      'the payment provider could not be asked for an hour: the order is ended; check this payment by hand',
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

/**
 * Checkout's periodic jobs (platform/jobs runs each on one server at a time): ending unpaid card
 * orders whose hold ran out, and forgetting old keys and codes. Refund retries are the refunds'
 * own job (refunds/jobs.ts).
 */
export function checkoutJobs(deps: Omit<SweeperDeps, 'now'>): PeriodicJob[] {
  return [
    {
      name: 'release-expired-holds',
      intervalMs: 60_000,
      run: async (now) => {
        const { ended, paid } = await releaseExpiredHolds(deps, now)
        if (ended + paid > 0) deps.log.info({ ended, paid }, 'expired holds settled')
      },
    },
    { name: 'purge-checkout-records', intervalMs: 60 * 60_000, run: () => purgeOldRecords(deps.db) },
  ]
}
