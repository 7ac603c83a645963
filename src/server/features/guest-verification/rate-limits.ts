import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { HttpError } from '../../plugins/errors.ts'
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

export type Limiter = (request: FastifyRequest, reply: FastifyReply) => Promise<void>

function limiter(
  app: FastifyInstance,
  { max, timeWindow }: { max: number; timeWindow: number },
  keyGenerator: (request: FastifyRequest) => string,
  message: (minutes: number) => string,
): Limiter {
  const check = app.createRateLimit({ max, timeWindow, keyGenerator })
  return async (request, reply) => {
    const result = await check(request)
    // `isAllowed` is true only for allow-listed keys; a counted request is refused once it exceeds.
    if (result.isAllowed || !result.isExceeded) return
    reply.header('retry-after', String(result.ttlInSeconds))
    throw new HttpError(429, 'TOO_MANY_ATTEMPTS', message(Math.max(1, Math.ceil(result.ttlInSeconds / 60))))
  }
}

const tooManyCodes = (minutes: number) =>
  `Too many verification codes requested. Please wait ${minutes} minutes and try again.`
const tooManyGuesses = (minutes: number) =>
  `Too many verification attempts. Please wait ${minutes} minutes and try again.`

function addressOf(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined
  return typeof body?.email === 'string' ? normalize(body.email) : ''
}

export function guestCodeRateLimits(app: FastifyInstance) {
  return {
    sendPerIp: limiter(app, guestCodeLimits.sendPerIp, (r) => `guest-send|ip|${r.ip}`, tooManyCodes),
    /** Reads the validated body: call it from the handler, once a code is really about to be sent. */
    sendPerAddress: limiter(
      app,
      guestCodeLimits.sendPerAddress,
      (r) => `guest-send|email|${addressOf(r)}`,
      tooManyCodes,
    ),
    verifyPerIp: limiter(app, guestCodeLimits.verifyPerIp, (r) => `guest-verify|ip|${r.ip}`, tooManyGuesses),
  }
}
