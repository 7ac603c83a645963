import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { HttpError } from './errors.ts'

/** Deeper than any request body of ours; far shallower than what overflows the stack. */
export const maxJsonDepth = 32

const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/**
 * JSON bodies, parsed like Fastify's own parser (which refuses `__proto__` and
 * `constructor.prototype` keys), then refused with a 400 when they hold what no endpoint can use
 * and what would otherwise fail deep inside with a 500: a NUL character (PostgreSQL cannot store
 * it), a lone UTF-16 surrogate (not Unicode text at all), or nesting deeper than `maxJsonDepth`
 * (better-auth's body is serialised again, which overflows the stack on a deeply nested one).
 */
export const jsonBodyPlugin = fp(async (app: FastifyInstance) => {
  const parse = app.getDefaultJsonParser('error', 'error')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parse(request, body.toString(), (error, value) => {
      if (error) return done(error)
      const problem = bodyProblem(value)
      return problem ? done(problem) : done(null, value)
    })
  })
})

/** Walks the parsed body without recursion, so a deep body cannot overflow the stack here either. */
function bodyProblem(body: unknown): HttpError | undefined {
  const pending: Array<{ value: unknown; depth: number }> = [{ value: body, depth: 0 }]
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, depth } = next
    if (typeof value === 'string') {
      if (value.includes('\u0000') || loneSurrogate.test(value)) return new HttpError(400, 'INVALID_TEXT')
    } else if (value !== null && typeof value === 'object') {
      if (depth >= maxJsonDepth) return new HttpError(400, 'NESTED_TOO_DEEPLY')
      const entries = Array.isArray(value) ? value : Object.entries(value).flat()
      for (const item of entries) pending.push({ value: item, depth: depth + 1 })
    }
  }
  return undefined
}
