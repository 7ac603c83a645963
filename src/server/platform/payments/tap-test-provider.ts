import { randomUUID } from 'node:crypto'
import { pagePath } from '../../../shared/route-manifest.ts'
import { PaymentError } from './provider.ts'
import type { Charge, CreateChargeInput, TapProvider, TapRefund, TapSource } from './tap.ts'

/** Enough for a long test session; the oldest test charges are forgotten first. */
const maxRememberedCharges = 10_000

export type TestChargeAction = 'pay' | 'decline' | 'cancel'

interface TestCharge extends Charge {
  source: TapSource
  redirectUrl: string
}

/** The test mode's charges, as the test page reads and answers them. */
export interface TapTestGateway {
  /** The charge the test page shows; undefined when unknown (or forgotten after a restart). */
  describe(chargeId: string): (Charge & { source: TapSource }) | undefined
  /**
   * The payer's answer on the test page: the charge becomes CAPTURED, DECLINED or CANCELLED (once:
   * a charge already decided keeps its status), and the page goes back to our result page with
   * `tap_id`, as Tap's would.
   */
  decide(chargeId: string, action: TestChargeAction): string | undefined
}

const decided: Record<TestChargeAction, string> = {
  pay: 'CAPTURED',
  decline: 'DECLINED',
  cancel: 'CANCELLED',
}

/**
 * The "Test payment, no money moves" mode of BENEFIT and cards in BD, used while Tap is not set up
 * (development, tests, or production with PAYMENTS_TEST_MODE). It answers as Tap does, from memory,
 * and sends the visitor through a redirect as Tap would: to this site's own test page (standing in
 * for BENEFIT's, with Pay, Decline and Cancel), which sends them back to the result page. The
 * result is then asked of this provider, as it would be of Tap. No webhooks are sent.
 */
export function createTapTestProvider(): TapProvider & TapTestGateway {
  const charges = new Map<string, TestCharge>()
  const byOrder = new Map<string, string>()
  const refunds = new Map<string, TapRefund>()

  function remember(charge: TestCharge, orderId: string) {
    charges.set(charge.id, charge)
    byOrder.set(orderId, charge.id)
    for (const [oldOrder, oldCharge] of byOrder) {
      if (byOrder.size <= maxRememberedCharges) break
      byOrder.delete(oldOrder)
      charges.delete(oldCharge)
    }
  }

  function copy(charge: TestCharge): Charge {
    const { source: _source, redirectUrl: _redirect, ...rest } = charge
    return { ...rest }
  }

  return {
    kind: 'tap-test',

    async createCharge(input: CreateChargeInput) {
      if (!/^\d+\.\d{3}$/.test(input.amount))
        throw new PaymentError('invalid', `"${input.amount}" is not a BHD amount with 3 decimals`)
      const existing = charges.get(byOrder.get(input.orderId) ?? '')
      if (existing) return copy(existing)
      const id = `chg_TEST_${randomUUID().replaceAll('-', '')}`
      const charge: TestCharge = {
        id,
        status: 'INITIATED',
        amount: input.amount,
        currency: 'BHD',
        orderId: input.orderId,
        transactionUrl: new URL(pagePath('testPayment', { chargeId: id }), input.redirectUrl).toString(),
        paymentMethod: input.source === 'benefit' ? 'BENEFIT' : 'VISA',
        source: input.source,
        redirectUrl: input.redirectUrl,
      }
      remember(charge, input.orderId)
      return copy(charge)
    },

    async retrieveCharge(chargeId) {
      const charge = charges.get(chargeId)
      if (!charge) throw new PaymentError('invalid', `No test charge ${chargeId}`, { status: 404 })
      return copy(charge)
    },

    async refund({ refundKey, amount }) {
      if (!/^\d+\.\d{3}$/.test(amount))
        throw new PaymentError('invalid', `"${amount}" is not a BHD amount with 3 decimals`)
      // Labelled like its payments: a TEST- refund moved no money.
      const refund = refunds.get(refundKey) ?? { refundId: `TEST-REFUND-${randomUUID()}`, status: 'REFUNDED' }
      refunds.set(refundKey, refund)
      if (refunds.size > maxRememberedCharges) refunds.delete(refunds.keys().next().value as string)
      return { ...refund }
    },

    async retrieveRefund(refundId) {
      const refund = [...refunds.values()].find((known) => known.refundId === refundId)
      if (!refund) throw new PaymentError('invalid', `No test refund ${refundId}`, { status: 404 })
      return { ...refund }
    },

    verifyWebhook() {
      // The test mode sends no webhooks: anything posted to the webhook is not from it.
      return false
    },

    describe(chargeId) {
      const charge = charges.get(chargeId)
      return charge ? { ...copy(charge), source: charge.source } : undefined
    },

    decide(chargeId, action) {
      const charge = charges.get(chargeId)
      if (!charge) return undefined
      if (charge.status === 'INITIATED') charge.status = decided[action]
      const back = new URL(charge.redirectUrl)
      back.searchParams.set('tap_id', charge.id)
      return back.toString()
    },
  }
}
