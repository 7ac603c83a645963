import { createServer, type IncomingMessage, type Server } from 'node:http'

export interface FakeReply {
  status: number
  body: unknown
}

/**
 * The plumbing of a local fake for a third-party JSON API: an HTTP server on 127.0.0.1 that reads
 * each request whole, answers with what `respond` returns (plus the provider's own headers), and can
 * wait like a slow provider. Subclasses speak the provider's wire format.
 */
export abstract class FakeJsonServer {
  private server: Server | undefined
  private port = 0
  private readonly timers = new Set<NodeJS.Timeout>()

  get url(): string {
    return `http://127.0.0.1:${this.port}`
  }

  protected abstract respond(request: IncomingMessage, rawBody: string): Promise<FakeReply>

  /** Headers the real provider adds to every answer (a request or debug id, say). */
  protected replyHeaders(_reply: FakeReply): Record<string, string> {
    return {}
  }

  async start(): Promise<this> {
    const server = createServer((request, response) => {
      readBody(request)
        .then((raw) => this.respond(request, raw))
        .then((reply) => {
          response.writeHead(reply.status, {
            'content-type': 'application/json',
            ...this.replyHeaders(reply),
          })
          response.end(JSON.stringify(reply.body))
        })
        .catch(() => response.destroy())
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(this.port, '127.0.0.1', () => resolve())
    })
    const address = server.address()
    if (address && typeof address === 'object') this.port = address.port
    this.server = server
    return this
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer)
    this.timers.clear()
    const server = this.server
    this.server = undefined
    if (!server) return
    // fetch keeps connections alive: close them, or close() would wait for them.
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  /** A wait that stop() cuts short, so a test never hangs on a slow answer. */
  protected sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer)
        resolve()
      }, ms)
      this.timers.add(timer)
    })
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}
