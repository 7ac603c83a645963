import { isIP } from 'node:net'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../config.ts'
import { isLoopbackAddress } from './local-only.ts'

/**
 * One address for the site, the one PUBLIC_URL names: it is in every link the site makes (mails,
 * the payment pages' way back), and a browser keeps a cart and a session per origin. So the
 * start-up line names that address to open, not the socket's (127.0.0.1), which is another origin.
 */
export function listeningText(address: string, config: Pick<Config, 'NODE_ENV' | 'PUBLIC_URL'>): string {
  const socket = address.replace(/^https?:\/\//, '')
  const site = config.PUBLIC_URL.replace(/\/$/, '')
  return config.NODE_ENV === 'production'
    ? `Server listening on ${socket} for ${site}`
    : `Server listening on ${socket}; open ${site}`
}

/** localhost (or a *.localhost name), 127.0.0.0/8 or ::1: a name of this machine for its own browser. */
function isLoopbackName(hostname: string): boolean {
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true
  return isIP(bare) !== 0 && isLoopbackAddress(bare)
}

/**
 * Development: a page opened on this machine under another of its names (http://127.0.0.1:3000
 * while PUBLIC_URL is http://localhost:3000) is sent to PUBLIC_URL's, before any cart or session is
 * made on the other origin, which the payment pages' way back would leave behind. Only pages
 * (a browser asking for HTML), only from this machine, and only when PUBLIC_URL names this machine
 * too; the API answers under any name, as before.
 */
export const oneOriginPlugin = fp<{ publicUrl: string }>(async (app: FastifyInstance, { publicUrl }) => {
  const site = new URL(publicUrl)
  if (!isLoopbackName(site.hostname)) return
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return
    if (!request.headers.accept?.includes('text/html') || request.url.startsWith('/api/')) return
    const host = request.headers.host
    if (!host || host === site.host || !URL.canParse(`http://${host}`)) return
    if (!isLoopbackName(new URL(`http://${host}`).hostname)) return
    if (!isLoopbackAddress(request.socket.remoteAddress)) return
    return reply.redirect(`${site.origin}${request.url}`, 307)
  })
})
