import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { sendError } from '../../plugins/errors.ts'

/** Attempts allowed per 15 minutes on the endpoints that guess passwords or send mail. */
export const authAttemptLimits: Record<string, { perIp: number; perAccount: number }> = {
  '/api/auth/sign-in/email': { perIp: 20, perAccount: 5 },
  '/api/auth/sign-up/email': { perIp: 10, perAccount: 3 },
  '/api/accounts/register': { perIp: 10, perAccount: 3 },
  '/api/auth/request-password-reset': { perIp: 10, perAccount: 3 },
  '/api/auth/send-verification-email': { perIp: 10, perAccount: 3 },
  '/api/auth/reset-password': { perIp: 10, perAccount: 10 },
}
export const authLimitWindowMs = 15 * 60 * 1000

function pathOf(request: FastifyRequest) {
  return request.url.split('?')[0] ?? ''
}

function accountOf(request: FastifyRequest): string {
  const body = request.body as { email?: unknown; token?: unknown } | undefined
  const id = typeof body?.email === 'string' ? body.email : typeof body?.token === 'string' ? body.token : ''
  return id.trim().toLowerCase()
}

/**
 * Limits on sign-in, sign-up, password reset and resending the activation link: per IP address,
 * and per account (the e-mail address named in the request), so neither one address nor one
 * account can be hammered. Answers 429 with a clear message.
 */
export function authRateLimits(app: FastifyInstance) {
  const perIp = app.createRateLimit({
    timeWindow: authLimitWindowMs,
    keyGenerator: (request) => `ip|${pathOf(request)}|${request.ip}`,
    max: (request) => authAttemptLimits[pathOf(request)]?.perIp ?? 1000,
  })
  const perAccount = app.createRateLimit({
    timeWindow: authLimitWindowMs,
    keyGenerator: (request) => `account|${pathOf(request)}|${accountOf(request)}`,
    max: (request) => authAttemptLimits[pathOf(request)]?.perAccount ?? 1000,
  })
  return async function guard(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    if (!authAttemptLimits[pathOf(request)]) return true
    const checks = [await perIp(request), ...(accountOf(request) ? [await perAccount(request)] : [])]
    // `isAllowed` is true only for allow-listed keys; a counted request is refused when it exceeds.
    const refused = checks.find((check) => !check.isAllowed && check.isExceeded)
    if (!refused || refused.isAllowed) return true
    reply.header('retry-after', String(refused.ttlInSeconds))
    await sendError(reply, 429, {
      code: 'TOO_MANY_ATTEMPTS',
      message: `Too many attempts. Please wait ${Math.ceil(refused.ttlInSeconds / 60)} minutes and try again.`,
    })
    return false
  }
}
