import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { sendError } from './errors.ts'
import { canonicalPathOf } from './rate-limits.ts'

/**
 * Whether an API path is written the one way it is served: no `.` or `..` segment (in any
 * spelling, `%2e` included), no empty segment (`//`, a trailing `/`), no backslash, no encoded
 * slash. better-auth reads its path through the URL standard, which resolves `/x/../` and `%2e`;
 * our router and rate limits see the raw text. A path both can read differently is refused.
 */
export function isCanonicalApiPath(path: string): boolean {
  if (path.includes('\\') || /%(2e|2f|5c)/i.test(path)) return false
  return path
    .split('/')
    .slice(1)
    .every((segment) => segment !== '' && segment !== '.' && segment !== '..')
}

/**
 * Refuses, before any route or limit runs, an API request whose path is not canonical: 404, as
 * nothing is served at such a path. Browsers always send canonical paths; only hand-made requests
 * (`POST /api/auth/./sign-in/email`, made to slip past a limit) are affected.
 */
export const canonicalPathPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    const path = request.url.split('?')[0] ?? ''
    const isApi = path.startsWith('/api') || canonicalPathOf(path).startsWith('/api')
    if (!isApi || isCanonicalApiPath(path)) return done()
    reply.header('cache-control', 'no-store')
    sendError(reply, 404, 'NOT_FOUND', { params: { method: request.method, path } })
  })
})
