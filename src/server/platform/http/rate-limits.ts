import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ErrorCode } from '../../../shared/errors.ts'
import { HttpError } from './errors.ts'

/** At most `max` requests per `timeWindow` milliseconds. */
export interface Limit {
  max: number
  timeWindow: number
}

export interface LimitOptions {
  /** The most requests one counter allows per window; a function when it depends on the path. */
  max: number | ((request: FastifyRequest) => number)
  timeWindow: number
  /**
   * What one counter counts: the client (`byClient`), an account, an address… Undefined or empty:
   * the request names nothing to count by, and this limit lets it through.
   */
  by: (request: FastifyRequest) => string | undefined | Promise<string | undefined>
  /** Tells two limits on one path apart, e.g. `ip` and `account`. */
  name: string
  /** The refusal's code; its text names the minutes to wait. Defaults to TOO_MANY_ATTEMPTS. */
  code?: Extract<ErrorCode, 'TOO_MANY_ATTEMPTS' | 'TOO_MANY_CODES' | 'TOO_MANY_GUESSES'>
}

/** A preHandler-style check: returns when the request may go on, throws a 429 when it may not. */
export type Limiter = (request: FastifyRequest, reply: FastifyReply) => Promise<void>

/** The client's address: the socket's peer, or the address the trusted proxies (TRUST_PROXY) name. */
export const byClient = (request: FastifyRequest) => request.ip

/** The signed-in account; nothing for anyone else (their request is refused by its guard). */
export const byAccount = async (request: FastifyRequest) => {
  const caller = await request.caller
  return caller.kind === 'account' ? caller.id : undefined
}

/**
 * The path a request is served by: its route's pattern (`/api/checkout/orders/:id/payment`), or for
 * a catch-all route (better-auth's `/api/auth/*`) the URL's path as the URL standard reads it, which
 * is what better-auth itself routes by. Never the raw URL: `/api/auth/./sign-in/email` counts as
 * `/api/auth/sign-in/email` (and is refused before it gets here, see canonical-path.ts).
 */
export function servedPath(request: FastifyRequest): string {
  const pattern = request.routeOptions.url ?? ''
  if (pattern && !pattern.includes('*')) return pattern
  return canonicalPathOf(request.url)
}

export function canonicalPathOf(url: string): string {
  return URL.canParse(url, 'http://localhost') ? new URL(url, 'http://localhost').pathname : url
}

/**
 * The one way the server limits how often something may be done. Each limit counts per served
 * path, per `name` and per the value `by` gives, in Redis when REDIS_URL is set (shared by every
 * process) or in this process's memory. Over the limit: 429 in the API's error shape, with
 * Retry-After. Use it as a route's onRequest (it reads nothing from the body) or from a handler.
 */
export function limitBy(app: FastifyInstance, options: LimitOptions): Limiter {
  const { max, timeWindow, by, name, code = 'TOO_MANY_ATTEMPTS' } = options
  const check = app.createRateLimit({
    max: typeof max === 'number' ? max : (request: FastifyRequest) => max(request),
    timeWindow,
    keyGenerator: async (request) => `${servedPath(request)}|${name}|${await by(request)}`,
  })
  return async (request, reply) => {
    if (!(await by(request))) return
    const result = await check(request)
    // `isAllowed` is true only for allow-listed keys; a counted request is refused once it exceeds.
    if (result.isAllowed || !result.isExceeded) return
    reply.header('retry-after', String(result.ttlInSeconds))
    throw new HttpError(429, code, { params: { minutes: Math.max(1, Math.ceil(result.ttlInSeconds / 60)) } })
  }
}
