import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { isLocalHostHeader, isLoopbackAddress } from '../http/local-only.ts'

const digest = (text: string) => createHash('sha256').update(text).digest()

/**
 * A request made on this machine with nothing between: the socket's peer is loopback and no proxy
 * says it forwarded the request. A local HAProxy also connects from loopback, but it adds
 * X-Forwarded-For, so what it forwards from outside still needs the token.
 */
function fromThisMachine(request: FastifyRequest): boolean {
  const { headers } = request
  const forwarded = headers['x-forwarded-for'] ?? headers.forwarded ?? headers['x-real-ip']
  return (
    forwarded === undefined &&
    isLoopbackAddress(request.socket.remoteAddress) &&
    // Another site's page in a browser on this machine (DNS rebinding) names its own host.
    isLocalHostHeader(headers.host)
  )
}

/**
 * The onRequest guard of /metrics (docs/decisions/039): a scraper on this machine, or one that
 * shows `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time). Anyone else is told
 * there is no such page, as for any unknown path, so the endpoint's existence is not revealed.
 */
export function metricsAccess(token: string) {
  const expected = token ? digest(token) : undefined
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (fromThisMachine(request)) return
    const given = /^Bearer +(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1]
    // Digests of equal length, so the comparison takes the same time whatever was sent.
    if (expected && given && timingSafeEqual(digest(given), expected)) return
    return reply.callNotFound()
  }
}
