import type { FastifyInstance, FastifyRequest } from 'fastify'
import { byAccount, byClient, limitBy } from '../../platform/http/rate-limits.ts'

/**
 * How often reviews may be sent: a visit is reviewed once, so a few tries at one visit from one
 * client are plenty; one account or one client a few more. Reading a link only slows a scraper
 * (its token is signed).
 */
export const reviewSubmitLimits = {
  perVisitAndClient: { max: 5, timeWindow: 60 * 60_000 },
  perAccount: { max: 10, timeWindow: 60 * 60_000 },
  perIp: { max: 30, timeWindow: 15 * 60_000 },
} as const
export const reviewLinkRateLimit = { max: 60, timeWindow: 60_000 }

/**
 * The visit a review link names (its id, before the signature is checked) and the client trying it:
 * each pair counts apart. The id alone would let anyone lock a visit's real link for the hour with
 * a few junk tokens naming it; counted with the caller, only the caller's own tries are slowed.
 */
function visitAndClientOf(request: FastifyRequest): string | undefined {
  const token = (request.params as { token?: unknown } | undefined)?.token
  return typeof token === 'string' ? `${token.split('.')[0]}|${byClient(request)}` : undefined
}

export function reviewRateLimits(app: FastifyInstance) {
  return {
    submitPerIp: limitBy(app, { ...reviewSubmitLimits.perIp, name: 'ip', by: byClient }),
    submitPerVisit: limitBy(app, {
      ...reviewSubmitLimits.perVisitAndClient,
      name: 'visit-client',
      by: visitAndClientOf,
    }),
    submitPerAccount: limitBy(app, { ...reviewSubmitLimits.perAccount, name: 'account', by: byAccount }),
    link: limitBy(app, { ...reviewLinkRateLimit, name: 'ip', by: byClient }),
  }
}
