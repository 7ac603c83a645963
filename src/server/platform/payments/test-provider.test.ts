import { describe, expect, it } from 'vitest'
import { PaymentError } from './provider.ts'
import { createTestPaymentProvider } from './test-provider.ts'

const order = { amountUsd: '37.10', orderId: 'order-1', description: 'DayPass Bahrain' }

describe('the test payment provider', () => {
  it('says it is the test mode, with no PayPal client id', () => {
    const payments = createTestPaymentProvider()
    expect(payments.kind).toBe('test')
    expect(payments.clientId).toBeNull()
  })

  it('captures the amount it was created with', async () => {
    const payments = createTestPaymentProvider()
    const { providerOrderId } = await payments.createOrder(order)
    expect(providerOrderId).toMatch(/^TEST-[0-9a-f-]{36}$/)
    const result = await payments.captureOrder({ providerOrderId, orderId: order.orderId })
    expect(result).toEqual({
      status: 'COMPLETED',
      captureId: expect.stringMatching(/^TEST-CAPTURE-/),
      amount: { currencyCode: 'USD', value: '37.10' },
    })
  })

  it('repeats the first result when creating or capturing again', async () => {
    const payments = createTestPaymentProvider()
    const first = await payments.createOrder(order)
    expect(await payments.createOrder(order)).toEqual(first)
    const other = await payments.createOrder({ ...order, orderId: 'order-2' })
    expect(other.providerOrderId).not.toBe(first.providerOrderId)

    const capture = await payments.captureOrder({ ...first, orderId: order.orderId })
    expect(await payments.captureOrder({ ...first, orderId: order.orderId })).toEqual(capture)
  })

  it('finds the capture of an order it captured, and none otherwise', async () => {
    const payments = createTestPaymentProvider()
    const { providerOrderId } = await payments.createOrder(order)
    expect(await payments.findCapture(providerOrderId)).toBeNull()
    const capture = await payments.captureOrder({ providerOrderId, orderId: order.orderId })
    expect(await payments.findCapture(providerOrderId)).toEqual(capture)
    expect(await payments.findCapture('TEST-unknown')).toBeNull()
  })

  it('refuses to capture an order it did not create', async () => {
    const payments = createTestPaymentProvider()
    const error = await payments
      .captureOrder({ providerOrderId: 'TEST-unknown', orderId: 'x' })
      .catch((e) => e)
    expect(error).toBeInstanceOf(PaymentError)
    expect(error.kind).toBe('invalid')
    // Another instance's orders are not this one's.
    const { providerOrderId } = await createTestPaymentProvider().createOrder(order)
    await expect(payments.captureOrder({ providerOrderId, orderId: order.orderId })).rejects.toMatchObject({
      kind: 'invalid',
    })
  })

  it('refuses an amount that is not a 2-decimal USD value', async () => {
    await expect(
      createTestPaymentProvider().createOrder({ ...order, amountUsd: '37.1' }),
    ).rejects.toMatchObject({ kind: 'invalid' })
  })
})
