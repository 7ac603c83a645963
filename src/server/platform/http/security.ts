import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import helmet, { type HelmetOptions } from 'helmet'

/**
 * PayPal's JS SDK loads its script and images from these hosts, calls them, and shows its buttons
 * and payment window in frames from them (www.paypal.com, www.sandbox.paypal.com, ...).
 */
const payPalHosts = ['https://*.paypal.com', 'https://*.paypalobjects.com']

export interface SecurityOptions {
  https: boolean
  /** PayPal is configured, so checkout loads PayPal's JS SDK. */
  paypal?: boolean
}

/**
 * Security headers on every response, with a Content-Security-Policy that allows our own origin
 * only: no inline scripts, no third-party hosts. Features that need another origin add it here.
 *
 * A JSON answer of the API gets the set OWASP's REST Security Cheat Sheet gives for APIs instead
 * (docs/security.md, "Headers"): a policy that allows nothing and no framing, `nosniff`, `DENY`,
 * same-origin resource policy, and HSTS over HTTPS. The page headers (opener policy, agent
 * clustering, DNS prefetching, …) only act on a document; on every catalog answer they were some
 * 600 uncompressed bytes, 8% of a venue list. An API answer that is not JSON (a ticket image, a PDF
 * receipt, a CSV report) may be opened as a document, and gets the page headers.
 */
export const securityPlugin = fp<SecurityOptions>(async (app: FastifyInstance, options) => {
  const pageHeaders = helmetHeaders(helmetOptions(options))
  const page = Object.entries(pageHeaders)
  const api = Object.entries(apiHeaders(pageHeaders))
  // The headers never change, so they are worked out once: @fastify/helmet rebuilt helmet (parsing
  // the CSP again) on every request, which cost more than serving a cached API answer.
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of isApi(request.url) ? api : page) reply.raw.setHeader(name, value)
    done()
  })
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApi(request.url) && !String(reply.getHeader('content-type') ?? '').startsWith('application/json'))
      for (const [name, value] of page) reply.raw.setHeader(name, value)
    done(null, payload)
  })
})

const isApi = (url: string) => url.startsWith('/api/')

/** The headers of a JSON answer: what an API response acts on, from the page's set where shared. */
function apiHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  const hsts = pageHeaders['strict-transport-security']
  return {
    'content-security-policy': "default-src 'none';frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...(hsts ? { 'strict-transport-security': hsts } : {}),
  }
}

function helmetOptions(options: SecurityOptions): HelmetOptions {
  const paypal = options.paypal ? payPalHosts : []
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...paypal],
        // PayPal's SDK adds a <style> element around its buttons (PayPal's CSP guidance: inline
        // styles or a nonce). Inline styles only, never inline scripts, and only when PayPal is on.
        styleSrc: ["'self'", ...(options.paypal ? [...payPalHosts, "'unsafe-inline'"] : [])],
        imgSrc: ["'self'", 'data:', 'blob:', ...paypal],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...paypal],
        ...(options.paypal ? { frameSrc: ["'self'", ...payPalHosts] } : {}),
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        manifestSrc: ["'self'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: options.https ? { maxAge: 63_072_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    // PayPal's payment window is a popup that reports back to this page, which 'same-origin' forbids.
    crossOriginOpenerPolicy: { policy: options.paypal ? 'same-origin-allow-popups' : 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  }
}

/** The headers helmet sets, recorded once from its middleware. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {}
  const recorder = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value)
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()]
    },
  }
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {})
  return headers
}

/**
 * The policy with a per-page nonce for `<style>` and `<script>` elements. The dialogs' scroll lock
 * (Radix, through react-remove-scroll) adds a `<style>`, which `style-src 'self'` alone refuses; the
 * page's one inline script holds early taps until the app has started (docs/decisions/018). A
 * `style-src` that already allows inline styles (PayPal is on) is left alone, as a nonce would
 * switch that allowance off.
 */
export function withPageNonce(policy: string, nonce: string): string {
  return policy
    .split(';')
    .map((directive) => {
      const trimmed = directive.trim()
      const nonced = trimmed.startsWith('script-src ') || trimmed.startsWith('style-src ')
      if (!nonced || trimmed.includes("'unsafe-inline'")) return directive
      return `${directive.trimEnd()} 'nonce-${nonce}'`
    })
    .join(';')
}

/**
 * Headers that only a document (a page, or an SVG opened as one) acts on. A script, a stylesheet, a
 * font or a raster image ignores them, so the build's hashed assets go without: over HTTP/1.1 each of
 * a page's dozen modules would carry some 450 uncompressed bytes of them to a phone on a slow link.
 * What a subresource does act on stays: `nosniff`, `Cross-Origin-Resource-Policy`, the referrer
 * policy (for what a stylesheet fetches) and HSTS.
 */
const documentOnlyHeaders = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
]
const subresourceFile = /\.(js|css|woff2?|avif|webp|jpe?g|png)(\.br|\.gz)?$/

/** Drops the document-only headers from a response serving `path`, when it is a subresource's file. */
export function withoutDocumentHeaders(response: ServerResponse, path: string): void {
  if (!subresourceFile.test(path)) return
  for (const name of documentOnlyHeaders) response.removeHeader(name)
}
