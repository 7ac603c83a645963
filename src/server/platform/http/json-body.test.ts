import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorsPlugin } from './errors.ts'
import { jsonBodyPlugin, maxJsonDepth } from './json-body.ts'

const app = Fastify()

beforeAll(async () => {
  await app.register(errorsPlugin)
  await app.register(jsonBodyPlugin)
  app.post('/echo', async (request) => ({ received: request.body }))
})
afterAll(() => app.close())

const send = (payload: string) =>
  app.inject({ method: 'POST', url: '/echo', payload, headers: { 'content-type': 'application/json' } })

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth)

describe('JSON bodies', () => {
  it('are parsed as usual, Arabic, emoji and escaped characters included', async () => {
    const body = { name: 'مَرْحَبًا', note: '👩🏽‍💻 "quoted" \t tab', list: [1, { deep: [true, null] }] }
    const response = await send(JSON.stringify(body))
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ received: body })
  })

  it.each([
    ['a NUL character', '{"name":"pearl\\u0000diver"}'],
    ['a NUL character in a key', '{"na\\u0000me":"x"}'],
    ['a lone high surrogate', '{"name":"x\\ud800y"}'],
    ['a lone low surrogate', '["\\udc00"]'],
  ])('refuse %s with a 400 in the API’s error shape', async (_what, payload) => {
    const response = await send(payload)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      error: { code: 'INVALID_TEXT', message: 'The request contains characters that are not allowed.' },
    })
  })

  it(`take nesting ${maxJsonDepth} deep, and refuse anything deeper, 100 000 levels included`, async () => {
    expect((await send(nested(maxJsonDepth))).statusCode).toBe(200)
    for (const depth of [maxJsonDepth + 1, 100_000]) {
      const response = await send(nested(depth))
      expect(response.statusCode).toBe(400)
      expect(response.json().error.code).toBe('NESTED_TOO_DEEPLY')
    }
  })

  it('still refuse prototype keys and broken JSON, as Fastify’s own parser does', async () => {
    for (const payload of [
      '{"__proto__":{"admin":true}}',
      '{"constructor":{"prototype":{"a":1}}}',
      '{"a":',
    ]) {
      const response = await send(payload)
      expect(response.statusCode, payload).toBe(400)
      expect(response.json().error.code, payload).toMatch(/^FST_ERR_/)
    }
  })
})
