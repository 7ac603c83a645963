import { PaymentError, type PaymentProvider } from './provider.ts'
import { chargeFailed, type TapProvider } from './tap.ts'

export type PaymentOperation = 'create' | 'capture' | 'find_capture' | 'refund'
/**
 * How a call to the provider ended: `ok` (the money moved, or the question was answered),
 * `pending` (the provider has it but has not finished), `declined` (refused: a card, or a refund
 * of a capture already given back) or `error` (unavailable, timed out, or our request was wrong).
 */
export type PaymentOutcome = 'ok' | 'pending' | 'declined' | 'error'

export type RecordPaymentOutcome = (
  provider: PaymentProvider['kind'] | TapProvider['kind'],
  operation: PaymentOperation,
  outcome: PaymentOutcome,
) => void

/** A capture's or a refund's status, as the provider states it. */
function statusOutcome(status: string): PaymentOutcome {
  if (status === 'COMPLETED') return 'ok'
  return status === 'PENDING' ? 'pending' : 'declined'
}

function errorOutcome(error: unknown): PaymentOutcome {
  return error instanceof PaymentError && error.kind === 'declined' ? 'declined' : 'error'
}

/**
 * The provider with each call's outcome recorded (for /metrics, docs/decisions/039): counted here,
 * at the one boundary every card payment and refund crosses, whichever feature asks. The calls
 * themselves are unchanged, errors included.
 */
export function countedPayments(provider: PaymentProvider, record: RecordPaymentOutcome): PaymentProvider {
  async function counted<T>(
    operation: PaymentOperation,
    call: () => Promise<T>,
    outcome: (answer: T) => PaymentOutcome,
  ): Promise<T> {
    try {
      const answer = await call()
      record(provider.kind, operation, outcome(answer))
      return answer
    } catch (error) {
      record(provider.kind, operation, errorOutcome(error))
      throw error
    }
  }
  return {
    kind: provider.kind,
    clientId: provider.clientId,
    createOrder: (input) =>
      counted(
        'create',
        () => provider.createOrder(input),
        () => 'ok',
      ),
    captureOrder: (input) =>
      counted(
        'capture',
        () => provider.captureOrder(input),
        (capture) => statusOutcome(capture.status),
      ),
    findCapture: (providerOrderId) =>
      counted(
        'find_capture',
        () => provider.findCapture(providerOrderId),
        (capture) => (capture ? statusOutcome(capture.status) : 'ok'),
      ),
    refund: (input) =>
      counted(
        'refund',
        () => provider.refund(input),
        (refund) => statusOutcome(refund.status),
      ),
  }
}

/** A Tap charge's status as an outcome: CAPTURED moved the money, a final failure is declined. */
function chargeOutcome(status: string): PaymentOutcome {
  if (status === 'CAPTURED') return 'ok'
  return chargeFailed(status) ? 'declined' : 'pending'
}

/** A Tap refund's status: REFUNDED, PENDING (Tap's balance), or refused. */
function tapRefundOutcome(status: string): PaymentOutcome {
  if (status === 'REFUNDED') return 'ok'
  return status === 'PENDING' ? 'pending' : 'declined'
}

/**
 * Tap's calls counted the same way (provider `tap` or `tap-test`): a charge made (create), asked
 * (find_capture), and refunds made or asked again (refund). Anything else the provider offers (the
 * test mode's page) is kept as it is.
 */
export function countedTap<T extends TapProvider>(provider: T, record: RecordPaymentOutcome): T {
  async function counted<A>(
    operation: PaymentOperation,
    call: () => Promise<A>,
    outcome: (answer: A) => PaymentOutcome,
  ): Promise<A> {
    try {
      const answer = await call()
      record(provider.kind, operation, outcome(answer))
      return answer
    } catch (error) {
      record(provider.kind, operation, errorOutcome(error))
      throw error
    }
  }
  return {
    ...provider,
    createCharge: (input) =>
      counted(
        'create',
        () => provider.createCharge(input),
        () => 'ok',
      ),
    retrieveCharge: (chargeId) =>
      counted(
        'find_capture',
        () => provider.retrieveCharge(chargeId),
        (charge) => chargeOutcome(charge.status),
      ),
    refund: (input) =>
      counted(
        'refund',
        () => provider.refund(input),
        (refund) => tapRefundOutcome(refund.status),
      ),
    retrieveRefund: (refundId) =>
      counted(
        'refund',
        () => provider.retrieveRefund(refundId),
        (refund) => tapRefundOutcome(refund.status),
      ),
  }
}
