import { createHmac, randomBytes } from 'node:crypto'
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http'
import { FakeJsonServer, type FakeReply } from './fake-json-server.ts'

export interface RecordedTapRequest {
  method: string
  path: string
  headers: IncomingHttpHeaders
  body: string
}

/** A charge as Tap keeps it, and answers it (snake_case, as on the wire). */
export interface FakeCharge {
  id: string
  object: 'charge'
  live_mode: false
  status: string
  amount: number
  currency: string
  threeDSecure: boolean
  description: string
  customer: Record<string, unknown>
  source: { object: 'source'; id: string; payment_method?: string }
  redirect: { status: string; url: string }
  post: { status: string; url: string }
  reference: { order?: string; transaction?: string; idempotent?: string; gateway?: string; payment?: string }
  transaction: { timezone: string; created: string; url: string; expiry: { period: number; type: string } }
  response: { code: string; message: string }
}

export interface FakeTapRefund {
  id: string
  object: 'refund'
  charge_id: string
  amount: number
  currency: string
  reason: string
  status: 'PENDING' | 'REFUNDED'
  reference: { merchant?: string; idempotent?: string }
}

/** How the payer leaves Tap's page: paying, refused by the bank, cancelling, or walking away. */
export type PayerOutcome = 'captured' | 'declined' | 'cancelled' | 'failed' | 'abandoned'

const outcomeStatus: Record<PayerOutcome, string> = {
  captured: 'CAPTURED',
  declined: 'DECLINED',
  cancelled: 'CANCELLED',
  failed: 'FAILED',
  abandoned: 'ABANDONED',
}

const responseCodes: Record<string, { code: string; message: string }> = {
  INITIATED: { code: '100', message: 'Initiated' },
  CAPTURED: { code: '000', message: 'Captured' },
  DECLINED: { code: '507', message: 'Declined, Card Issuer' },
  CANCELLED: { code: '401', message: 'Cancelled' },
  FAILED: { code: '508', message: 'Failed' },
  ABANDONED: { code: '301', message: 'Abandoned' },
}

/**
 * A local Tap Payments for tests: Charges (create, retrieve) and Refunds (create, retrieve) of API
 * v2 in Tap's wire format, Bearer secret-key authentication, `reference.idempotent`, and signed
 * webhooks to the charge's post.url (`hashstring`: HMAC-SHA256 of Tap's x_id…x_created text). It
 * records every request and has switches for Tap's failures. Start it in-process and point
 * TAP_API_BASE (or the provider's apiBase) at `url`.
 */
export class FakeTap extends FakeJsonServer {
  readonly requests: RecordedTapRequest[] = []
  readonly charges = new Map<string, FakeCharge>()
  readonly refunds = new Map<string, FakeTapRefund>()
  /** Answer this many of the next requests with 500 (Infinity: all). */
  failRequests = 0
  /** Wait this long before answering: set above the client's timeout to make one. */
  delayMs = 0
  /** Report this amount as captured instead of the charge's own: an amount mismatch. */
  captureAmount: number | null = null
  /** Report this currency as captured instead: a currency mismatch. */
  captureCurrency: string | null = null
  /** Answer this many of the next refund requests (POST /v2/refunds) with 500, charges still answered. */
  failRefunds = 0
  /** New refunds stay PENDING (the merchant's Tap balance is short) until settleRefunds(). */
  keepRefundsPending = false

  private readonly idempotent = new Map<string, string>()

  constructor(readonly secretKey = 'sk_test_fakeTapSecretKey0000') {
    super()
  }

  requestsTo(kind: 'charges' | 'refunds', method?: string): RecordedTapRequest[] {
    return this.requests.filter(
      (request) => request.path.startsWith(`/v2/${kind}`) && (!method || request.method === method),
    )
  }

  /** The one charge of an order (reference.order). */
  chargeOf(orderId: string): FakeCharge | undefined {
    return [...this.charges.values()].find((charge) => charge.reference.order === orderId)
  }

  /**
   * The payer on Tap's page: the charge takes the outcome's status (CAPTURED for the charge's amount
   * unless captureAmount says otherwise), and the answer is where Tap's page sends the browser back:
   * redirect.url with `tap_id`.
   */
  payerLeaves(chargeId: string, outcome: PayerOutcome): string {
    const charge = this.charges.get(chargeId)
    if (!charge) throw new Error(`Fake Tap has no charge ${chargeId}`)
    charge.status = outcomeStatus[outcome]
    charge.response = responseCodes[charge.status] ?? { code: '999', message: charge.status }
    if (outcome === 'captured') {
      if (this.captureAmount !== null) charge.amount = this.captureAmount
      if (this.captureCurrency !== null) charge.currency = this.captureCurrency
      charge.reference.gateway = randomDigits(12)
      charge.reference.payment = randomDigits(16)
    }
    const back = new URL(charge.redirect.url)
    back.searchParams.set('tap_id', charge.id)
    return back.toString()
  }

  /**
   * The webhook Tap posts to the charge's post.url: its body (the charge) and headers, signed with
   * the secret key. `signature: 'bad'` signs with another key, `'none'` sends no hashstring.
   */
  webhook(
    chargeId: string,
    { signature = 'good' }: { signature?: 'good' | 'bad' | 'none' } = {},
  ): { url: string; headers: Record<string, string>; body: FakeCharge } {
    const charge = this.charges.get(chargeId)
    if (!charge) throw new Error(`Fake Tap has no charge ${chargeId}`)
    const key = signature === 'bad' ? 'sk_test_notTheMerchantsKey' : this.secretKey
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (signature !== 'none') headers.hashstring = hashString(charge, key)
    return { url: charge.post.url, headers, body: structuredClone(charge) }
  }

  /** Posts the webhook to the charge's post.url over HTTP, as Tap does; answers the status code. */
  async postWebhook(
    chargeId: string,
    options: { signature?: 'good' | 'bad' | 'none' } = {},
  ): Promise<number> {
    const { url, headers, body } = this.webhook(chargeId, options)
    const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) })
    await response.text()
    return response.status
  }

  /** Tap's balance now covers them: every PENDING refund becomes REFUNDED. */
  settleRefunds(): void {
    for (const refund of this.refunds.values()) refund.status = 'REFUNDED'
  }

  reset(): void {
    this.requests.length = 0
    this.charges.clear()
    this.refunds.clear()
    this.idempotent.clear()
    Object.assign(this, {
      failRequests: 0,
      delayMs: 0,
      captureAmount: null,
      captureCurrency: null,
      keepRefundsPending: false,
      failRefunds: 0,
    })
  }

  protected override replyHeaders(): Record<string, string> {
    return { 'x-request-id': randomBytes(8).toString('hex') }
  }

  protected async respond(request: IncomingMessage, rawBody: string): Promise<FakeReply> {
    const recorded: RecordedTapRequest = {
      method: request.method ?? 'GET',
      path: request.url ?? '/',
      headers: request.headers,
      body: rawBody,
    }
    this.requests.push(recorded)
    if (this.delayMs > 0) await this.sleep(this.delayMs)
    if (this.failRequests > 0) {
      this.failRequests--
      return tapError(500, '1000', 'Internal server error')
    }
    if (recorded.headers.authorization !== `Bearer ${this.secretKey}`)
      return tapError(401, '2107', 'Authentication required')
    let body: Record<string, unknown> = {}
    if (recorded.method === 'POST') {
      try {
        body = JSON.parse(rawBody) as Record<string, unknown>
      } catch {
        return tapError(400, '1108', 'Invalid JSON request')
      }
    }
    if (recorded.method === 'POST' && recorded.path === '/v2/charges') return this.createCharge(body)
    if (recorded.method === 'POST' && recorded.path === '/v2/refunds') {
      if (this.failRefunds > 0) {
        this.failRefunds--
        return tapError(500, '1000', 'Internal server error')
      }
      return this.createRefund(body)
    }
    const charge = /^\/v2\/charges\/([^/?]+)$/.exec(recorded.path)
    if (charge && recorded.method === 'GET') {
      const found = this.charges.get(decodeURIComponent(charge[1] ?? ''))
      return found ? { status: 200, body: found } : tapError(404, '1143', 'Charge id is invalid')
    }
    const refund = /^\/v2\/refunds\/([^/?]+)$/.exec(recorded.path)
    if (refund && recorded.method === 'GET') {
      const found = this.refunds.get(decodeURIComponent(refund[1] ?? ''))
      return found ? { status: 200, body: found } : tapError(404, '1145', 'Refund id is invalid')
    }
    return tapError(404, '1001', 'Not found')
  }

  private createCharge(body: Record<string, unknown>): FakeReply {
    const reference = (body.reference ?? {}) as FakeCharge['reference']
    const replay = reference.idempotent ? this.idempotent.get(`charge:${reference.idempotent}`) : undefined
    if (replay) return { status: 200, body: this.charges.get(replay) }
    const source = (body.source ?? {}) as { id?: string }
    const customer = (body.customer ?? {}) as Record<string, unknown>
    const amount = Number(body.amount)
    const redirect = (body.redirect ?? {}) as { url?: string }
    const post = (body.post ?? {}) as { url?: string }
    if (!Number.isFinite(amount) || amount <= 0) return tapError(400, '1117', 'Amount is invalid')
    if (body.currency !== 'BHD' && source.id === 'src_bh.benefit')
      return tapError(400, '1120', 'Currency is not supported by BENEFIT')
    if (!source.id || !['src_bh.benefit', 'src_card', 'src_all'].includes(source.id))
      return tapError(400, '1126', 'Source id is invalid')
    if (!customer.first_name || !customer.email) return tapError(400, '1102', 'Customer is required')
    if (!redirect.url) return tapError(400, '1106', 'Redirect url is required')
    const id = `chg_TS0${randomDigits(4)}${randomBytes(9).toString('hex')}`
    const charge: FakeCharge = {
      id,
      object: 'charge',
      live_mode: false,
      status: 'INITIATED',
      amount,
      currency: String(body.currency),
      threeDSecure: true,
      description: String(body.description ?? ''),
      customer,
      source: {
        object: 'source',
        id: source.id,
        ...(source.id === 'src_bh.benefit' ? { payment_method: 'BENEFIT' } : {}),
      },
      redirect: { status: 'PENDING', url: redirect.url },
      post: { status: 'PENDING', url: post.url ?? '' },
      reference,
      transaction: {
        timezone: 'UTC+03:00',
        created: String(Date.now()),
        url: `${this.url}/gosell/pay?chg=${id}`,
        expiry: { period: 30, type: 'MINUTE' },
      },
      response: responseCodes.INITIATED ?? { code: '100', message: 'Initiated' },
    }
    this.charges.set(id, charge)
    if (reference.idempotent) this.idempotent.set(`charge:${reference.idempotent}`, id)
    return { status: 200, body: charge }
  }

  private createRefund(body: Record<string, unknown>): FakeReply {
    const reference = (body.reference ?? {}) as FakeTapRefund['reference']
    const replay = reference.idempotent ? this.idempotent.get(`refund:${reference.idempotent}`) : undefined
    if (replay) return { status: 200, body: this.refunds.get(replay) }
    const charge = this.charges.get(String(body.charge_id))
    if (!charge) return tapError(400, '1143', 'Charge id is invalid')
    if (charge.status !== 'CAPTURED') return tapError(400, '1148', 'Charge is not captured')
    const amount = Number(body.amount)
    const refunded = [...this.refunds.values()]
      .filter((refund) => refund.charge_id === charge.id)
      .reduce((sum, refund) => sum + Math.round(refund.amount * 1000), 0)
    if (
      !Number.isFinite(amount) ||
      amount <= 0 ||
      refunded + Math.round(amount * 1000) > Math.round(charge.amount * 1000)
    )
      return tapError(400, '1149', 'Refund amount exceeds the charge')
    const refund: FakeTapRefund = {
      id: `re_TS0${randomDigits(4)}${randomBytes(9).toString('hex')}`,
      object: 'refund',
      charge_id: charge.id,
      amount,
      currency: String(body.currency),
      reason: String(body.reason ?? ''),
      status: this.keepRefundsPending ? 'PENDING' : 'REFUNDED',
      reference,
    }
    this.refunds.set(refund.id, refund)
    if (reference.idempotent) this.idempotent.set(`refund:${reference.idempotent}`, refund.id)
    return { status: 200, body: refund }
  }
}

function tapError(status: number, code: string, description: string): FakeReply {
  return { status, body: { errors: [{ code, description }] } }
}

function randomDigits(length: number): string {
  return Array.from({ length }, () => Math.floor(Math.random() * 10)).join('')
}

/**
 * Tap's webhook signature as its documentation gives it, written here on its own (not the app's
 * code) so the test checks the app against the documented recipe.
 */
export function hashString(charge: FakeCharge, key: string): string {
  const decimals = ['BHD', 'KWD', 'OMR', 'JOD'].includes(charge.currency) ? 3 : 2
  const text =
    `x_id${charge.id}` +
    `x_amount${charge.amount.toFixed(decimals)}` +
    `x_currency${charge.currency}` +
    `x_gateway_reference${charge.reference.gateway ?? ''}` +
    `x_payment_reference${charge.reference.payment ?? ''}` +
    `x_status${charge.status}` +
    `x_created${charge.transaction.created}`
  return createHmac('sha256', key).update(text).digest('hex')
}

/** The PayPal side for Tap's orders, which must not ask it: every call fails. */
export const payPalNotAsked = {
  kind: 'test',
  clientId: null,
  createOrder: () => Promise.reject(new Error('not PayPal')),
  captureOrder: () => Promise.reject(new Error('not PayPal')),
  findCapture: () => Promise.reject(new Error('not PayPal')),
  refund: () => Promise.reject(new Error('not PayPal')),
} as const
