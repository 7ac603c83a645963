import { randomBytes, randomUUID } from 'node:crypto'
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http'
import { FakeJsonServer, type FakeReply } from './fake-json-server.ts'

export interface RecordedRequest {
  method: string
  /** Path and query, e.g. /v2/checkout/orders/5O190127TN364715T/capture */
  path: string
  headers: IncomingHttpHeaders
  body: string
}

interface Amount {
  currency_code: string
  value: string
}

export interface FakeCapture {
  id: string
  status: string
  amount: Amount
}

export interface FakeOrder {
  id: string
  status: 'CREATED' | 'APPROVED' | 'COMPLETED'
  intent: string
  purchaseUnits: Array<{ reference_id?: string; description?: string; amount: Amount }>
  captures: FakeCapture[]
  createTime: string
}

export interface FakeRefund {
  id: string
  captureId: string
  status: 'COMPLETED'
  amount: Amount
  invoiceId: string | null
}

type Reply = FakeReply

const sandboxWeb = 'https://www.sandbox.paypal.com'

/**
 * A local PayPal for tests: OAuth2 client-credentials tokens and Orders v2 create, get and capture,
 * in PayPal's wire format, on 127.0.0.1. It records every request, honours PayPal-Request-Id and
 * has switches for PayPal's failures. Start it in-process (Vitest, or the e2e global setup) and
 * point PAYPAL_API_BASE at `url`.
 */
export class FakePayPal extends FakeJsonServer {
  readonly requests: RecordedRequest[] = []
  readonly orders = new Map<string, FakeOrder>()
  /** Refunds made, by refund id (POST /v2/payments/captures/{id}/refund). */
  readonly refunds = new Map<string, FakeRefund>()
  /** Refuse refunds with 422 and this issue, e.g. CAPTURE_FULLY_REFUNDED (refunded by someone else). */
  refuseRefunds: string | null = null
  /** expires_in of new tokens, in seconds (PayPal's is about 9 hours). */
  tokenLifetimeSeconds = 32_400
  /** Answer the next token request with 401 invalid_client even with the right credentials. */
  rejectNextToken = false
  /** Answer this many of the next API calls (not token requests) with 401, whatever the token. */
  rejectApiCalls = 0
  /** Answer this many of the next requests, of any kind, with 500 (Infinity: all of them). */
  failRequests = 0
  /** Wait this long before answering each request: set it above the client's timeout. */
  delayMs = 0
  /** Refuse captures with 422 and this issue, e.g. INSTRUMENT_DECLINED. */
  declineCaptures: string | null = null
  /** Report this amount as captured instead of the order's: an amount mismatch. */
  captureAmount: Amount | null = null
  /** Like real PayPal, capture only after approve(id); by default orders count as approved by the buyer. */
  requireApproval = false

  private readonly tokens = new Map<string, number>()
  private readonly replies = new Map<string, Reply>()

  constructor(
    readonly clientId = 'fake-client-id',
    readonly clientSecret = 'fake-client-secret',
  ) {
    super()
  }

  /** Requests to one endpoint, e.g. requestsTo('/v1/oauth2/token'); `capture` matches every capture. */
  requestsTo(pathOrKind: string): RecordedRequest[] {
    if (pathOrKind === 'capture') return this.requests.filter((r) => /\/capture$/.test(r.path))
    if (pathOrKind === 'refund') return this.requests.filter((r) => /\/refund$/.test(r.path))
    return this.requests.filter((r) => r.path === pathOrKind)
  }

  /** The buyer approves the order in PayPal's window. */
  approve(orderId: string): void {
    const order = this.orders.get(orderId)
    if (!order) throw new Error(`Fake PayPal has no order ${orderId}`)
    if (order.status === 'CREATED') order.status = 'APPROVED'
  }

  /** Every token issued so far stops working, as when PayPal revokes or expires them early. */
  expireTokens(): void {
    this.tokens.clear()
  }

  /** Back to a working PayPal with no history, for a fake shared by several tests. */
  reset(): void {
    this.requests.length = 0
    this.orders.clear()
    this.refunds.clear()
    this.tokens.clear()
    this.replies.clear()
    Object.assign(this, {
      tokenLifetimeSeconds: 32_400,
      rejectNextToken: false,
      rejectApiCalls: 0,
      failRequests: 0,
      delayMs: 0,
      declineCaptures: null,
      captureAmount: null,
      requireApproval: false,
      refuseRefunds: null,
    })
  }

  protected override replyHeaders({ body }: Reply): Record<string, string> {
    return { 'PayPal-Debug-Id': (body as { debug_id?: string }).debug_id ?? randomBytes(7).toString('hex') }
  }

  protected async respond(request: IncomingMessage, rawBody: string): Promise<Reply> {
    const recorded: RecordedRequest = {
      method: request.method ?? 'GET',
      path: request.url ?? '/',
      headers: request.headers,
      body: rawBody,
    }
    this.requests.push(recorded)
    if (this.delayMs > 0) await this.sleep(this.delayMs)
    if (this.failRequests > 0) {
      this.failRequests--
      return apiError(500, 'INTERNAL_SERVER_ERROR', 'An internal server error has occurred.')
    }
    if (recorded.path === '/v1/oauth2/token' && recorded.method === 'POST') return this.token(recorded)

    const bearer = /^Bearer (.+)$/.exec(recorded.headers.authorization ?? '')?.[1]
    const expiresAt = bearer ? this.tokens.get(bearer) : undefined
    if (this.rejectApiCalls > 0 || !expiresAt || expiresAt <= Date.now()) {
      if (this.rejectApiCalls > 0) this.rejectApiCalls--
      return {
        status: 401,
        body: {
          name: 'AUTHENTICATION_FAILURE',
          message:
            'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
          links: [{ href: 'https://developer.paypal.com/docs/api/overview/#error', rel: 'information_link' }],
        },
      }
    }

    // PayPal-Request-Id: the same id on the same endpoint gets the stored first answer back.
    const requestId = header(recorded.headers, 'paypal-request-id')
    const replayKey = requestId ? `${recorded.method} ${recorded.path} ${requestId}` : null
    const stored = replayKey ? this.replies.get(replayKey) : undefined
    if (stored) return stored
    const reply = this.route(recorded)
    if (replayKey && reply.status < 300) this.replies.set(replayKey, reply)
    return reply
  }

  /** The refunds made against one capture. */
  refundsOf(captureId: string): FakeRefund[] {
    return [...this.refunds.values()].filter((refund) => refund.captureId === captureId)
  }

  private route(request: RecordedRequest): Reply {
    if (request.method === 'POST' && request.path === '/v2/checkout/orders') return this.createOrder(request)
    const refund = /^\/v2\/payments\/captures\/([^/?]+)\/refund$/.exec(request.path)
    if (refund && request.method === 'POST') return this.refund(decodeURIComponent(refund[1] ?? ''), request)
    const match = /^\/v2\/checkout\/orders\/([^/?]+)(\/capture)?$/.exec(request.path)
    const order = match ? this.orders.get(decodeURIComponent(match[1] ?? '')) : undefined
    if (match && !order)
      return apiError(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', {
        issue: 'INVALID_RESOURCE_ID',
        description: 'Specified resource ID does not exist. Please check the resource ID and try again.',
      })
    if (order && request.method === 'GET' && !match?.[2]) return { status: 200, body: this.orderBody(order) }
    if (order && request.method === 'POST' && match?.[2]) return this.capture(order)
    return apiError(404, 'NOT_FOUND', 'The specified resource does not exist.')
  }

  private token(request: RecordedRequest): Reply {
    const expected = `Basic ${Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64')}`
    if (this.rejectNextToken || request.headers.authorization !== expected) {
      this.rejectNextToken = false
      return {
        status: 401,
        body: { error: 'invalid_client', error_description: 'Client Authentication failed' },
      }
    }
    const form = new URLSearchParams(request.body)
    if (!header(request.headers, 'content-type')?.startsWith('application/x-www-form-urlencoded'))
      return { status: 415, body: { error: 'invalid_request', error_description: 'Unsupported media type' } }
    if (form.get('grant_type') !== 'client_credentials')
      return {
        status: 400,
        body: { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' },
      }
    const accessToken = `A21AA${randomBytes(24).toString('base64url')}`
    this.tokens.set(accessToken, Date.now() + this.tokenLifetimeSeconds * 1000)
    return {
      status: 200,
      body: {
        scope:
          'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund',
        access_token: accessToken,
        token_type: 'Bearer',
        app_id: 'APP-80W284485P519543T',
        expires_in: this.tokenLifetimeSeconds,
        nonce: `${new Date().toISOString()}${randomBytes(8).toString('hex')}`,
      },
    }
  }

  private createOrder(request: RecordedRequest): Reply {
    let body: unknown
    try {
      body = JSON.parse(request.body)
    } catch {
      return apiError(
        400,
        'INVALID_REQUEST',
        'Request is not well-formed, syntactically incorrect, or violates schema.',
        {
          issue: 'MALFORMED_REQUEST_JSON',
          description: 'The request JSON is not well formed.',
        },
      )
    }
    const { intent, purchase_units: units } = (body ?? {}) as { intent?: unknown; purchase_units?: unknown }
    const invalid = (field: string, issue: string) =>
      apiError(
        400,
        'INVALID_REQUEST',
        'Request is not well-formed, syntactically incorrect, or violates schema.',
        {
          field,
          issue,
          description: `${field} is invalid.`,
        },
      )
    if (intent !== 'CAPTURE' && intent !== 'AUTHORIZE') return invalid('/intent', 'INVALID_PARAMETER_VALUE')
    if (!Array.isArray(units) || units.length === 0)
      return invalid('/purchase_units', 'MISSING_REQUIRED_PARAMETER')
    for (const [index, unit] of units.entries()) {
      const amount = (unit as { amount?: Partial<Amount> } | null)?.amount
      if (!amount || !/^[A-Z]{3}$/.test(amount.currency_code ?? ''))
        return invalid(`/purchase_units/${index}/amount/currency_code`, 'INVALID_PARAMETER_VALUE')
      if (!/^\d{1,10}(\.\d{1,2})?$/.test(amount.value ?? ''))
        return invalid(`/purchase_units/${index}/amount/value`, 'DECIMAL_PRECISION')
    }
    const order: FakeOrder = {
      id: randomBytes(9).toString('hex').toUpperCase().slice(0, 17),
      status: this.requireApproval ? 'CREATED' : 'APPROVED',
      intent,
      purchaseUnits: structuredClone(units),
      captures: [],
      createTime: new Date().toISOString(),
    }
    this.orders.set(order.id, order)
    const minimal = header(request.headers, 'prefer') !== 'return=representation'
    const representation = { ...this.orderBody(order), status: 'CREATED' }
    return {
      status: 201,
      body: minimal ? { id: order.id, status: 'CREATED', links: representation.links } : representation,
    }
  }

  private capture(order: FakeOrder): Reply {
    if (order.status === 'CREATED')
      return apiError(422, 'UNPROCESSABLE_ENTITY', unprocessable, {
        issue: 'ORDER_NOT_APPROVED',
        description: 'Payer has not yet approved the Order for payment.',
      })
    if (order.status === 'COMPLETED')
      return apiError(422, 'UNPROCESSABLE_ENTITY', unprocessable, {
        issue: 'ORDER_ALREADY_CAPTURED',
        description: 'Order already captured. If intent=CAPTURE only one capture per order is allowed.',
      })
    if (this.declineCaptures)
      return apiError(422, 'UNPROCESSABLE_ENTITY', unprocessable, {
        issue: this.declineCaptures,
        description:
          "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.",
      })
    const unit = order.purchaseUnits[0]
    order.captures.push({
      id: randomBytes(9).toString('hex').toUpperCase().slice(0, 17),
      status: 'COMPLETED',
      amount: structuredClone(this.captureAmount ?? unit?.amount ?? { currency_code: 'USD', value: '0.00' }),
    })
    order.status = 'COMPLETED'
    return { status: 201, body: this.orderBody(order) }
  }

  /** Refunds API v2: the amount given, or what is left of the capture; never more than was captured. */
  private refund(captureId: string, request: RecordedRequest): Reply {
    const capture = [...this.orders.values()]
      .flatMap((order) => order.captures)
      .find((c) => c.id === captureId)
    if (!capture)
      return apiError(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', {
        issue: 'INVALID_RESOURCE_ID',
        description: 'Specified resource ID does not exist. Please check the resource ID and try again.',
      })
    let body: { amount?: Partial<Amount>; invoice_id?: string } = {}
    try {
      body = request.body ? JSON.parse(request.body) : {}
    } catch {
      return apiError(400, 'INVALID_REQUEST', 'Request is not well-formed.', {
        issue: 'MALFORMED_REQUEST_JSON',
      })
    }
    const cents = (value: string) => Math.round(Number(value) * 100)
    const refunded = this.refundsOf(captureId).reduce((sum, r) => sum + cents(r.amount.value), 0)
    const left = cents(capture.amount.value) - refunded
    if (this.refuseRefunds || left <= 0)
      return apiError(422, 'UNPROCESSABLE_ENTITY', unprocessable, {
        issue: this.refuseRefunds ?? 'CAPTURE_FULLY_REFUNDED',
        description: 'The capture has already been fully refunded',
      })
    const value = body.amount?.value
    if (value !== undefined && !/^\d{1,10}(\.\d{1,2})?$/.test(value))
      return apiError(400, 'INVALID_REQUEST', 'Request is not well-formed.', { issue: 'DECIMAL_PRECISION' })
    if (body.amount && body.amount.currency_code !== capture.amount.currency_code)
      return apiError(422, 'UNPROCESSABLE_ENTITY', unprocessable, { issue: 'REFUND_CURRENCY_MISMATCH' })
    const amount = value === undefined ? left : cents(value)
    if (amount > left)
      return apiError(422, 'UNPROCESSABLE_ENTITY', unprocessable, {
        issue: 'REFUND_AMOUNT_EXCEEDED',
        description:
          'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
      })
    const made: FakeRefund = {
      id: randomBytes(9).toString('hex').toUpperCase().slice(0, 17),
      captureId,
      status: 'COMPLETED',
      amount: { currency_code: capture.amount.currency_code, value: (amount / 100).toFixed(2) },
      invoiceId: body.invoice_id ?? null,
    }
    this.refunds.set(made.id, made)
    const time = new Date().toISOString()
    return {
      status: 201,
      body: {
        id: made.id,
        status: made.status,
        amount: made.amount,
        ...(made.invoiceId ? { invoice_id: made.invoiceId } : {}),
        create_time: time,
        update_time: time,
        links: [
          { href: `${this.url}/v2/payments/refunds/${made.id}`, rel: 'self', method: 'GET' },
          { href: `${this.url}/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' },
        ],
      },
    }
  }

  private orderBody(order: FakeOrder) {
    const self = `${this.url}/v2/checkout/orders/${order.id}`
    const time = new Date().toISOString()
    return {
      id: order.id,
      intent: order.intent,
      status: order.status,
      create_time: order.createTime,
      ...(order.status === 'COMPLETED'
        ? { payer: { name: { given_name: 'John', surname: 'Doe' }, email_address: 'buyer@example.com' } }
        : {}),
      purchase_units: order.purchaseUnits.map((unit, index) => ({
        reference_id: unit.reference_id ?? 'default',
        amount: unit.amount,
        payee: { email_address: 'merchant@example.com', merchant_id: 'C7CYMKZDG8D6E' },
        ...(unit.description ? { description: unit.description } : {}),
        ...(index === 0 && order.captures.length > 0
          ? {
              payments: {
                captures: order.captures.map((capture) => ({
                  ...capture,
                  final_capture: true,
                  seller_protection: { status: 'ELIGIBLE' },
                  create_time: time,
                  update_time: time,
                  links: [
                    { href: `${this.url}/v2/payments/captures/${capture.id}`, rel: 'self', method: 'GET' },
                  ],
                })),
              },
            }
          : {}),
      })),
      links: [
        { href: self, rel: 'self', method: 'GET' },
        ...(order.status === 'COMPLETED'
          ? []
          : [
              { href: `${sandboxWeb}/checkoutnow?token=${order.id}`, rel: 'approve', method: 'GET' },
              { href: self, rel: 'update', method: 'PATCH' },
              { href: `${self}/capture`, rel: 'capture', method: 'POST' },
            ]),
      ],
    }
  }
}

const unprocessable =
  'The requested action could not be performed, semantically incorrect, or failed business validation.'

function apiError(status: number, name: string, message: string, detail?: Record<string, string>): Reply {
  const debugId = randomUUID().replaceAll('-', '').slice(0, 13)
  const issue = detail?.issue
  return {
    status,
    body: {
      name,
      message,
      debug_id: debugId,
      ...(detail ? { details: [detail] } : {}),
      links: [
        {
          href: `https://developer.paypal.com/docs/api/orders/v2/#error-${issue ?? name}`,
          rel: 'information_link',
          method: 'GET',
        },
      ],
    },
  }
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name]
  return Array.isArray(value) ? value[0] : value
}
