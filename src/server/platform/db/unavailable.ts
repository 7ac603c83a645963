/** Socket errors of a database server that is down, restarting or cut off. */
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
])

/**
 * PostgreSQL's own words for "not now": connection exceptions (class 08), and a server shutting down
 * or starting up (57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now).
 */
const serverCodes = /^(08|57P0[123])/

/** What node-postgres and its pool say when a connection breaks, or cannot be had in time. */
const clientMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
]

/**
 * Whether an error means the database cannot be reached right now, rather than a fault in the
 * request or the code: the API then answers 503 (try again) instead of 500. Wrapped errors are
 * followed through `cause`.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && (networkCodes.has(code) || serverCodes.test(code))) return true
    if (clientMessages.some((message) => current instanceof Error && current.message.startsWith(message)))
      return true
    current = current.cause
  }
  return false
}
