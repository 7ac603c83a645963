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
      const response = await withPayPal.app.inject({ method: 'GET', url: '/api/health' })
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
