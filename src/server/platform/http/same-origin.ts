import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { sendError } from './errors.ts'
import { isLocalHostHeader } from './local-only.ts'

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])

export interface SameOriginOptions {
  /** PUBLIC_URL's origin: always trusted. */
  publicOrigin: string
  /**
   * Development: also trust the origin the browser actually used (http://127.0.0.1:3100, a LAN
   * address), as long as its host is localhost or an IP address (ADR 016).
   */
  trustLocalOrigins: boolean
  /**
   * Paths another site's server posts to (a payment gateway's webhook), checked by their own
   * signature instead: never a browser's session at work.
   */
  exemptPaths?: readonly string[]
}

/**
 * The origin a request was sent to, when the browser named this machine by localhost or an IP
 * address; undefined for any other host name. better-auth's trusted origins use it too (auth.ts).
 */
export function localOriginOf(protocol: string, host: string | undefined): string | undefined {
  return isLocalHostHeader(host) ? `${protocol}://${host}` : undefined
}

/**
 * Refuses state-changing API requests that a browser sent from another site (cross-site request
 * forgery). A request passes when its Origin is a trusted one; without an Origin, Sec-Fetch-Site
 * must not say cross-site. Clients that are not browsers send neither header and are not affected.
 * In production only PUBLIC_URL's origin is trusted: a site opened at another address is told so,
 * with a code the page can translate, before better-auth's bare 403 could answer.
 */
export const sameOriginPlugin = fp<SameOriginOptions>(
  async (app: FastifyInstance, { publicOrigin, trustLocalOrigins, exemptPaths = [] }) => {
    const trusted = (request: FastifyRequest, origin: string) =>
      origin === publicOrigin ||
      (trustLocalOrigins && origin === localOriginOf(request.protocol, request.headers.host))
    app.addHook('onRequest', async (request, reply) => {
      if (safeMethods.has(request.method) || !request.url.startsWith('/api/')) return
      if (exemptPaths.includes(request.url.split('?')[0] ?? '')) return
      const origin = request.headers.origin
      const fetchSite = request.headers['sec-fetch-site']
      if (origin === undefined ? fetchSite === 'cross-site' : !trusted(request, origin)) {
        return sendError(reply, 403, 'CROSS_ORIGIN', { params: { origin: publicOrigin } })
      }
    })
  },
)
