import type { Route } from './define.ts'

/*
 * Checkout's routes without their schemas (./checkout.ts adds them): the checkout page calls them
 * with answer types of its own, unparsed, and loads no zod for them. Plain objects, each its own
 * export, so a bundle keeps only those it uses.
 */
export const quoteRoute = {
  method: 'POST',
  path: '/api/checkout/quote',
  access: 'public',
} as const satisfies Route
export const paymentConfigRoute = {
  method: 'GET',
  path: '/api/checkout/payment-config',
  access: 'public',
} as const satisfies Route
export const placeOrderRoute = {
  method: 'POST',
  path: '/api/checkout/orders',
  access: 'public',
} as const satisfies Route
export const startPaymentRoute = {
  method: 'POST',
  path: '/api/checkout/orders/:id/payment',
  access: 'public',
} as const satisfies Route
export const capturePaymentRoute = {
  method: 'POST',
  path: '/api/checkout/orders/:id/capture',
  access: 'public',
} as const satisfies Route
export const startRedirectPaymentRoute = {
  method: 'POST',
  path: '/api/checkout/orders/:id/redirect-payment',
  access: 'public',
} as const satisfies Route
export const tapReturnRoute = {
  method: 'POST',
  path: '/api/checkout/orders/:id/tap-return',
  access: 'public',
} as const satisfies Route
/** Tap's server posts the charge here (post.url): signed with the secret key, never trusted alone. */
export const tapWebhookRoute = {
  method: 'POST',
  path: '/api/payments/tap/webhook',
  access: 'public',
} as const satisfies Route
export const testChargeRoute = {
  method: 'GET',
  path: '/api/checkout/test-charges/:chargeId',
  access: 'public',
} as const satisfies Route
export const decideTestChargeRoute = {
  method: 'POST',
  path: '/api/checkout/test-charges/:chargeId/decision',
  access: 'public',
} as const satisfies Route
