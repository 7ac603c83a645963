import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { compressBody, type Encoding, preferredEncoding } from '../../platform/http/content-encoding.ts'
import { matchesEtag } from '../../platform/http/etag.ts'

/**
 * A JSON answer that many requests share (the venue list, until the catalog or the day changes):
 * serialised and hashed once, compressed once per encoding, and answered 304 when the browser
 * already holds it. Serialising and compressing the same 25 kB on every request was most of the
 * catalog's CPU.
 */
export class PreparedJson {
  readonly body: Buffer
  readonly etag: string
  private readonly compressed = new Map<Encoding, Promise<Buffer>>()

  constructor(value: unknown) {
    this.body = Buffer.from(JSON.stringify(value))
    this.etag = `"${createHash('sha256').update(this.body).digest('base64url').slice(0, 27)}"`
  }

  async send(request: FastifyRequest, reply: FastifyReply, cacheControl: string) {
    reply.header('cache-control', cacheControl).header('etag', this.etag).header('vary', 'accept-encoding')
    if (matchesEtag(request.headers['if-none-match'], this.etag)) return reply.code(304).send()
    reply.type('application/json; charset=utf-8')
    const encoding = preferredEncoding(request.headers['accept-encoding'])
    if (!encoding) return reply.send(this.body)
    let compressed = this.compressed.get(encoding)
    if (!compressed) {
      compressed = compressBody(this.body, encoding, true)
      this.compressed.set(encoding, compressed)
    }
    // With Content-Encoding set, @fastify/compress leaves the body alone.
    return reply.header('content-encoding', encoding).send(await compressed)
  }
}
