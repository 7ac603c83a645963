import { randomUUID } from 'node:crypto'
import { type CaptureResult, PaymentError, type PaymentProvider } from './provider.ts'

/** Enough for a long test session; the oldest test orders are forgotten first so memory stays bounded. */
const maxRememberedOrders = 10_000

interface TestOrder {
  amountUsd: string
  capture: CaptureResult | null
}

/**
 * The "Test payment, no money moves" mode, used whenever PayPal is not configured: orders are
 * created and captured in this process, the way PayPal would answer, so `npm start` and the tests
 * run the whole card checkout without a PayPal account. It keeps its orders in memory: an order
 * created before a restart cannot be captured after it.
 */
export function createTestPaymentProvider(): PaymentProvider {
  const orders = new Map<string, TestOrder>()
  // Like PayPal's PayPal-Request-Id: creating again for the same order id returns the same test order.
  const byOrderId = new Map<string, string>()

  function remember(orderId: string, providerOrderId: string, order: TestOrder) {
    orders.set(providerOrderId, order)
    byOrderId.set(orderId, providerOrderId)
    for (const [oldOrderId, oldProviderId] of byOrderId) {
      if (byOrderId.size <= maxRememberedOrders) break
      byOrderId.delete(oldOrderId)
      orders.delete(oldProviderId)
    }
  }

  // Refunds by their key, like PayPal-Request-Id: refunding again with the same key repeats the first.
  const refunds = new Map<string, { refundId: string; status: string }>()

  return {
    kind: 'test',
    clientId: null,

    async createOrder({ amountUsd, orderId }) {
      if (!/^\d+\.\d{2}$/.test(amountUsd))
        throw new PaymentError('invalid', `"${amountUsd}" is not a USD amount with 2 decimals`)
      const existing = byOrderId.get(orderId)
      if (existing) return { providerOrderId: existing }
      const providerOrderId = `TEST-${randomUUID()}`
      remember(orderId, providerOrderId, { amountUsd, capture: null })
      return { providerOrderId }
    },

    async captureOrder({ providerOrderId }) {
      const order = orders.get(providerOrderId)
      if (!order) throw new PaymentError('invalid', `No test payment ${providerOrderId}`, { status: 404 })
      order.capture ??= {
        status: 'COMPLETED',
        captureId: `TEST-CAPTURE-${randomUUID()}`,
        amount: { currencyCode: 'USD', value: order.amountUsd },
      }
      return structuredClone(order.capture)
    },

    async findCapture(providerOrderId) {
      const capture = orders.get(providerOrderId)?.capture
      return capture ? structuredClone(capture) : null
    },

    async refund({ refundKey, amountUsd }) {
      if (!/^\d+\.\d{2}$/.test(amountUsd))
        throw new PaymentError('invalid', `"${amountUsd}" is not a USD amount with 2 decimals`)
      // Labelled like its payments: a TEST- refund moved no money.
      const refund = refunds.get(refundKey) ?? {
        refundId: `TEST-REFUND-${randomUUID()}`,
        status: 'COMPLETED',
      }
      refunds.set(refundKey, refund)
      if (refunds.size > maxRememberedOrders) refunds.delete(refunds.keys().next().value as string)
      return { ...refund }
    },
  }
}
