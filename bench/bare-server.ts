// The ceiling for the catalog: a bare Fastify server that answers GET /api/gyms with the exact bytes
// the real server returned, from memory. No plugins, no hooks, no logging, no compression (the
// benchmark client sends no Accept-Encoding, so the real server does not compress either).
import { readFileSync } from 'node:fs'
import Fastify from 'fastify'

const bodyFile = process.env.BARE_BODY_FILE
if (!bodyFile) throw new Error('Set BARE_BODY_FILE to the JSON body to serve')
// Bytes, as the real server keeps its cached catalog: the cheapest way to answer from memory.
const body = readFileSync(bodyFile)

const app = Fastify({ logger: false })
app.get('/api/gyms', (_request, reply) => {
  reply.type('application/json; charset=utf-8').send(body)
})
app.get('/api/health', (_request, reply) => {
  reply.send({ status: 'ok' })
})
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) })
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)))
