import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../platform/db/database.ts'
import { PaymentError, type PaymentProvider } from '../../platform/payments/provider.ts'
import { usdCentsToString } from '../../platform/payments/usd.ts'
import { claimRefund, dueRefundIds, markRefunded, markRefundFailed } from './repository.ts'

export interface RefundDeps {
  db: Database
  payments: PaymentProvider
  log: FastifyBaseLogger
  now: () => Date
}

/** How long one attempt owns a refund: longer than PayPal's timeout, so two never overlap. */
export const refundLeaseMs = 2 * 60_000
/** A pending refund older than this is listed for the team. */
export const stuckAfterMs = 24 * 60 * 60_000

/** The wait before the next attempt: 1, 2, 4 … minutes, at most 6 hours. */
export function refundBackoffMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(attempts - 1, 0), 6 * 60 * 60_000)
}

/**
 * The key PayPal sees as PayPal-Request-Id: one per refund row, the same on every attempt, so an
 * attempt whose answer was lost (a timeout after PayPal acted) is answered, when retried, with
 * the refund already made instead of a second one.
 */
export function refundKey(refund: {
  order_id: string
  booking_id: number
  change_number?: number | null
}): string {
  const key = `refund-${refund.order_id}-${refund.booking_id}`
  // A move's difference is a refund of its own beside the cancellation's (migration 025).
  return refund.change_number ? `${key}-change-${refund.change_number}` : key
}

/**
 * One attempt at a pending refund that is due: asks the provider, then records the result. A
 * failure leaves the refund pending with the next attempt after a backoff; a refusal (PayPal's
 * 422, e.g. the capture was already refunded, not by this refund) is left to a person.
 * Returns the refund's state after the attempt, or 'skipped' if it was not due or not pending.
 */
export async function attemptRefund(
  deps: RefundDeps,
  refundId: number,
): Promise<'refunded' | 'pending' | 'skipped'> {
  const now = deps.now()
  const refund = await claimRefund(deps.db, refundId, now, refundLeaseMs)
  if (!refund) return 'skipped'
  const context = { refundId, orderId: refund.order_id, bookingId: refund.booking_id }
  if (!refund.provider_capture_id || refund.payment_provider !== deps.payments.kind) {
    const error = `Paid through ${refund.payment_provider ?? 'an unknown provider'} (capture ${refund.provider_capture_id ?? 'unknown'}), which this server does not use now: refund it by hand`
    deps.log.error(context, error)
    await markRefundFailed(deps.db, refundId, { error, retryAt: null })
    return 'pending'
  }
  try {
    const result = await deps.payments.refund({
      captureId: refund.provider_capture_id,
      amountUsd: usdCentsToString(refund.amount_usd_cents),
      refundKey: refundKey(refund),
    })
    if (result.status === 'COMPLETED') {
      await markRefunded(deps.db, refundId, result.refundId, deps.now())
      deps.log.info({ ...context, providerRefundId: result.refundId }, 'refund completed')
      return 'refunded'
    }
    // PayPal took it but has not finished (e.g. PENDING): asked again later, the same key answers.
    await markRefundFailed(deps.db, refundId, {
      error: `PayPal's refund ${result.refundId} is ${result.status}`,
      retryAt: new Date(now.getTime() + refundBackoffMs(refund.attempts)),
      providerRefundId: result.refundId,
    })
    return 'pending'
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error
    const refused = error.kind === 'declined' || error.kind === 'invalid'
    deps.log[refused ? 'error' : 'warn']({ ...context, err: error }, 'refund failed')
    await markRefundFailed(deps.db, refundId, {
      error: error.message,
      retryAt: refused ? null : new Date(now.getTime() + refundBackoffMs(refund.attempts)),
    })
    return 'pending'
  }
}

/** Retries every refund that is due; one failing never holds up the others. */
export async function retryDueRefunds(deps: RefundDeps): Promise<{ refunded: number; pending: number }> {
  const result = { refunded: 0, pending: 0 }
  for (const id of await dueRefundIds(deps.db, deps.now())) {
    try {
      const state = await attemptRefund(deps, id)
      if (state === 'refunded') result.refunded++
      else if (state === 'pending') result.pending++
    } catch (error) {
      deps.log.warn({ err: error, refundId: id }, 'could not retry a refund')
    }
  }
  return result
}
