import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { sendError } from './errors.ts'

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Refuses state-changing API requests that a browser sent from another site (cross-site request
 * forgery). A request passes when its Origin is our public origin or the host it was sent to;
 * without an Origin, Sec-Fetch-Site must not say cross-site. Clients that are not browsers send
 * neither header and are not affected.
 */
export const sameOriginPlugin = fp<{ publicOrigin: string }>(
  async (app: FastifyInstance, { publicOrigin }) => {
    app.addHook('onRequest', async (request, reply) => {
      if (safeMethods.has(request.method) || !request.url.startsWith('/api/')) return
      const origin = request.headers.origin
      const allowed =
        origin === undefined ||
        origin === publicOrigin ||
        origin === `${request.protocol}://${request.headers.host}`
      const fetchSite = request.headers['sec-fetch-site']
      if (!allowed || (origin === undefined && fetchSite === 'cross-site')) {
        return sendError(reply, 403, {
          code: 'CROSS_ORIGIN',
          message: 'This request came from another website and was refused.',
        })
      }
    })
  },
)
