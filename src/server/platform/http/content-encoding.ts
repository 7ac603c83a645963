import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

export type Encoding = 'br' | 'gzip'

/** Brotli, else gzip, when the client accepts it (a q=0 refuses); undefined for identity. */
export function preferredEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined
  const accepted = new Set<string>()
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='))
    if (!q || Number(q.slice(2)) > 0) accepted.add(name.trim())
  }
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip')) return 'gzip'
  return undefined
}

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/**
 * Compresses off the event loop. `best` is for bodies compressed once and sent many times; the
 * default quality suits a body made for one response.
 */
export function compressBody(body: Buffer | string, encoding: Encoding, best = false): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: best ? 11 : 5 } })
    : gzipAsync(body, { level: best ? 9 : 6 })
}
