import type { OutgoingHttpHeaders } from 'node:http'
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify'
import fp from 'fastify-plugin'
import { LRUCache } from 'lru-cache'
import { preferredEncoding } from './content-encoding.ts'
import { matchesEtag } from './etag.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * For how many milliseconds this GET route's answer may be given again, as it was, to anyone
     * asking for the same URL (src/server/platform/http/shared-answers.ts). Only for a route whose
     * answer depends on its URL alone: not on the caller, the language or a cookie.
     */
    sharedForMs?: number
  }
}

/** Headers as Fastify keeps them (a number for a length), which Node's writeHead takes. */
type Headers = ReturnType<FastifyReply['getHeaders']>

interface SharedAnswer {
  headers: Headers
  body: Buffer
  etag: string | undefined
  /** When it was kept, on the app's clock, and for how long. */
  keptAt: number
  forMs: number
}

export interface SharedAnswers {
  /** Forgets every kept answer: what they were made from has changed. */
  forget(): void
}

declare module 'fastify' {
  interface FastifyInstance {
    sharedAnswers: SharedAnswers
  }
}

/** Headers that belong to one response, never to a copy of it. */
const ownHeaders = ['x-request-id', 'date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']

/**
 * A moment's cache of public answers, in front of every other hook (docs/decisions/052). A route
 * whose answer is the same for everyone (the venue list) says so with `sharedForMs`; its answer to
 * a URL, in each content encoding, is then kept that long, and a request for it is answered at the
 * start of its lifecycle: a burst of the same link costs one pass through the app instead of one
 * each. The copy carries the answer's own headers (its security headers, ETag and caching) and the
 * request's own id; metrics and the request log see it as any other answer. An answer is kept only
 * when it is a 200 that says it is `public` and sets no cookie, and at most 1,000 answers or 16 MiB
 * are kept, the least used going first. The feature whose data it shows forgets them all when that
 * data changes (`app.sharedAnswers.forget()`).
 */
export const sharedAnswersPlugin = fp<{ now: () => Date; maxAnswers?: number; maxBytes?: number }>(
  async (app: FastifyInstance, { now, maxAnswers = 1_000, maxBytes = 16 * 1024 * 1024 }) => {
    // Bounded in count and in bytes: a flood of made-up links cannot grow it past either.
    const answers = new LRUCache<string, SharedAnswer>({
      max: maxAnswers,
      maxSize: maxBytes,
      sizeCalculation: (answer) => answer.body.length + 1_024,
    })
    app.decorate('sharedAnswers', { forget: () => answers.clear() })

    app.addHook('onRequest', (request, reply, done) => {
      if (!request.routeOptions.config.sharedForMs || request.method !== 'GET') return done()
      const key = keyOf(request)
      const answer = answers.get(key)
      if (!answer) return done()
      // A clock set back (a test's, or one corrected) does not make an older answer fresh.
      const age = now().getTime() - answer.keptAt
      if (age < 0 || age >= answer.forMs) {
        answers.delete(key)
        return done()
      }
      answerWith(request, reply, answer)
    })

    // The copy is taken after every other onSend hook has had its say: a route's own hooks run last.
    app.addHook('onRoute', (route) => {
      const sharedForMs = route.config?.sharedForMs
      if (!sharedForMs) return
      const keep: onSendHookHandler = (request, reply, payload, done) => {
        const body = typeof payload === 'string' ? Buffer.from(payload) : payload
        if (request.method === 'GET' && Buffer.isBuffer(body) && shareable(reply))
          answers.set(keyOf(request), {
            headers: copyableHeaders(reply),
            body,
            etag: headerText(reply.getHeader('etag')),
            keptAt: now().getTime(),
            forMs: sharedForMs,
          })
        done(null, payload)
      }
      route.onSend = [
        ...(Array.isArray(route.onSend) ? route.onSend : route.onSend ? [route.onSend] : []),
        keep,
      ]
    })
  },
  { name: 'shared-answers' },
)

/** The URL as asked, in the encoding its answer would be sent in. */
function keyOf(request: FastifyRequest): string {
  return `${preferredEncoding(request.headers['accept-encoding']) ?? 'identity'} ${request.url}`
}

function shareable(reply: FastifyReply): boolean {
  const cacheControl = headerText(reply.getHeader('cache-control')) ?? ''
  return (
    reply.statusCode === 200 &&
    /\bpublic\b/.test(cacheControl) &&
    !/\b(no-store|private)\b/.test(cacheControl) &&
    reply.getHeader('set-cookie') === undefined
  )
}

function copyableHeaders(reply: FastifyReply): Headers {
  const headers: Headers = { ...reply.getHeaders() }
  for (const name of ownHeaders) delete headers[name]
  return headers
}

/** Answers from the copy, with this request's id; a client that has it already gets a 304. */
function answerWith(request: FastifyRequest, reply: FastifyReply, answer: SharedAnswer) {
  reply.hijack()
  if (answer.etag && matchesEtag(request.headers['if-none-match'], answer.etag)) {
    const headers: Headers = { ...answer.headers, 'x-request-id': request.id }
    delete headers['content-encoding']
    delete headers['content-type']
    reply.raw.writeHead(304, headers as OutgoingHttpHeaders)
    reply.raw.end()
    return
  }
  const headers: Headers = {
    ...answer.headers,
    'content-length': answer.body.length,
    'x-request-id': request.id,
  }
  reply.raw.writeHead(200, headers as OutgoingHttpHeaders)
  reply.raw.end(answer.body)
}

function headerText(value: ReturnType<FastifyReply['getHeader']>): string | undefined {
  return value === undefined ? undefined : String(value)
}
