// The ceiling for the catalog: a bare Fastify server that answers GET /api/gyms with the exact bytes
// the real server returned, from memory. No plugins, no hooks, no logging, no compression (the
// benchmark client sends no Accept-Encoding, so the real server does not compress either).
// BARE_HEADERS_FILE, when set, names a JSON object of the real answer's headers to send too, so
// that both sides put the same bytes on the wire and the ratio is the app's own work alone.
import { readFileSync } from 'node:fs'
import Fastify from 'fastify'

const bodyFile = process.env.BARE_BODY_FILE
if (!bodyFile) throw new Error('Set BARE_BODY_FILE to the JSON body to serve')
// Bytes, as the real server keeps its cached catalog: the cheapest way to answer from memory.
const body = readFileSync(bodyFile)
const headersFile = process.env.BARE_HEADERS_FILE
const headers: Record<string, string> = headersFile
  ? JSON.parse(readFileSync(headersFile, 'utf8'))
  : { 'content-type': 'application/json; charset=utf-8' }

const app = Fastify({ logger: false })
app.get('/api/gyms', (_request, reply) => {
  reply.headers(headers).send(body)
})
app.get('/api/health', (_request, reply) => {
  reply.send({ status: 'ok' })
})
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) })
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)))
