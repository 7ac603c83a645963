import type { FastifyInstance, FastifyRequest } from 'fastify'
import { byClient, type Limiter, limitBy, servedPath } from '../../platform/http/rate-limits.ts'

/**
 * Attempts allowed per 15 minutes on each account path, counted
 * - per client address (`perIp`): one client cannot try many accounts (password spraying), mail
 *   many addresses, or make endless guest accounts;
 * - per account and client (`perAccountFromOneIp`): one client's wrong guesses lock only that
 *   client out of that account, so a stranger cannot lock out the owner;
 * - per account (`perAccount`): the account named in the request (its e-mail address, or the reset
 *   token), from every address together. For sign-in it is high enough that a few strangers cannot
 *   lock the owner out, and low enough to stop guessing one password from many addresses.
 */
export interface AuthLimit {
  perIp: number
  perAccountFromOneIp?: number
  perAccount?: number
}

export const authAttemptLimits: Record<string, AuthLimit> = {
  '/api/auth/sign-in/email': { perIp: 20, perAccountFromOneIp: 5, perAccount: 100 },
  '/api/accounts/register': { perIp: 10, perAccount: 3 },
  '/api/auth/request-password-reset': { perIp: 10, perAccount: 3 },
  '/api/auth/send-verification-email': { perIp: 10, perAccount: 3 },
  '/api/auth/reset-password': { perIp: 10, perAccount: 10 },
  '/api/auth/change-password': { perIp: 10 },
  // Each one makes a guest account.
  '/api/auth/sign-in/anonymous': { perIp: 10 },
}
/** Every other /api/auth/* path (sign-out, verify-email, the reset link, get-session…): per client. */
export const defaultAuthLimit: AuthLimit = { perIp: 60 }
export const authLimitWindowMs = 15 * 60 * 1000

/** The limits of a served path (see servedPath): its own, else the default. */
export function authLimitOf(path: string): AuthLimit {
  return authAttemptLimits[path] ?? defaultAuthLimit
}

/** The account a request names: its e-mail address, else its reset token; '' when none. */
function accountOf(request: FastifyRequest): string {
  const body = request.body as { email?: unknown; token?: unknown } | undefined
  const id = typeof body?.email === 'string' ? body.email : typeof body?.token === 'string' ? body.token : ''
  return id.trim().toLowerCase()
}

/**
 * The account paths' limits (authAttemptLimits), for better-auth's catch-all and our registration.
 * Checked per client first, so a client over its own limit uses up nobody's account allowance.
 */
export function authRateLimits(app: FastifyInstance): Limiter {
  const limit = (
    name: string,
    count: (limit: AuthLimit) => number | undefined,
    key: (request: FastifyRequest) => string,
  ) =>
    limitBy(app, {
      name,
      timeWindow: authLimitWindowMs,
      max: (request) => count(authLimitOf(servedPath(request))) ?? 0,
      // A path without this kind of limit is not counted by it.
      by: (request) => (count(authLimitOf(servedPath(request))) === undefined ? undefined : key(request)),
    })
  const limiters = [
    limit('ip', (l) => l.perIp, byClient),
    limit(
      'account-ip',
      (l) => l.perAccountFromOneIp,
      (request) => (accountOf(request) ? `${accountOf(request)}|${request.ip}` : ''),
    ),
    limit('account', (l) => l.perAccount, accountOf),
  ]
  return async (request, reply) => {
    for (const check of limiters) await check(request, reply)
  }
}
