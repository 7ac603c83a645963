import { BlockList, isIP } from 'node:net'
import type { FastifyReply, FastifyRequest } from 'fastify'

const loopback = new BlockList()
loopback.addSubnet('127.0.0.0', 8, 'ipv4')
loopback.addAddress('::1', 'ipv6')
// 127.x.x.x as an IPv4-mapped IPv6 address, as a dual-stack socket reports it (::ffff:127.0.0.1).
loopback.addSubnet('::ffff:127.0.0.0', 104, 'ipv6')

/** 127.0.0.0/8 or ::1, in any of their spellings. */
export function isLoopbackAddress(address: string | undefined): boolean {
  const version = address ? isIP(address) : 0
  return version !== 0 && loopback.check(address as string, version === 4 ? 'ipv4' : 'ipv6')
}

/**
 * A Host header naming this machine the way a browser on it or on the LAN does: localhost (or a
 * *.localhost name) or an IP address. Any other name could be an attacker's domain rebound to
 * 127.0.0.1 (DNS rebinding), whose pages would then read our answers as their own.
 */
export function isLocalHostHeader(host: string | undefined): boolean {
  if (!host || !URL.canParse(`http://${host}`)) return false
  const name = new URL(`http://${host}`).hostname
  const bare = name.startsWith('[') ? name.slice(1, -1) : name
  return bare === 'localhost' || bare.endsWith('.localhost') || isIP(bare) !== 0
}

/**
 * An onRequest hook for development conveniences (the mail box): they answer only a request that
 * came over the loopback interface, to a local host name, and anything else is told "not found",
 * as on a production site. The address is the socket's own: X-Forwarded-For is never read here,
 * since any client can write it.
 */
export async function localOnly(request: FastifyRequest, reply: FastifyReply) {
  if (isLoopbackAddress(request.socket.remoteAddress) && isLocalHostHeader(request.headers.host)) return
  return reply.callNotFound()
}
