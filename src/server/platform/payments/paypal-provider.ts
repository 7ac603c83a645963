import { z } from 'zod'
import { type CaptureResult, PaymentError, type PaymentProvider } from './provider.ts'

export interface PayPalProviderOptions {
  clientId: string
  clientSecret: string
  /** https://api-m.sandbox.paypal.com or https://api-m.paypal.com (or a local fake in tests). */
  apiBase: string
  /** Limit for each HTTP request to PayPal, reading the answer included. */
  timeoutMs: number
  fetch?: typeof fetch
  /** Milliseconds since the epoch; tests move it to expire the cached token. */
  now?: () => number
}

/** Refresh the access token this long before PayPal says it runs out, so it never expires mid-call. */
const tokenRefreshMarginMs = 60_000
/** PayPal's limit for a purchase unit's description. */
const maxDescriptionLength = 127

const tokenAnswer = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() })

const createAnswer = z.object({ id: z.string().min(1), status: z.string() })

const amountSchema = z.object({ currency_code: z.string(), value: z.string() })
const captureSchema = z.object({ id: z.string().min(1), status: z.string().optional(), amount: amountSchema })
const captureAnswer = z.object({
  id: z.string(),
  status: z.string(),
  purchase_units: z
    .array(z.object({ payments: z.object({ captures: z.array(captureSchema).min(1) }) }))
    .min(1),
})
/** GET of an order: `payments` appears only once something was captured. */
const orderAnswer = z.object({
  id: z.string(),
  status: z.string(),
  purchase_units: z
    .array(z.object({ payments: z.object({ captures: z.array(captureSchema).optional() }).optional() }))
    .min(1),
})

/** POST /v2/payments/captures/{id}/refund answers the refund itself. */
const refundAnswer = z.object({ id: z.string().min(1), status: z.string() })

/** PayPal's error body: `details[0].issue` names the reason, e.g. INSTRUMENT_DECLINED. */
const errorAnswer = z.object({
  name: z.string().optional(),
  details: z.array(z.object({ issue: z.string() })).optional(),
})

interface Answer {
  status: number
  json: unknown
  debugId: string | null
}

/**
 * Card payments through PayPal's Orders v2 REST API, with plain fetch. PayPal's answers are
 * checked before use; every failure becomes a PaymentError, whose message never carries the
 * secret or a token. Each create and capture carries a PayPal-Request-Id made from our order id,
 * so a retry (ours, or after a timeout whose request did reach PayPal) repeats the first result.
 */
export function createPayPalProvider(options: PayPalProviderOptions): PaymentProvider {
  const apiBase = options.apiBase.replace(/\/+$/, '')
  const fetchFn = options.fetch ?? globalThis.fetch
  const now = options.now ?? Date.now
  let cached: { token: string; refreshAt: number } | null = null
  // Callers that find no valid token share one token request instead of each starting their own.
  let pendingToken: Promise<string> | null = null

  async function send(path: string, init: RequestInit): Promise<Answer> {
    let response: Response
    let text: string
    try {
      // One signal for the request and the body, so a server that stalls mid-answer also times out.
      response = await fetchFn(`${apiBase}${path}`, {
        ...init,
        signal: AbortSignal.timeout(options.timeoutMs),
      })
      text = await response.text()
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError'
      throw new PaymentError(
        'unavailable',
        timedOut ? `PayPal did not answer within ${options.timeoutMs} ms` : 'PayPal could not be reached',
      )
    }
    let json: unknown = null
    try {
      json = text ? JSON.parse(text) : null
    } catch {
      // Left null: a 2xx answer then fails its schema check, an error answer keeps its status.
    }
    return { status: response.status, json, debugId: response.headers.get('paypal-debug-id') }
  }

  async function requestToken(): Promise<string> {
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')
    const answer = await send('/v1/oauth2/token', {
      method: 'POST',
      headers: {
        Authorization: `Basic ${basic}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    })
    if (answer.status === 401)
      throw new PaymentError('unavailable', 'PayPal refused the client id and secret', { status: 401 })
    const parsed = answer.status === 200 ? tokenAnswer.safeParse(answer.json) : null
    if (!parsed?.success)
      throw new PaymentError('unavailable', `PayPal's token request failed${describe(answer)}`, {
        status: answer.status,
      })
    const lifetimeMs = parsed.data.expires_in * 1000
    cached = {
      token: parsed.data.access_token,
      refreshAt: now() + lifetimeMs - Math.min(tokenRefreshMarginMs, lifetimeMs / 2),
    }
    return parsed.data.access_token
  }

  function accessToken(): Promise<string> {
    if (cached && now() < cached.refreshAt) return Promise.resolve(cached.token)
    pendingToken ??= requestToken().finally(() => {
      pendingToken = null
    })
    return pendingToken
  }

  /**
   * An authenticated API call: a POST with its PayPal-Request-Id, or a GET when `post` is left out.
   * A 401 means our token was revoked or expired early: get a new one, once.
   */
  async function call(path: string, post?: { requestId: string; body?: unknown }): Promise<Answer> {
    for (let attempt = 1; ; attempt++) {
      const token = await accessToken()
      const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'application/json' }
      if (post)
        Object.assign(headers, {
          'Content-Type': 'application/json',
          'PayPal-Request-Id': post.requestId,
          Prefer: 'return=representation',
        })
      const answer = await send(path, {
        method: post ? 'POST' : 'GET',
        headers,
        body: post?.body === undefined ? undefined : JSON.stringify(post.body),
      })
      if (answer.status !== 401) return answer
      // Drop the token only if no other caller has replaced it in the meantime.
      if (cached?.token === token) cached = null
      if (attempt === 2)
        throw new PaymentError('unavailable', `PayPal refused our access token${describe(answer)}`, {
          status: 401,
        })
    }
  }

  return {
    kind: 'paypal',
    clientId: options.clientId,

    async createOrder({ amountUsd, orderId, description }) {
      if (!/^\d+\.\d{2}$/.test(amountUsd))
        throw new PaymentError('invalid', `"${amountUsd}" is not a USD amount with 2 decimals`)
      const answer = await call('/v2/checkout/orders', {
        requestId: `create-${orderId}`,
        body: {
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: orderId,
              description: description.slice(0, maxDescriptionLength),
              amount: { currency_code: 'USD', value: amountUsd },
            },
          ],
        },
      })
      const order = expectSuccess(answer, createAnswer, 'create the order')
      return { providerOrderId: order.id }
    },

    async captureOrder({ providerOrderId, orderId }): Promise<CaptureResult> {
      // No body: the order already holds the amount, and the payer approved it in PayPal's window.
      const answer = await call(`/v2/checkout/orders/${encodeURIComponent(providerOrderId)}/capture`, {
        requestId: `capture-${orderId}`,
      })
      const order = expectSuccess(answer, captureAnswer, 'capture the payment')
      const capture = order.purchase_units[0]?.payments.captures[0]
      if (!capture) throw new PaymentError('unavailable', 'PayPal answered the capture without a capture')
      return toCaptureResult(capture, order.status)
    },

    async findCapture(providerOrderId) {
      const answer = await call(`/v2/checkout/orders/${encodeURIComponent(providerOrderId)}`)
      const order = expectSuccess(answer, orderAnswer, 'read the order')
      const capture = order.purchase_units[0]?.payments?.captures?.[0]
      return capture ? toCaptureResult(capture, order.status) : null
    },

    async refund({ captureId, amountUsd, refundKey }) {
      if (!/^\d+\.\d{2}$/.test(amountUsd))
        throw new PaymentError('invalid', `"${amountUsd}" is not a USD amount with 2 decimals`)
      const answer = await call(`/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, {
        requestId: refundKey,
        // A partial refund names its amount; invoice_id ties PayPal's refund to our refund row.
        body: { amount: { currency_code: 'USD', value: amountUsd }, invoice_id: refundKey },
      })
      const refund = expectSuccess(answer, refundAnswer, 'refund the payment')
      return { refundId: refund.id, status: refund.status }
    },
  }
}

function toCaptureResult(capture: z.infer<typeof captureSchema>, orderStatus: string): CaptureResult {
  return {
    status: capture.status ?? orderStatus,
    captureId: capture.id,
    amount: { currencyCode: capture.amount.currency_code, value: capture.amount.value },
  }
}

/** The answer's data when it is a 2xx of the expected shape; otherwise the PaymentError it stands for. */
function expectSuccess<T>(answer: Answer, schema: z.ZodType<T>, action: string): T {
  if (answer.status >= 200 && answer.status < 300) {
    const parsed = schema.safeParse(answer.json)
    if (parsed.success) return parsed.data
    throw new PaymentError(
      'unavailable',
      `PayPal's answer to ${action} was not understood${describe(answer)}`,
      {
        status: answer.status,
      },
    )
  }
  const issue = errorAnswer.safeParse(answer.json).data?.details?.[0]?.issue
  const details = { status: answer.status, ...(issue ? { issue } : {}) }
  const reason = `PayPal could not ${action}: ${issue ?? `HTTP ${answer.status}`}${describe(answer)}`
  if (answer.status === 422) throw new PaymentError('declined', reason, details)
  // 429 is PayPal throttling us: like a 5xx, it says nothing about the payer or the request.
  if (answer.status >= 500 || answer.status === 429) throw new PaymentError('unavailable', reason, details)
  throw new PaymentError('invalid', reason, details)
}

/** PayPal's debug id, which its support asks for; never a header or body that could hold a credential. */
function describe(answer: Answer): string {
  return answer.debugId ? ` (PayPal-Debug-Id ${answer.debugId})` : ''
}
