import type { FastifyInstance, FastifyRequest } from 'fastify'
import { byClient, limitBy } from '../../platform/http/rate-limits.ts'
import { normalize } from './service.ts'

/**
 * How often codes may be asked for and guessed. Each code allows 5 guesses, so the per-address
 * send limit also caps the guesses at any one address; the per-IP limits stop one client from
 * mailing many addresses or guessing across them.
 */
export const guestCodeLimits = {
  sendPerIp: { max: 10, timeWindow: 15 * 60_000 },
  sendPerAddress: { max: 5, timeWindow: 60 * 60_000 },
  verifyPerIp: { max: 30, timeWindow: 15 * 60_000 },
} as const

function addressOf(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined
  return typeof body?.email === 'string' ? normalize(body.email) : ''
}

export function guestCodeRateLimits(app: FastifyInstance) {
  return {
    sendPerIp: limitBy(app, {
      ...guestCodeLimits.sendPerIp,
      name: 'ip',
      by: byClient,
      code: 'TOO_MANY_CODES',
    }),
    /** Reads the validated body: call it from the handler, once a code is really about to be sent. */
    sendPerAddress: limitBy(app, {
      ...guestCodeLimits.sendPerAddress,
      name: 'email',
      by: addressOf,
      code: 'TOO_MANY_CODES',
    }),
    verifyPerIp: limitBy(app, {
      ...guestCodeLimits.verifyPerIp,
      name: 'ip',
      by: byClient,
      code: 'TOO_MANY_GUESSES',
    }),
  }
}
