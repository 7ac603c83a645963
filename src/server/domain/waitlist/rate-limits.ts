import type { FastifyInstance, FastifyRequest } from 'fastify'
import { byClient, limitBy } from '../../platform/http/rate-limits.ts'

/**
 * How often one may join waiting lists: each request may later send a mail, so one address (the
 * account's, or the guest's proved one) joins a few slots an hour, and one client a few more.
 */
export const waitlistJoinLimits = {
  perAddress: { max: 10, timeWindow: 60 * 60_000 },
  perIp: { max: 30, timeWindow: 15 * 60_000 },
} as const

/** Opening or leaving a request by its link: the token is signed, so this only slows a scraper. */
export const waitlistLinkRateLimit = { max: 60, timeWindow: 60_000 }

async function addressOf(request: FastifyRequest): Promise<string> {
  const caller = await request.caller
  if (caller.kind === 'account') return caller.email.toLowerCase()
  const body = request.body as { guest?: { email?: unknown } } | undefined
  return typeof body?.guest?.email === 'string' ? body.guest.email.trim().toLowerCase() : ''
}

export function waitlistRateLimits(app: FastifyInstance) {
  return {
    joinPerIp: limitBy(app, { ...waitlistJoinLimits.perIp, name: 'ip', by: byClient }),
    /** Reads the validated body: call it from the handler. */
    joinPerAddress: limitBy(app, { ...waitlistJoinLimits.perAddress, name: 'email', by: addressOf }),
    link: limitBy(app, { ...waitlistLinkRateLimit, name: 'ip', by: byClient }),
  }
}
