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

/**
 * Header lines as a flat list of names and values, ready for Node's writeHead: a copy is given
 * thousands of times a second, and building a headers object for each was its largest cost.
 */
type HeaderLines = string[]

interface SharedAnswer {
  /** Its headers with its length, for a 200; and those a 304 keeps. */
  lines: HeaderLines
  notModifiedLines: HeaderLines
  body: Buffer
  etag: string | undefined
  /** When it was kept, on the app's clock, and for how long. */
  keptAt: number
  forMs: number
}

/** An answer being made, and how to hand it (or nothing) to the requests waiting for it. */
interface Making {
  answer: Promise<SharedAnswer | undefined>
  settle(answer: SharedAnswer | undefined): void
}

function startMaking(longestWaitMs: number, onTimeout: () => void): Making {
  let resolve: (answer: SharedAnswer | undefined) => void = () => {}
  const answer = new Promise<SharedAnswer | undefined>((settle) => {
    resolve = settle
  })
  // A route that never sends an answer (a hung read) must not hold the others forever.
  const bound = setTimeout(() => {
    onTimeout()
    resolve(undefined)
  }, longestWaitMs)
  bound.unref()
  return {
    answer,
    settle(made) {
      clearTimeout(bound)
      resolve(made)
    },
  }
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
export const sharedAnswersPlugin = fp<{
  now: () => Date
  maxAnswers?: number
  maxBytes?: number
  /** The longest the same link's requests wait for one being answered before making their own. */
  longestWaitMs?: number
}>(
  async (
    app: FastifyInstance,
    { now, maxAnswers = 1_000, maxBytes = 16 * 1024 * 1024, longestWaitMs = 5_000 },
  ) => {
    // Bounded in count and in bytes: a flood of made-up links cannot grow it past either.
    const answers = new LRUCache<string, SharedAnswer>({
      max: maxAnswers,
      maxSize: maxBytes,
      sizeCalculation: (answer) => answer.body.length + 1_024,
    })
    app.decorate('sharedAnswers', { forget: () => answers.clear() })

    // The requests making an answer right now, by key, and what the ones asking meanwhile wait for.
    const making = new Map<string, Making>()
    const makerOf = new WeakMap<FastifyRequest, { key: string; making: Making }>()
    const finish = (request: FastifyRequest, answer: SharedAnswer | undefined) => {
      const maker = makerOf.get(request)
      if (!maker) return
      makerOf.delete(request)
      if (making.get(maker.key) === maker.making) making.delete(maker.key)
      maker.making.settle(answer)
    }

    app.addHook('onRequest', (request, reply, done) => {
      if (request.method !== 'GET' || !request.routeOptions.config.sharedForMs) return done()
      const key = keyOf(request)
      const answer = answers.get(key)
      if (answer) {
        // A clock set back (a test's, or one corrected) does not make an older answer fresh.
        const age = now().getTime() - answer.keptAt
        if (age >= 0 && age < answer.forMs) return answerWith(request, reply, answer)
        answers.delete(key)
      }
      // The same link asked while its answer is being made waits for that answer rather than making
      // its own: a burst at the moment a copy expires costs one pass through the app, not one each.
      const underway = making.get(key)
      if (underway) {
        underway.answer.then((made) => (made ? answerWith(request, reply, made) : done()))
        return
      }
      // Past the longest wait the entry goes too, so the link's next burst is shared again.
      const started = startMaking(longestWaitMs, () => {
        if (making.get(key) === started) making.delete(key)
      })
      making.set(key, started)
      makerOf.set(request, { key, making: started })
      done()
    })
    // The copy is taken after every other onSend hook has had its say: a route's own hooks run last.
    app.addHook('onRoute', (route) => {
      const sharedForMs = route.config?.sharedForMs
      if (!sharedForMs) return
      const keep: onSendHookHandler = (request, reply, payload, done) => {
        const body = typeof payload === 'string' ? Buffer.from(payload) : payload
        const answer =
          request.method === 'GET' && Buffer.isBuffer(body) && shareable(reply)
            ? copyOf(reply, body, now().getTime(), sharedForMs)
            : undefined
        if (answer) answers.set(keyOf(request), answer)
        // An answer not to be kept (an error, a private one) lets the waiting requests make their own.
        finish(request, answer)
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

function copyOf(reply: FastifyReply, body: Buffer, keptAt: number, forMs: number): SharedAnswer {
  const lines: HeaderLines = []
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value === undefined || ownHeaders.includes(name)) continue
    if (name === 'content-encoding' || name === 'content-type') continue
    for (const one of Array.isArray(value) ? value : [value]) lines.push(name, String(one))
  }
  const bodyLines: HeaderLines = []
  for (const name of ['content-encoding', 'content-type']) {
    const value = reply.getHeader(name)
    if (value !== undefined) bodyLines.push(name, String(value))
  }
  return {
    lines: [...lines, ...bodyLines, 'content-length', String(body.length)],
    notModifiedLines: lines,
    body,
    etag: headerText(reply.getHeader('etag')),
    keptAt,
    forMs,
  }
}

/** Answers from the copy, with this request's id; a client that has it already gets a 304. */
function answerWith(request: FastifyRequest, reply: FastifyReply, answer: SharedAnswer) {
  reply.hijack()
  if (answer.etag && matchesEtag(request.headers['if-none-match'], answer.etag)) {
    reply.raw.writeHead(304, [...answer.notModifiedLines, 'x-request-id', request.id])
    reply.raw.end()
    return
  }
  reply.raw.writeHead(200, [...answer.lines, 'x-request-id', request.id])
  reply.raw.end(answer.body)
}

function headerText(value: ReturnType<FastifyReply['getHeader']>): string | undefined {
  return value === undefined ? undefined : String(value)
}
