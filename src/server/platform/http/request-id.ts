import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { ProxyTrust } from './trusted-proxies.ts'

/** An id a proxy may hand us: a UUID, HAProxy's unique-id, a trace id; nothing that could forge a log line. */
const saneRequestId = /^[A-Za-z0-9._:-]{1,128}$/

/**
 * Fastify's genReqId: each request's id, which every log line of the request carries (reqId) and
 * its answer returns as X-Request-Id (docs/decisions/039). A trusted proxy's X-Request-Id is kept,
 * so its log and ours name the request alike; from anyone else, or when it is malformed, the
 * header is ignored and a fresh UUID is made. "Trusted" is TRUST_PROXY's own decision for the
 * socket's peer, the same one that lets that peer say who the client is.
 */
export function requestIdFrom(trust: ProxyTrust) {
  return (raw: IncomingMessage): string => {
    const peer = raw.socket.remoteAddress
    const given = raw.headers['x-request-id']
    if (peer && trust(peer, 0) && typeof given === 'string' && saneRequestId.test(given)) return given
    return randomUUID()
  }
}

/** Every answer says which request it was, so a visitor's report or a proxy's log finds our lines. */
export const requestIdHeaderPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id)
    done()
  })
})
