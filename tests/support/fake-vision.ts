import { randomBytes } from 'node:crypto'
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http'
import { FakeJsonServer, type FakeReply } from './fake-json-server.ts'

export interface RecordedVisionRequest {
  method: string
  path: string
  headers: IncomingHttpHeaders
  /** The parsed JSON body, or undefined when it was not JSON. */
  body: unknown
}

/** Anthropic's error kinds, each answered with its real status and error body. */
export const visionFailures = {
  // As the real API words it: the organisation's id is not for visitors' eyes.
  authentication: {
    status: 401,
    type: 'authentication_error',
    message: 'invalid x-api-key (org 7c1f6b0e-2d4a-4f3e-9b1a-daypass-demo)',
  },
  'invalid-request': {
    status: 400,
    type: 'invalid_request_error',
    message: 'messages.0.content.0.image.source.base64: The image could not be processed.',
  },
  'rate-limit': {
    status: 429,
    type: 'rate_limit_error',
    message: 'Number of request tokens has exceeded your per-minute rate limit.',
  },
  overloaded: { status: 529, type: 'overloaded_error', message: 'Overloaded' },
  'api-error': { status: 500, type: 'api_error', message: 'Internal server error' },
} as const
export type VisionFailure = keyof typeof visionFailures

type Reply = FakeReply

export const defaultVisionReply = '{"equipment": "treadmill", "confidence": 0.92}'

/**
 * A local Anthropic Messages API for tests, on 127.0.0.1: it checks the x-api-key and
 * anthropic-version headers and the request's shape, records every request, and answers in
 * Anthropic's wire format with `replyText`, or with one of Anthropic's failures. Start it
 * in-process (Vitest, or the e2e global setup) and point VISION_API_BASE at `url`.
 */
export class FakeVision extends FakeJsonServer {
  readonly requests: RecordedVisionRequest[] = []
  /** The text the "model" answers with. */
  replyText: string = defaultVisionReply
  /** Answer every request with this Anthropic error instead. */
  failWith: VisionFailure | null = null
  /** Wait this long before answering: set it above the client's timeout. */
  delayMs = 0

  constructor(readonly apiKey = 'fake-vision-key') {
    super()
  }

  /** Back to a working model with no history, for a fake shared by several tests. */
  reset(): void {
    this.requests.length = 0
    this.replyText = defaultVisionReply
    this.failWith = null
    this.delayMs = 0
  }

  protected override replyHeaders(): Record<string, string> {
    return { 'request-id': `req_${randomBytes(12).toString('hex')}` }
  }

  protected async respond(request: IncomingMessage, rawBody: string): Promise<Reply> {
    let body: unknown
    try {
      body = JSON.parse(rawBody)
    } catch {
      body = undefined
    }
    const recorded = {
      method: request.method ?? 'GET',
      path: request.url ?? '/',
      headers: request.headers,
      body,
    }
    this.requests.push(recorded)
    if (this.delayMs > 0) await this.sleep(this.delayMs)

    if (recorded.method !== 'POST' || recorded.path !== '/v1/messages')
      return apiError(404, 'not_found_error', 'Not found')
    if (recorded.headers['x-api-key'] !== this.apiKey)
      return apiError(401, 'authentication_error', visionFailures.authentication.message)
    if (recorded.headers['anthropic-version'] !== '2023-06-01')
      return apiError(400, 'invalid_request_error', 'anthropic-version: header is required')
    const problem = shapeProblem(body)
    if (problem) return apiError(400, 'invalid_request_error', problem)
    if (this.failWith) {
      const failure = visionFailures[this.failWith]
      return apiError(failure.status, failure.type, failure.message)
    }
    const model = (body as { model: string }).model
    return {
      status: 200,
      body: {
        id: `msg_${randomBytes(12).toString('hex')}`,
        type: 'message',
        role: 'assistant',
        model,
        content: [{ type: 'text', text: this.replyText }],
        stop_reason: 'end_turn',
        stop_sequence: null,
        usage: { input_tokens: 1600, output_tokens: 20 },
      },
    }
  }
}

/** What Anthropic would refuse in a Messages request, in its own words; undefined when it is fine. */
function shapeProblem(body: unknown): string | undefined {
  const request = body as { model?: unknown; max_tokens?: unknown; messages?: unknown } | undefined
  if (!request || typeof request !== 'object') return 'The request body is not valid JSON.'
  if (typeof request.model !== 'string' || !request.model) return 'model: Field required'
  if (typeof request.max_tokens !== 'number') return 'max_tokens: Field required'
  if (!Array.isArray(request.messages) || request.messages.length === 0) return 'messages: Field required'
  for (const [index, message] of request.messages.entries()) {
    const content = (message as { content?: unknown }).content
    if (!Array.isArray(content)) continue
    for (const [blockIndex, block] of content.entries()) {
      const source = (block as { type?: string; source?: { media_type?: unknown; data?: unknown } }).source
      if ((block as { type?: string }).type !== 'image') continue
      const where = `messages.${index}.content.${blockIndex}.image.source.base64`
      if (!['image/jpeg', 'image/png', 'image/gif', 'image/webp'].includes(String(source?.media_type)))
        return `${where}.media_type: Input should be 'image/jpeg', 'image/png', 'image/gif' or 'image/webp'`
      if (typeof source?.data !== 'string' || !source.data) return `${where}.data: Field required`
    }
  }
  return undefined
}

function apiError(status: number, type: string, message: string): Reply {
  return { status, body: { type: 'error', error: { type, message } } }
}

/** The image blocks of a recorded request, decoded, in the order they were sent. */
export function sentImages(request: RecordedVisionRequest): Array<{ mediaType: string; bytes: Buffer }> {
  const messages = (request.body as { messages?: Array<{ content?: unknown[] }> }).messages ?? []
  return messages.flatMap((message) =>
    (message.content ?? []).flatMap((block) => {
      const { type, source } = block as { type: string; source?: { media_type: string; data: string } }
      return type === 'image' && source
        ? [{ mediaType: source.media_type, bytes: Buffer.from(source.data, 'base64') }]
        : []
    }),
  )
}
