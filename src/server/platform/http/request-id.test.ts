import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts'

/** Every line the server logs, parsed. */
const lines: Array<Record<string, unknown>> = []
const destination = { write: (text: string) => void lines.push(JSON.parse(text)) }
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
const proxy = '10.0.0.2'
const stranger = '203.0.113.9'

let t: TestApp
beforeAll(async () => {
  // Behind HAProxy at 10.0.0.2: the one peer whose X-Forwarded-For and X-Request-Id are believed.
  t = await createTestApp({ TRUST_PROXY: ['10.0.0.0/8'], LOG_LEVEL: 'info' }, () => ({
    logDestination: destination,
  }))
})
afterAll(async () => {
  await t.close()
})

function get(remoteAddress: string, requestId?: string, url = '/api/health') {
  return t.app.inject({
    method: 'GET',
    url,
    remoteAddress,
    headers: requestId === undefined ? {} : { 'x-request-id': requestId },
  })
}

describe('request ids', () => {
  it('makes a fresh one for each request and returns it as X-Request-Id', async () => {
    const first = await get(stranger)
    const second = await get(stranger)
    expect(first.headers['x-request-id']).toMatch(uuid)
    expect(second.headers['x-request-id']).toMatch(uuid)
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id'])
  })

  it('ignores an X-Request-Id forged by a peer that is not a trusted proxy', async () => {
    for (const peer of [stranger, '127.0.0.1']) {
      const response = await get(peer, 'forged-request-id-42')
      expect(response.headers['x-request-id']).toMatch(uuid)
    }
  })

  it('keeps the X-Request-Id of a trusted proxy, so its log and ours name the request alike', async () => {
    const response = await get(proxy, 'haproxy-0A1B2C3D:4e5f_6.7')
    expect(response.headers['x-request-id']).toBe('haproxy-0A1B2C3D:4e5f_6.7')
  })

  it('replaces a malformed one, even from a trusted proxy', async () => {
    for (const malformed of ['', 'a b', 'id"},"level":60', '<script>', 'é-accented', 'x'.repeat(129)]) {
      const response = await get(proxy, malformed)
      expect(response.headers['x-request-id'], malformed).toMatch(uuid)
    }
    const twice = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: proxy,
      headers: { 'x-request-id': ['one-id', 'another-id'] },
    })
    expect(twice.headers['x-request-id']).toMatch(uuid)
  })

  it('is carried by every log line of the request, an unknown path’s and an error’s too', async () => {
    for (const url of ['/api/health', '/api/no-such-route', '/api/gyms/%E0%A4%A']) {
      lines.length = 0
      const response = await get(proxy, 'trace-from-haproxy-1', url)
      expect(response.headers['x-request-id']).toBe('trace-from-haproxy-1')
      expect(lines.length, url).toBeGreaterThanOrEqual(1)
      expect(
        lines.filter((line) => line.reqId !== 'trace-from-haproxy-1'),
        url,
      ).toEqual([])
    }
  })

  it('takes one from any peer when TRUST_PROXY counts the proxies in front', async () => {
    const counted = await createTestApp({ TRUST_PROXY: 1 })
    try {
      const response = await counted.app.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress: stranger,
        headers: { 'x-request-id': 'from-the-load-balancer' },
      })
      expect(response.headers['x-request-id']).toBe('from-the-load-balancer')
    } finally {
      await counted.close()
    }
  })
})
