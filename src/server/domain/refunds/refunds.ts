import type { FastifyBaseLogger } from 'fastify'
import { paysThrough } from '../../../shared/payment-methods.ts'
import type { Database } from '../../platform/db/database.ts'
import { PaymentError, type PaymentProvider } from '../../platform/payments/provider.ts'
import { filsToBhd, type TapProvider } from '../../platform/payments/tap.ts'
import { usdCentsToString } from '../../platform/payments/usd.ts'
import { claimRefund, dueRefundIds, markRefunded, markRefundFailed } from './repository.ts'

export interface RefundDeps {
  db: Database
  /** PayPal (or its test mode): refunds of orders paid by card in USD. */
  payments: PaymentProvider
  /** Tap (or its test mode): refunds of orders paid with BENEFIT or a card in BD. */
  tap?: TapProvider
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
  // The money goes back through the gateway that took it: the order's provider decides.
  const gatewayKind = paysThrough(refund.payment_method, 'tap') ? deps.tap?.kind : deps.payments.kind
  if (!refund.provider_capture_id || refund.payment_provider !== gatewayKind) {
    const error = `Paid through ${refund.payment_provider ?? 'an unknown provider'} (capture ${refund.provider_capture_id ?? 'unknown'}), which this server does not use now: refund it by hand`
    deps.log.error(context, error)
    await markRefundFailed(deps.db, refundId, { error, retryAt: null })
    return 'pending'
  }
  if (paysThrough(refund.payment_method, 'tap') && deps.tap)
    return attemptTapRefund(
      deps,
      deps.tap,
      { ...refund, provider_capture_id: refund.provider_capture_id },
      now,
    )
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

type ClaimedRefund = NonNullable<Awaited<ReturnType<typeof claimRefund>>> & { provider_capture_id: string }

/**
 * One attempt at a refund of a Tap charge (POST /v2/refunds in BHD; the charge id is the order's
 * capture id). REFUNDED settles it. PENDING means Tap holds it until the merchant's Tap balance
 * covers it: the same refund is then asked again (GET /v2/refunds/{id}) after a backoff, never made
 * twice, and it shows on the team's stuck refunds page after a day. DECLINED or FAILED, and Tap
 * refusing the request, are left to a person.
 */
async function attemptTapRefund(
  deps: RefundDeps,
  tap: TapProvider,
  refund: ClaimedRefund,
  now: Date,
): Promise<'refunded' | 'pending'> {
  const context = { refundId: refund.id, orderId: refund.order_id, bookingId: refund.booking_id }
  const retryAt = new Date(now.getTime() + refundBackoffMs(refund.attempts))
  try {
    const result =
      refund.provider_refund_id && refund.provider_status === 'PENDING'
        ? await tap.retrieveRefund(refund.provider_refund_id)
        : await tap.refund({
            chargeId: refund.provider_capture_id,
            amount: filsToBhd(refund.amount_fils),
            refundKey: refundKey(refund),
            reason: refund.change_number ? 'Booking moved to a cheaper day' : 'Booking cancelled',
          })
    if (result.status === 'REFUNDED') {
      await markRefunded(deps.db, refund.id, result.refundId, deps.now(), result.status)
      deps.log.info({ ...context, providerRefundId: result.refundId }, 'refund completed')
      return 'refunded'
    }
    const waiting = result.status === 'PENDING' || result.status === 'IN_PROGRESS'
    if (!waiting) deps.log.error({ ...context, status: result.status }, 'Tap refused the refund')
    await markRefundFailed(deps.db, refund.id, {
      error: `Tap's refund ${result.refundId} is ${result.status}`,
      retryAt: waiting ? retryAt : null,
      providerRefundId: result.refundId,
      providerStatus: result.status,
    })
    return 'pending'
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error
    const refused = error.kind === 'declined' || error.kind === 'invalid'
    deps.log[refused ? 'error' : 'warn']({ ...context, err: error }, 'refund failed')
    await markRefundFailed(deps.db, refund.id, { error: error.message, retryAt: refused ? null : retryAt })
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
