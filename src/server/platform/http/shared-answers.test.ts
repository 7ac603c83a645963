import { gzipSync } from 'node:zlib'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { sharedAnswersPlugin } from './shared-answers.ts'

let app: FastifyInstance
let clock: number
let made: number
let releases: (() => void)[]

/** A list answered for everyone (kept 1 s), one that sets a cookie, and one that keeps nothing. */
beforeEach(async () => {
  clock = Date.parse('2026-11-27T10:00:00Z')
  made = 0
  releases = []
  app = Fastify({ genReqId: () => `request-${made}-${Math.random()}` })
  await app.register(sharedAnswersPlugin, {
    now: () => new Date(clock),
    maxAnswers: 3,
    maxBytes: 8 * 1024,
    longestWaitMs: 300,
  })
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('x-frame-options', 'DENY')
    done()
  })
  app.get('/list', { config: { sharedForMs: 1_000 } }, (request, reply) => {
    made += 1
    reply.header('cache-control', 'public, max-age=30').header('etag', `"v${made}"`)
    reply.header('x-request-id', request.id)
    if (request.headers['accept-encoding']?.includes('gzip'))
      return reply.header('content-encoding', 'gzip').send(gzipSync(`made ${made}`))
    return reply
      .type('text/plain')
      .send(`made ${made} for ${String(request.query && JSON.stringify(request.query))}`)
  })
  app.get('/cookie', { config: { sharedForMs: 1_000 } }, (_request, reply) => {
    made += 1
    return reply.header('cache-control', 'public').header('set-cookie', 'a=b').send(`made ${made}`)
  })
  app.get('/private', { config: { sharedForMs: 1_000 } }, (_request, reply) => {
    made += 1
    return reply.header('cache-control', 'private, max-age=30').send(`made ${made}`)
  })
  app.get('/missing', { config: { sharedForMs: 1_000 } }, (_request, reply) => {
    made += 1
    return reply.code(404).header('cache-control', 'public').send(`made ${made}`)
  })
  // Answers once `release` is called: requests asked meanwhile are in flight together.
  app.get('/slow', { config: { sharedForMs: 1_000 } }, async (request, reply) => {
    made += 1
    const mine = made
    await new Promise<void>((resolve) => releases.push(resolve))
    const { fail } = request.query as { fail?: string }
    if (fail === 'throw') throw new Error('the list could not be read')
    if (fail) return reply.code(503).header('cache-control', 'no-store').send(`made ${mine}`)
    return reply.header('cache-control', 'public, max-age=30').send(`made ${mine}`)
  })
  app.get('/plain', (_request, reply) => {
    made += 1
    return reply.header('cache-control', 'public').send(`made ${made}`)
  })
})
afterEach(() => app.close())

describe('shared answers', () => {
  it('give a route’s answer again for its moment, with its headers and the request’s own id', async () => {
    const first = await app.inject('/list?area=Seef')
    const second = await app.inject('/list?area=Seef')
    expect(made).toBe(1)
    expect(second.body).toBe(first.body)
    expect(second.headers['x-frame-options']).toBe('DENY')
    expect(second.headers.etag).toBe('"v1"')
    expect(second.headers['cache-control']).toBe('public, max-age=30')
    expect(second.headers['content-length']).toBe(String(Buffer.byteLength(first.body)))
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id'])

    // Another URL is another answer.
    await app.inject('/list?area=Muharraq')
    expect(made).toBe(2)

    clock += 1_000
    const later = await app.inject('/list?area=Seef')
    expect(made).toBe(3)
    expect(later.body).toContain('made 3')

    // A clock set back does not make the answer kept "later" fresh for the earlier time.
    clock -= 60_000
    expect((await app.inject('/list?area=Seef')).body).toContain('made 4')
  })

  it('keep an answer per encoding, and answer a client that has it with a 304', async () => {
    const plain = await app.inject('/list')
    const gzipped = await app.inject({ url: '/list', headers: { 'accept-encoding': 'gzip, br;q=0' } })
    expect(gzipped.headers['content-encoding']).toBe('gzip')
    expect(made).toBe(2)
    const again = await app.inject({ url: '/list', headers: { 'accept-encoding': 'gzip, br;q=0' } })
    expect(made).toBe(2)
    expect(again.rawPayload.equals(gzipped.rawPayload)).toBe(true)
    expect(again.headers['content-encoding']).toBe('gzip')
    expect((await app.inject('/list')).body).toBe(plain.body)

    const notModified = await app.inject({
      url: '/list',
      headers: { 'if-none-match': String(plain.headers.etag) },
    })
    expect(notModified.statusCode).toBe(304)
    expect(notModified.body).toBe('')
    expect(notModified.headers.etag).toBe(plain.headers.etag)
    expect(made).toBe(2)
  })

  it('keep no answer that sets a cookie, is private, is not a 200, or whose route did not ask', async () => {
    for (const url of ['/cookie', '/private', '/missing', '/plain']) {
      const before = made
      await app.inject(url)
      await app.inject(url)
      expect(made, url).toBe(before + 2)
    }
  })

  it('keep nothing for a HEAD or a POST, and never give a kept answer to them', async () => {
    await app.inject('/list')
    expect((await app.inject({ method: 'HEAD', url: '/list' })).statusCode).toBe(200)
    expect(made).toBe(2)
  })

  it('make an answer once for a burst of the same link, the others waiting for it', async () => {
    const burst = Promise.all([1, 2, 3, 4].map(() => app.inject('/slow?area=Seef')))
    const other = app.inject('/slow?area=Muharraq')
    await until(() => releases.length === 2)
    for (const release of releases.splice(0)) release()
    const answers = await burst
    expect(made).toBe(2)
    const bodies = new Set(answers.map((answer) => answer.body))
    expect(bodies.size).toBe(1)
    expect(bodies.has((await other).body)).toBe(false)
    expect(new Set(answers.map((answer) => answer.headers['x-request-id'])).size).toBe(4)
  })

  it('let the waiting requests make their own when the first answer is not to be kept or fails', async () => {
    for (const fail of ['unavailable', 'throw']) {
      const before = made
      const burst = Promise.all([1, 2, 3].map(() => app.inject(`/slow?fail=${fail}`)))
      await until(() => releases.length === 1)
      releases.splice(0)[0]?.()
      // The two that waited now make their own, each.
      await until(() => releases.length === 2)
      for (const release of releases.splice(0)) release()
      const answers = await burst
      expect(made - before, fail).toBe(3)
      expect(answers.map((answer) => answer.statusCode)).toEqual(
        fail === 'throw' ? [500, 500, 500] : [503, 503, 503],
      )
    }
  })

  it('let the waiting requests make their own when the first one is not answered in time', async () => {
    const burst = Promise.all([1, 2].map(() => app.inject('/slow?area=Isa')))
    await until(() => releases.length === 1)
    // The first hangs; after the longest wait the other makes its own.
    await until(() => releases.length === 2)
    for (const release of releases.splice(0)) release()
    await burst
    expect(made).toBe(2)
  })

  it('forget every kept answer when told, and keep only so many', async () => {
    await app.inject('/list?a=1')
    app.sharedAnswers.forget()
    await app.inject('/list?a=1')
    expect(made).toBe(2)

    for (const n of [2, 3, 4]) await app.inject(`/list?a=${n}`)
    expect(made).toBe(5)
    // Three kept at most: the oldest (a=1) has gone, the newest is there.
    await app.inject('/list?a=4')
    expect(made).toBe(5)
    await app.inject('/list?a=1')
    expect(made).toBe(6)

    // Nor more bytes than allowed: an answer larger than all of them is not kept.
    await app.inject(`/list?big=${'x'.repeat(8 * 1024)}`)
    await app.inject(`/list?big=${'x'.repeat(8 * 1024)}`)
    expect(made).toBe(8)
  })
})

async function until(condition: () => boolean) {
  for (let tries = 0; !condition(); tries++) {
    if (tries > 200) throw new Error('the requests did not arrive')
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}
