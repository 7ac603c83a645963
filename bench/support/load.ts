import autocannon from 'autocannon'

export interface LoadOptions {
  url: string
  connections: number
  /** Seconds of measurement; the warm-up pass before it runs for a third of this (at least 1 s). */
  seconds: number
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  /** Builds each request's body and headers, e.g. a fresh Idempotency-Key per order. */
  setupRequest?: autocannon.Request['setupRequest']
  warmUp?: boolean
}

export interface LoadFigures {
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  requests: number
  non2xx: number
  errors: number
  timeouts: number
  bytesPerRequest: number
}

/** autocannon, warm: a short warm-up pass first (JIT, caches, pool connections), then the measured one. */
export async function measure(options: LoadOptions): Promise<LoadFigures> {
  if (options.warmUp !== false)
    await run({ ...options, seconds: Math.max(1, Math.round(options.seconds / 3)) })
  const result = await run(options)
  return {
    requestsPerSecond: Math.round(result.requests.total / (result.duration || options.seconds)),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    bytesPerRequest: result.requests.total ? Math.round(result.throughput.total / result.requests.total) : 0,
  }
}

function run(options: LoadOptions): Promise<autocannon.Result> {
  return autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    method: options.method ?? 'GET',
    headers: options.headers ?? {},
    ...(options.setupRequest ? { requests: [{ setupRequest: options.setupRequest }] } : {}),
  })
}
