/** An answer through the proxy: status 0 when no HTTP answer came at all. */
export interface Answer {
  status: number
  // biome-ignore lint/suspicious/noExplicitAny: the test reads the API's JSON as it comes
  body: any
  /** The server HAProxy chose (X-Served-By, from --served-by-header), or '' when none answered. */
  servedBy: string
  cookie: string
  at: number
}

export interface RequestOptions {
  body?: unknown
  cookie?: string
  /** The visitor's address: HAProxy appends its own, and the servers trust 127.0.0.1 (TRUST_PROXY). */
  ip?: string
  headers?: Record<string, string>
  /** A raw body (an upload) with its content type. */
  raw?: { bytes: Buffer; type: string }
}

/** Requests as a browser of the site makes them: with the site's Origin, JSON in and out. */
export function httpClient(baseUrl: string, origin: string) {
  return async function request(method: string, path: string, options: RequestOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { origin, ...options.headers }
    if (options.cookie) headers.cookie = options.cookie
    if (options.ip) headers['x-forwarded-for'] = options.ip
    let body: string | Blob | undefined
    if (options.raw) {
      headers['content-type'] = options.raw.type
      body = new Blob([new Uint8Array(options.raw.bytes)])
    } else if (options.body !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(options.body)
    }
    try {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers,
        body,
        signal: AbortSignal.timeout(20_000),
      })
      const text = await response.text()
      let parsed: unknown = text
      try {
        parsed = JSON.parse(text)
      } catch {
        // not JSON: kept as text
      }
      return {
        status: response.status,
        body: parsed,
        servedBy: response.headers.get('x-served-by') ?? '',
        cookie: response.headers
          .getSetCookie()
          .map((cookie) => cookie.split(';')[0])
          .join('; '),
        at: Date.now(),
      }
    } catch (error) {
      return { status: 0, body: String(error), servedBy: '', cookie: '', at: Date.now() }
    }
  }
}

export type Request = ReturnType<typeof httpClient>

/** An answer that a visitor would see as a failure: none at all, or the proxy's or a server's 5xx. */
export const failed = (answer: Answer) => answer.status === 0 || answer.status >= 500
