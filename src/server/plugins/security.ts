import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

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
 */
export const securityPlugin = fp<SecurityOptions>(async (app: FastifyInstance, options) => {
  const paypal = options.paypal ? payPalHosts : []
  await app.register(helmet, {
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
  })
})
