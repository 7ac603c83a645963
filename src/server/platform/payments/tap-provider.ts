import { parsePhoneNumberFromString } from 'libphonenumber-js/min'
import { z } from 'zod'
import { PaymentError } from './provider.ts'
import { type Charge, type TapProvider, type TapRefund, tapSources } from './tap.ts'
import { verifyTapSignature } from './tap-signature.ts'

export interface TapProviderOptions {
  /** sk_test_… or sk_live_…: stays on the server; also the webhook's signing key. */
  secretKey: string
  /** https://api.tap.company (or a local fake in tests). */
  apiBase: string
  /** Limit for each HTTP request to Tap, reading the answer included. */
  timeoutMs: number
  fetch?: typeof fetch
}

/** Tap's limit for a charge's description is generous; ours stays short and readable on BENEFIT's page. */
const maxDescriptionLength = 127

const chargeAnswer = z.object({
  id: z.string().min(1),
  status: z.string(),
  amount: z.union([z.number(), z.string()]),
  currency: z.string(),
  reference: z.object({ order: z.string().optional() }).loose().optional(),
  transaction: z.object({ url: z.string().optional() }).loose().optional(),
  source: z.object({ payment_method: z.string().optional() }).loose().optional(),
})

const refundAnswer = z.object({ id: z.string().min(1), status: z.string() })

/** Tap's error body: `errors[0].code` and `description`. */
const errorAnswer = z.object({
  errors: z.array(
    z.object({ code: z.union([z.string(), z.number()]).optional(), description: z.string().optional() }),
  ),
})

interface Answer {
  status: number
  json: unknown
}

/**
 * BENEFIT and card payments in BHD through Tap's Charges and Refunds API (v2), with plain fetch
 * (Tap publishes no server SDK for Node). Answers are checked before use; every failure becomes a
 * PaymentError whose message never carries the secret key. Each charge and refund carries
 * `reference.idempotent` made from our ids, so a retry within Tap's 24 hours repeats the first.
 */
export function createTapProvider(options: TapProviderOptions): TapProvider {
  const apiBase = options.apiBase.replace(/\/+$/, '')
  const fetchFn = options.fetch ?? globalThis.fetch

  async function call(path: string, body?: unknown): Promise<Answer> {
    let response: Response
    let text: string
    try {
      response = await fetchFn(`${apiBase}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          Authorization: `Bearer ${options.secretKey}`,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      })
      text = await response.text()
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError'
      throw new PaymentError(
        'unavailable',
        timedOut ? `Tap did not answer within ${options.timeoutMs} ms` : 'Tap could not be reached',
      )
    }
    let json: unknown = null
    try {
      json = text ? JSON.parse(text) : null
    } catch {
      // Left null: a 2xx then fails its schema check, an error keeps its status.
    }
    return { status: response.status, json }
  }

  return {
    kind: 'tap',

    async createCharge(input) {
      if (!/^\d+\.\d{3}$/.test(input.amount))
        throw new PaymentError('invalid', `"${input.amount}" is not a BHD amount with 3 decimals`)
      const answer = await call('/v2/charges', {
        amount: Number(input.amount),
        currency: 'BHD',
        threeDSecure: true,
        save_card: false,
        description: input.description.slice(0, maxDescriptionLength),
        customer: tapCustomer(input.customer),
        source: { id: tapSources[input.source] },
        redirect: { url: input.redirectUrl },
        post: { url: input.postUrl },
        // One charge per order: a retry (ours, or after a timeout that did reach Tap) gets it back.
        reference: {
          order: input.orderId,
          transaction: input.orderId,
          idempotent: `charge-${input.orderId}`,
        },
      })
      return toCharge(expectSuccess(answer, chargeAnswer, 'create the charge'))
    },

    async retrieveCharge(chargeId) {
      const answer = await call(`/v2/charges/${encodeURIComponent(chargeId)}`)
      return toCharge(expectSuccess(answer, chargeAnswer, 'read the charge'))
    },

    async refund(input) {
      if (!/^\d+\.\d{3}$/.test(input.amount))
        throw new PaymentError('invalid', `"${input.amount}" is not a BHD amount with 3 decimals`)
      const answer = await call('/v2/refunds', {
        charge_id: input.chargeId,
        amount: Number(input.amount),
        currency: 'BHD',
        reason: input.reason,
        reference: { merchant: input.refundKey, idempotent: input.refundKey },
      })
      return toRefund(expectSuccess(answer, refundAnswer, 'refund the charge'))
    },

    async retrieveRefund(refundId) {
      const answer = await call(`/v2/refunds/${encodeURIComponent(refundId)}`)
      return toRefund(expectSuccess(answer, refundAnswer, 'read the refund'))
    },

    verifyWebhook(charge, hashstring) {
      return verifyTapSignature(charge, hashstring, options.secretKey)
    },
  }
}

/** Tap's customer: names, e-mail, and the phone split into its country code and number when known. */
export function tapCustomer(customer: { firstName: string; lastName: string; email: string; phone: string }) {
  const phone = customer.phone ? parsePhoneNumberFromString(customer.phone) : undefined
  return {
    first_name: customer.firstName,
    last_name: customer.lastName,
    email: customer.email,
    ...(phone?.isValid()
      ? { phone: { country_code: phone.countryCallingCode, number: phone.nationalNumber } }
      : {}),
  }
}

function toCharge(charge: z.infer<typeof chargeAnswer>): Charge {
  return {
    id: charge.id,
    status: charge.status,
    amount: String(charge.amount),
    currency: charge.currency,
    orderId: charge.reference?.order ?? null,
    transactionUrl: charge.transaction?.url ?? null,
    paymentMethod: charge.source?.payment_method ?? null,
  }
}

function toRefund(refund: z.infer<typeof refundAnswer>): TapRefund {
  return { refundId: refund.id, status: refund.status }
}

/** The answer's data when it is a 2xx of the expected shape; otherwise the PaymentError it stands for. */
function expectSuccess<T>(answer: Answer, schema: z.ZodType<T>, action: string): T {
  if (answer.status >= 200 && answer.status < 300) {
    const parsed = schema.safeParse(answer.json)
    if (parsed.success) return parsed.data
    throw new PaymentError('unavailable', `Tap's answer to ${action} was not understood`, {
      status: answer.status,
    })
  }
  const first = errorAnswer.safeParse(answer.json).data?.errors[0]
  const issue = first ? `${first.code ?? ''} ${first.description ?? ''}`.trim() : undefined
  const details = { status: answer.status, ...(issue ? { issue } : {}) }
  const reason = `Tap could not ${action}: ${issue ?? `HTTP ${answer.status}`}`
  // 429 is Tap throttling us, and a 5xx its own failure: neither says anything about the payer.
  if (answer.status >= 500 || answer.status === 429) throw new PaymentError('unavailable', reason, details)
  if (answer.status === 401 || answer.status === 403)
    throw new PaymentError('unavailable', 'Tap refused the secret key', details)
  throw new PaymentError(answer.status === 402 ? 'declined' : 'invalid', reason, details)
}
