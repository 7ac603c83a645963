import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { signedInUser, testOrigin } from '../../../../tests/support/accounts.ts'
import {
  createCheckoutTestApp,
  createPayPalCheckoutApp,
  line,
  placeOrder,
} from '../../../../tests/support/checkout.ts'
import { FakePayPal } from '../../../../tests/support/fake-paypal.ts'
import { sampleValue, scrape } from '../../../../tests/support/metrics.ts'
import type { TestApp } from '../../../../tests/support/test-app.ts'
import { ServerMetrics } from '../metrics/server-metrics.ts'
import { PaymentError, type PaymentProvider } from './provider.ts'

/** A card order for a fresh slot, paid through the app as the browser pays: create, then capture. */
async function payByCard(t: TestApp, cookie: string, hour: number) {
  const time = `${String(hour).padStart(2, '0')}:00`
  const order = await placeOrder(t, { items: [line({ time })], paymentMethod: 'card' }, { cookie })
  expect(order.statusCode).toBe(201)
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: { origin: testOrigin, cookie } })
  const started = await post(`/api/checkout/orders/${order.json().id}/payment`, {})
  expect(started.statusCode).toBe(200)
  return post(`/api/checkout/orders/${order.json().id}/capture`, {
    providerOrderId: started.json().providerOrderId,
  })
}

const operations = (samples: Awaited<ReturnType<typeof scrape>>, labels: Record<string, string>) =>
  sampleValue(samples, 'payment_operations_total', labels) ?? 0

describe('payment outcomes on /metrics, through the real checkout', () => {
  const paypal = new FakePayPal()
  let t: TestApp
  let cookie: string
  beforeAll(async () => {
    await paypal.start()
    ;({ t } = await createPayPalCheckoutApp(paypal))
    cookie = (await signedInUser(t, 'metrics-payer@example.bh')).cookie
  })
  afterAll(async () => {
    await t.close()
    await paypal.stop()
  })
  beforeEach(() => paypal.reset())

  it('counts a PayPal payment’s order and capture as ok', async () => {
    expect((await payByCard(t, cookie, 9)).statusCode).toBe(200)
    const samples = await scrape(t)
    expect(operations(samples, { provider: 'paypal', operation: 'create', outcome: 'ok' })).toBe(1)
    expect(operations(samples, { provider: 'paypal', operation: 'capture', outcome: 'ok' })).toBe(1)
  })

  it('counts a declined card as declined, and PayPal failing as an error', async () => {
    paypal.declineCaptures = 'INSTRUMENT_DECLINED'
    expect((await payByCard(t, cookie, 10)).statusCode).toBe(402)
    paypal.reset()
    const before = await scrape(t)
    paypal.failRequests = Number.POSITIVE_INFINITY
    const order = await placeOrder(t, { items: [line({ time: '11:00' })], paymentMethod: 'card' }, { cookie })
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/checkout/orders/${order.json().id}/payment`,
      payload: {},
      headers: { origin: testOrigin, cookie },
    })
    expect(started.statusCode).toBeGreaterThanOrEqual(500)
    const after = await scrape(t)
    expect(operations(after, { provider: 'paypal', operation: 'capture', outcome: 'declined' })).toBe(1)
    const errors = { provider: 'paypal', operation: 'create', outcome: 'error' }
    expect(operations(after, errors)).toBe(operations(before, errors) + 1)
  })
})

describe('payment outcomes in the test mode', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createCheckoutTestApp()
  })
  afterAll(async () => {
    await t.close()
  })

  it('counts a test-mode payment under its own provider', async () => {
    const { cookie } = await signedInUser(t, 'test-mode-payer@example.bh')
    expect((await payByCard(t, cookie, 9)).statusCode).toBe(200)
    const samples = await scrape(t)
    expect(operations(samples, { provider: 'test', operation: 'create', outcome: 'ok' })).toBe(1)
    expect(operations(samples, { provider: 'test', operation: 'capture', outcome: 'ok' })).toBe(1)
  })
})

describe('countPayments', () => {
  const answering = (refundStatus: string, refuse?: PaymentError): PaymentProvider => ({
    kind: 'paypal',
    clientId: 'id',
    createOrder: async () => ({ providerOrderId: 'P-1' }),
    captureOrder: async () => ({
      status: 'PENDING',
      captureId: 'C',
      amount: { currencyCode: 'USD', value: '1.00' },
    }),
    findCapture: async () => null,
    refund: async () => {
      if (refuse) throw refuse
      return { refundId: 'R', status: refundStatus }
    },
  })
  const counts = async (metrics: ServerMetrics) =>
    (await metrics.text())
      .split('\n')
      .filter((text) => text.startsWith('payment_operations_total{'))
      .sort()

  it('counts refunds by outcome, passes every answer and error through, and counts a provider once', async () => {
    const metrics = new ServerMetrics()
    const completed = metrics.countPayments(answering('COMPLETED'))
    expect(metrics.countPayments(completed)).toBe(completed)
    await completed.refund({ captureId: 'C', amountUsd: '1.00', refundKey: 'k' })
    await metrics
      .countPayments(answering('PENDING'))
      .refund({ captureId: 'C', amountUsd: '1.00', refundKey: 'k' })
    const refused = metrics.countPayments(answering('', new PaymentError('declined', 'already refunded')))
    await expect(refused.refund({ captureId: 'C', amountUsd: '1.00', refundKey: 'k' })).rejects.toThrow(
      'already refunded',
    )
    const down = metrics.countPayments(answering('', new PaymentError('unavailable', 'timed out')))
    await expect(down.refund({ captureId: 'C', amountUsd: '1.00', refundKey: 'k' })).rejects.toThrow(
      'timed out',
    )
    expect(await completed.captureOrder({ providerOrderId: 'P-1', orderId: 'o' })).toMatchObject({
      status: 'PENDING',
    })
    expect(await completed.findCapture('P-1')).toBeNull()
    expect(await counts(metrics)).toEqual([
      'payment_operations_total{provider="paypal",operation="capture",outcome="pending"} 1',
      'payment_operations_total{provider="paypal",operation="find_capture",outcome="ok"} 1',
      'payment_operations_total{provider="paypal",operation="refund",outcome="declined"} 1',
      'payment_operations_total{provider="paypal",operation="refund",outcome="error"} 1',
      'payment_operations_total{provider="paypal",operation="refund",outcome="ok"} 1',
      'payment_operations_total{provider="paypal",operation="refund",outcome="pending"} 1',
    ])
  })
})
