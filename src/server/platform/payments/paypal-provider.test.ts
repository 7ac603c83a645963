import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { FakePayPal } from '../../../../tests/support/fake-paypal.ts'
import { createPayPalProvider, type PayPalProviderOptions } from './paypal-provider.ts'
import { PaymentError } from './provider.ts'

const paypal = new FakePayPal('client-id-123', 'very-secret-value')
beforeAll(() => paypal.start())
afterAll(() => paypal.stop())
beforeEach(() => paypal.reset())

function provider(overrides: Partial<PayPalProviderOptions> = {}) {
  return createPayPalProvider({
    clientId: paypal.clientId,
    clientSecret: paypal.clientSecret,
    apiBase: paypal.url,
    timeoutMs: 5000,
    ...overrides,
  })
}

const order = {
  amountUsd: '26.50',
  orderId: '7b0c8f4e-0000-4000-8000-000000000001',
  description: 'DayPass Bahrain',
}

async function paymentError(promise: Promise<unknown>): Promise<PaymentError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(PaymentError)
  return error as PaymentError
}

function json(body: string): unknown {
  return JSON.parse(body)
}

describe('the access token', () => {
  it('is fetched once with Basic auth and a client-credentials form, then reused', async () => {
    const payments = provider()
    await payments.createOrder(order)
    await payments.createOrder({ ...order, orderId: 'second-order' })
    const tokenRequests = paypal.requestsTo('/v1/oauth2/token')
    expect(tokenRequests).toHaveLength(1)
    const [request] = tokenRequests
    expect(request?.method).toBe('POST')
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from('client-id-123:very-secret-value').toString('base64')}`,
    )
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded')
    expect(request?.body).toBe('grant_type=client_credentials')
    const token = paypal.requestsTo('/v2/checkout/orders').map((r) => r.headers.authorization)
    expect(token[0]).toMatch(/^Bearer A21AA/)
    expect(token[1]).toBe(token[0])
  })

  it('is shared by callers that need it at the same time', async () => {
    const payments = provider()
    await Promise.all(['a', 'b', 'c'].map((orderId) => payments.createOrder({ ...order, orderId })))
    expect(paypal.requestsTo('/v1/oauth2/token')).toHaveLength(1)
    expect(paypal.requestsTo('/v2/checkout/orders')).toHaveLength(3)
  })

  it('is renewed shortly before it expires', async () => {
    paypal.tokenLifetimeSeconds = 3600
    let clock = 1_000_000
    const payments = provider({ now: () => clock })
    await payments.createOrder(order)
    clock += 3600_000 - 61_000
    await payments.createOrder(order)
    expect(paypal.requestsTo('/v1/oauth2/token')).toHaveLength(1)
    clock += 2000
    await payments.createOrder(order)
    expect(paypal.requestsTo('/v1/oauth2/token')).toHaveLength(2)
  })

  it('is replaced and the call retried once when PayPal answers 401', async () => {
    const payments = provider()
    await payments.createOrder(order)
    paypal.expireTokens()
    const { providerOrderId } = await payments.createOrder({ ...order, orderId: 'after-expiry' })
    expect(paypal.orders.has(providerOrderId)).toBe(true)
    expect(paypal.requests.map((r) => r.path)).toEqual([
      '/v1/oauth2/token',
      '/v2/checkout/orders',
      '/v2/checkout/orders',
      '/v1/oauth2/token',
      '/v2/checkout/orders',
    ])
  })

  it('makes the payment unavailable when PayPal answers 401 twice, without leaking credentials', async () => {
    const payments = provider()
    paypal.rejectApiCalls = 2
    const error = await paymentError(payments.createOrder(order))
    expect(error.kind).toBe('unavailable')
    expect(error.details.status).toBe(401)
    expect(paypal.requestsTo('/v2/checkout/orders')).toHaveLength(2)
    const tokens = paypal.requestsTo('/v2/checkout/orders').map((r) => r.headers.authorization?.slice(7))
    for (const secret of ['very-secret-value', ...tokens]) expect(error.message).not.toContain(secret)
  })

  it('makes the payment unavailable when PayPal refuses the client id and secret', async () => {
    paypal.rejectNextToken = true
    const error = await paymentError(provider().createOrder(order))
    expect(error.kind).toBe('unavailable')
    expect(error.message).toMatch(/client id and secret/)
    expect(error.message).not.toContain('very-secret-value')
    expect(paypal.requestsTo('/v2/checkout/orders')).toHaveLength(0)
  })
})

describe('creating an order', () => {
  it('sends the server total in USD with the order id as reference and request id', async () => {
    const { providerOrderId } = await provider().createOrder(order)
    const [request] = paypal.requestsTo('/v2/checkout/orders')
    expect(json(request?.body ?? '')).toEqual({
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: order.orderId,
          description: 'DayPass Bahrain',
          amount: { currency_code: 'USD', value: '26.50' },
        },
      ],
    })
    expect(request?.headers['paypal-request-id']).toBe(`create-${order.orderId}`)
    expect(request?.headers.prefer).toBe('return=representation')
    expect(request?.headers['content-type']).toBe('application/json')
    expect(paypal.orders.get(providerOrderId)?.purchaseUnits[0]?.amount).toEqual({
      currency_code: 'USD',
      value: '26.50',
    })
  })

  it('gets the same PayPal order back when the same order is created again', async () => {
    const payments = provider()
    const first = await payments.createOrder(order)
    const again = await payments.createOrder(order)
    expect(again).toEqual(first)
    expect(paypal.orders.size).toBe(1)
  })

  it('refuses an amount that is not a 2-decimal USD value without calling PayPal', async () => {
    const error = await paymentError(provider().createOrder({ ...order, amountUsd: '26.5' }))
    expect(error.kind).toBe('invalid')
    expect(paypal.requests).toHaveLength(0)
  })

  it('makes the payment unavailable when PayPal fails with a 500', async () => {
    const payments = provider()
    await payments.createOrder(order)
    paypal.failRequests = 1
    const error = await paymentError(payments.createOrder({ ...order, orderId: 'during-outage' }))
    expect(error).toMatchObject({ kind: 'unavailable', details: { status: 500 } })
    expect(error.message).toMatch(/PayPal-Debug-Id [0-9a-f]+/)
  })

  it('gives up within about the timeout when PayPal does not answer', async () => {
    paypal.delayMs = 3000
    const started = Date.now()
    const error = await paymentError(provider({ timeoutMs: 250 }).createOrder(order))
    expect(error.kind).toBe('unavailable')
    expect(error.message).toMatch(/did not answer within 250 ms/)
    expect(Date.now() - started).toBeLessThan(1500)
  })

  it('makes the payment unavailable when PayPal cannot be reached', async () => {
    // Nothing listens on port 1: the connection is refused.
    const error = await paymentError(provider({ apiBase: 'http://127.0.0.1:1' }).createOrder(order))
    expect(error.kind).toBe('unavailable')
    expect(error.message).toBe('PayPal could not be reached')
  })
})

describe('capturing an order', () => {
  it('captures with a request id and returns what PayPal captured', async () => {
    const payments = provider()
    const { providerOrderId } = await payments.createOrder(order)
    const result = await payments.captureOrder({ providerOrderId, orderId: order.orderId })
    const [request] = paypal.requestsTo('capture')
    expect(request?.method).toBe('POST')
    expect(request?.path).toBe(`/v2/checkout/orders/${providerOrderId}/capture`)
    expect(request?.headers['paypal-request-id']).toBe(`capture-${order.orderId}`)
    const capture = paypal.orders.get(providerOrderId)?.captures[0]
    expect(result).toEqual({
      status: 'COMPLETED',
      captureId: capture?.id,
      amount: { currencyCode: 'USD', value: '26.50' },
    })
  })

  it('captures once when the same capture is sent twice', async () => {
    const payments = provider()
    const { providerOrderId } = await payments.createOrder(order)
    const first = await payments.captureOrder({ providerOrderId, orderId: order.orderId })
    const again = await payments.captureOrder({ providerOrderId, orderId: order.orderId })
    expect(again).toEqual(first)
    expect(paypal.requestsTo('capture')).toHaveLength(2)
    expect(paypal.orders.get(providerOrderId)?.captures).toHaveLength(1)
  })

  it('reports a declined card with PayPal’s issue', async () => {
    const payments = provider()
    const { providerOrderId } = await payments.createOrder(order)
    paypal.declineCaptures = 'INSTRUMENT_DECLINED'
    const error = await paymentError(payments.captureOrder({ providerOrderId, orderId: order.orderId }))
    expect(error).toMatchObject({ kind: 'declined', details: { status: 422, issue: 'INSTRUMENT_DECLINED' } })
    expect(paypal.orders.get(providerOrderId)?.captures).toHaveLength(0)
  })

  it('reports an order the payer has not approved as declined, and captures it once approved', async () => {
    paypal.requireApproval = true
    const payments = provider()
    const { providerOrderId } = await payments.createOrder(order)
    const error = await paymentError(payments.captureOrder({ providerOrderId, orderId: order.orderId }))
    expect(error).toMatchObject({ kind: 'declined', details: { issue: 'ORDER_NOT_APPROVED' } })
    paypal.approve(providerOrderId)
    const result = await payments.captureOrder({ providerOrderId, orderId: order.orderId })
    expect(result.status).toBe('COMPLETED')
  })

  it('returns PayPal’s amount when it differs from the order, for checkout to refuse', async () => {
    const payments = provider()
    const { providerOrderId } = await payments.createOrder(order)
    paypal.captureAmount = { currency_code: 'USD', value: '1.00' }
    const result = await payments.captureOrder({ providerOrderId, orderId: order.orderId })
    expect(result.amount).toEqual({ currencyCode: 'USD', value: '1.00' })
  })

  it('treats an unknown PayPal order as invalid', async () => {
    const error = await paymentError(
      provider().captureOrder({ providerOrderId: 'NOSUCHORDER', orderId: 'x' }),
    )
    expect(error).toMatchObject({ kind: 'invalid', details: { status: 404, issue: 'INVALID_RESOURCE_ID' } })
  })

  it('makes the payment unavailable when PayPal answers in an unexpected shape', async () => {
    // A proxy or a PayPal change answering 200 with something else must not count as a capture.
    const answers = [
      Response.json({ access_token: 'token', expires_in: 3600 }),
      new Response('<html>Service update</html>', { status: 200 }),
      Response.json({ id: 'ORDER', status: 'COMPLETED', purchase_units: [{ payments: { captures: [] } }] }),
    ]
    const payments = provider({ fetch: async () => answers.shift() ?? new Response(null, { status: 500 }) })
    const notJson = await paymentError(payments.captureOrder({ providerOrderId: 'ORDER', orderId: 'o' }))
    expect(notJson.kind).toBe('unavailable')
    const noCapture = await paymentError(payments.captureOrder({ providerOrderId: 'ORDER', orderId: 'o' }))
    expect(noCapture.kind).toBe('unavailable')
  })
})

describe('looking up an order’s capture', () => {
  it('reads the order with a GET and finds no capture before one was made', async () => {
    const payments = provider()
    const { providerOrderId } = await payments.createOrder(order)
    expect(await payments.findCapture(providerOrderId)).toBeNull()
    const [read] = paypal.requestsTo(`/v2/checkout/orders/${providerOrderId}`)
    expect(read).toMatchObject({ method: 'GET', body: '' })
    expect(read?.headers.authorization).toMatch(/^Bearer /)
    expect(read?.headers['paypal-request-id']).toBeUndefined()
  })

  it('returns the capture PayPal made, the same as the capture’s own answer', async () => {
    const payments = provider()
    const { providerOrderId } = await payments.createOrder(order)
    const captured = await payments.captureOrder({ providerOrderId, orderId: order.orderId })
    expect(await payments.findCapture(providerOrderId)).toEqual(captured)
    expect(captured).toMatchObject({ status: 'COMPLETED', amount: { currencyCode: 'USD', value: '26.50' } })
  })

  it('treats an unknown PayPal order as invalid, and a failing PayPal as unavailable', async () => {
    const payments = provider()
    expect(await paymentError(payments.findCapture('NOSUCHORDER'))).toMatchObject({
      kind: 'invalid',
      details: { status: 404 },
    })
    const { providerOrderId } = await payments.createOrder(order)
    paypal.failRequests = 1
    expect((await paymentError(payments.findCapture(providerOrderId))).kind).toBe('unavailable')
  })
})
