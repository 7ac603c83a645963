import type { FastifyBaseLogger } from 'fastify'
import type { Selectable } from 'kysely'
import type { Database } from '../../platform/db/database.ts'
import type { LatePaymentsTable } from '../../platform/db/schema.ts'
import { PaymentError } from '../../platform/payments/provider.ts'
import { filsToBhd, type TapProvider, type TapRefund } from '../../platform/payments/tap.ts'
import { refundBackoffMs, refundLeaseMs } from './refunds.ts'

/**
 * A Tap payment that came after its order ended and could not be booked goes back to the payer
 * (docs/payments.md, "A payment after its order ended"); checkout/late-payment.ts decides which.
 */
export interface LatePaymentDeps {
  db: Database
  tap: TapProvider
  log: FastifyBaseLogger
  now: () => Date
}

export type LatePayment = Selectable<LatePaymentsTable>

/** The key Tap's refund carries: the same for every attempt, so the money goes back once. */
export const lateRefundKey = (orderId: string) => `late-${orderId}`

/**
 * One attempt at a late payment's refund, if it is pending and due: the attempt takes a lease
 * first, so of twenty deliveries at once one asks Tap. REFUNDED settles it; PENDING is asked again
 * after a backoff; Tap refusing it, or a payment in another currency, is left to a person.
 */
export async function attemptLateRefund(
  deps: LatePaymentDeps,
  orderId: string,
): Promise<'refunded' | 'pending' | 'skipped'> {
  const now = deps.now()
  const claimed = await deps.db
    .updateTable('late_payments')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      next_attempt_at: new Date(now.getTime() + refundLeaseMs),
    }))
    .where('order_id', '=', orderId)
    .where('outcome', '=', 'refund_pending')
    .where('next_attempt_at', '<=', now)
    .returningAll()
    .executeTakeFirst()
  if (!claimed) return 'skipped'
  const context = { orderId, chargeId: claimed.charge_id }
  if (claimed.currency !== 'BHD') {
    const error = `Captured in ${claimed.currency}: Tap refunds are made in BHD here, refund it by hand`
    deps.log.error(context, error)
    await finishLateRefund(deps.db, orderId, { outcome: 'refund_failed', error })
    return 'pending'
  }
  const retryAt = new Date(now.getTime() + refundBackoffMs(claimed.attempts))
  let result: TapRefund
  try {
    result =
      claimed.provider_refund_id && claimed.provider_status === 'PENDING'
        ? await deps.tap.retrieveRefund(claimed.provider_refund_id)
        : await deps.tap.refund({
            chargeId: claimed.charge_id,
            amount: filsToBhd(claimed.amount_fils),
            refundKey: lateRefundKey(orderId),
            reason: 'Paid after the booking had ended',
          })
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error
    const refused = error.kind === 'declined' || error.kind === 'invalid'
    deps.log[refused ? 'error' : 'warn']({ ...context, err: error }, 'late payment refund failed')
    await finishLateRefund(deps.db, orderId, {
      outcome: refused ? 'refund_failed' : 'refund_pending',
      error: error.message,
      retryAt,
    })
    return 'pending'
  }
  const waiting = result.status === 'PENDING' || result.status === 'IN_PROGRESS'
  const refunded = result.status === 'REFUNDED'
  if (refunded) deps.log.info({ ...context, providerRefundId: result.refundId }, 'late payment refunded')
  else if (!waiting) deps.log.error({ ...context, status: result.status }, 'Tap refused a late refund')
  await finishLateRefund(deps.db, orderId, {
    outcome: refunded ? 'refunded' : waiting ? 'refund_pending' : 'refund_failed',
    error: refunded ? null : `Tap's refund ${result.refundId} is ${result.status}`,
    retryAt,
    refund: result,
    resolvedAt: refunded ? deps.now() : null,
  })
  return refunded ? 'refunded' : 'pending'
}

async function finishLateRefund(
  db: Database,
  orderId: string,
  end: {
    outcome: LatePayment['outcome']
    error: string | null
    retryAt?: Date
    refund?: TapRefund
    resolvedAt?: Date | null
  },
) {
  await db
    .updateTable('late_payments')
    .set({
      outcome: end.outcome,
      last_error: end.error?.slice(0, 1000) ?? null,
      // Only a pending refund is tried again by itself; a failed one waits for a person.
      next_attempt_at: end.outcome === 'refund_pending' ? (end.retryAt ?? null) : null,
      resolved_at: end.resolvedAt ?? null,
      ...(end.refund ? { provider_refund_id: end.refund.refundId, provider_status: end.refund.status } : {}),
    })
    .where('order_id', '=', orderId)
    .where('outcome', '=', 'refund_pending')
    .execute()
}

/** Retries every late payment refund that is due (the retry-refunds job); one failing holds up none. */
export async function retryLateRefunds(
  deps: LatePaymentDeps,
): Promise<{ refunded: number; pending: number }> {
  const due = await deps.db
    .selectFrom('late_payments')
    .select('order_id')
    .where('outcome', '=', 'refund_pending')
    .where('next_attempt_at', '<=', deps.now())
    .orderBy('next_attempt_at')
    .limit(50)
    .execute()
  const result = { refunded: 0, pending: 0 }
  for (const { order_id: orderId } of due) {
    try {
      const state = await attemptLateRefund(deps, orderId)
      if (state === 'refunded') result.refunded++
      else if (state === 'pending') result.pending++
    } catch (error) {
      deps.log.warn({ err: error, orderId }, 'could not retry a late payment refund')
    }
  }
  return result
}
