import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../../../tests/support/test-app.ts'
import { securityPlugin, withPageNonce } from './security.ts'

async function headersWith(options: { https: boolean; paypal?: boolean }) {
  const app = Fastify()
  await app.register(securityPlugin, options)
  app.get('/', async () => 'ok')
  const response = await app.inject({ method: 'GET', url: '/' })
  await app.close()
  return response.headers
}

/** The CSP as directive name → sources. */
function directives(csp: unknown): Map<string, string[]> {
  return new Map(
    String(csp)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...sources]) => [name, sources]),
  )
}

const payPalHosts = ['https://*.paypal.com', 'https://*.paypalobjects.com']

describe('the Content-Security-Policy', () => {
  it('names no other host and keeps popups same-origin when PayPal is not configured', async () => {
    const headers = await headersWith({ https: false })
    const csp = String(headers['content-security-policy'])
    expect(csp).not.toMatch(/paypal|unsafe-inline|https?:\/\//)
    expect(directives(csp).has('frame-src')).toBe(false)
    expect(headers['cross-origin-opener-policy']).toBe('same-origin')
  })

  it('lets PayPal’s JS SDK load, call home and show its buttons and window when PayPal is configured', async () => {
    const headers = await headersWith({ https: false, paypal: true })
    const csp = directives(headers['content-security-policy'])
    for (const directive of ['script-src', 'style-src', 'img-src', 'connect-src', 'frame-src'])
      expect(csp.get(directive), directive).toEqual(expect.arrayContaining(["'self'", ...payPalHosts]))
    // Inline styles for PayPal's button container; scripts stay external only.
    expect(csp.get('style-src')).toContain("'unsafe-inline'")
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'")
    expect(csp.get('default-src')).toEqual(["'self'"])
    expect(csp.get('frame-ancestors')).toEqual(["'none'"])
    expect(headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups')
  })

  it('follows the PayPal settings of the app', async () => {
    const withPayPal = await createTestApp({ PAYPAL_CLIENT_ID: 'client-id', PAYPAL_CLIENT_SECRET: 'secret' })
    try {
      const response = await withPayPal.app.inject({ method: 'GET', url: '/checkout' })
      expect(directives(response.headers['content-security-policy']).get('script-src')).toEqual([
        "'self'",
        ...payPalHosts,
      ])
    } finally {
      await withPayPal.close()
    }
  })

  it('takes a page’s style and script nonce, unless inline styles are allowed already', async () => {
    const plain = String((await headersWith({ https: false }))['content-security-policy'])
    const withNonce = directives(withPageNonce(plain, 'abc123'))
    expect(withNonce.get('style-src')).toEqual(["'self'", "'nonce-abc123'"])
    expect(withNonce.get('script-src')).toEqual(["'self'", "'nonce-abc123'"])
    const paypal = String((await headersWith({ https: false, paypal: true }))['content-security-policy'])
    const paypalWithNonce = directives(withPageNonce(paypal, 'abc123'))
    // A nonce would switch 'unsafe-inline' off, and PayPal's styles with it.
    expect(paypalWithNonce.get('style-src')).toEqual(directives(paypal).get('style-src'))
    expect(paypalWithNonce.get('script-src')).toContain("'nonce-abc123'")
  })
})

describe('the headers of an API answer', () => {
  async function answers(https: boolean) {
    const app = Fastify()
    await app.register(securityPlugin, { https })
    app.get('/api/data', async () => ({ ok: true }))
    app.get('/api/file', async (_request, reply) => reply.type('text/csv; charset=utf-8').send('a,b\n'))
    app.get('/page', async (_request, reply) => reply.type('text/html; charset=utf-8').send('<p>x</p>'))
    const [json, file, page, lookalike] = await Promise.all(
      ['/api/data', '/api/file', '/page', '/apix/data'].map((url) => app.inject({ method: 'GET', url })),
    )
    await app.close()
    return { json: json?.headers, file: file?.headers, page: page?.headers, lookalike: lookalike?.headers }
  }

  it('gives a JSON answer a policy that allows nothing, and none of the page-only headers', async () => {
    const { json } = await answers(true)
    expect(json?.['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'")
    expect(json?.['x-frame-options']).toBe('DENY')
    expect(json?.['x-content-type-options']).toBe('nosniff')
    expect(json?.['cross-origin-resource-policy']).toBe('same-origin')
    expect(json?.['strict-transport-security']).toMatch(/max-age=\d+/)
    for (const name of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control'])
      expect(json?.[name], name).toBeUndefined()
  })

  it('gives an API answer that is not JSON, a page and a path only like the API the page headers', async () => {
    const { file, page, lookalike } = await answers(false)
    for (const headers of [file, page, lookalike]) {
      expect(String(headers?.['content-security-policy'])).toContain("default-src 'self'")
      expect(headers?.['x-frame-options']).toBe('SAMEORIGIN')
      expect(headers?.['cross-origin-opener-policy']).toBe('same-origin')
    }
  })
})
