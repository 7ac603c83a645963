import proxyAddr from '@fastify/proxy-addr'
import type { Config } from '../config.ts'

/** Whether the hop at `address`, `hop` steps from the socket (0: the peer itself), is a trusted proxy. */
export type ProxyTrust = (address: string, hop: number) => boolean

const trustsNone: ProxyTrust = () => false

/**
 * TRUST_PROXY as one decision, given to Fastify's trustProxy (who the client is, from
 * X-Forwarded-For) and to the request id (whose X-Request-Id is believed), so both always agree.
 * A number of proxies means "trust that many hops from the socket"; addresses and ranges are
 * compiled as Fastify would compile them itself.
 */
export function proxyTrust(setting: Config['TRUST_PROXY']): ProxyTrust {
  if (setting === false || setting === 0) return trustsNone
  if (typeof setting === 'number') return (_address, hop) => hop < setting
  return proxyAddr.compile(setting)
}
