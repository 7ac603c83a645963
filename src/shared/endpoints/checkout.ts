import { z } from 'zod'
import {
  captureRequestSchema,
  orderAccessSchema,
  orderRequestSchema,
  orderSchema,
  paymentConfigSchema,
  paymentStartSchema,
  quoteRequestSchema,
  quoteSchema,
  redirectPaymentSchema,
  tapResultSchema,
  tapReturnSchema,
  testChargeDecisionSchema,
  testChargeSchema,
} from '../checkout.ts'
import { E } from '../errors.ts'
import {
  capturePaymentRoute,
  decideTestChargeRoute,
  paymentConfigRoute,
  placeOrderRoute,
  quoteRoute,
  startPaymentRoute,
  startRedirectPaymentRoute,
  tapReturnRoute,
  tapWebhookRoute,
  testChargeRoute,
} from './checkout-routes.ts'
import { endpoint } from './define.ts'

const orderParams = z.object({ id: z.uuid('That is not a booking reference.') })
const chargeParams = z.object({
  chargeId: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, E.PAYMENT_REFERENCE_INVALID),
})

/**
 * Checkout: quotes, orders and card payments, open to anyone. Who books (an account, or a guest with
 * the proof of their e-mail address) is settled by the handler.
 */
export const checkoutEndpoints = {
  quote: endpoint({ ...quoteRoute, body: quoteRequestSchema, response: { 200: quoteSchema } }),
  paymentConfig: endpoint({ ...paymentConfigRoute, response: { 200: paymentConfigSchema } }),
  placeOrder: endpoint({
    ...placeOrderRoute,
    // Required, but read by the handler, whose refusal names it (IDEMPOTENCY_KEY_REQUIRED).
    headers: z.object({ 'idempotency-key': z.string().optional() }),
    body: orderRequestSchema,
    response: { 201: orderSchema },
  }),
  startPayment: endpoint({
    ...startPaymentRoute,
    params: orderParams,
    body: orderAccessSchema,
    response: { 200: paymentStartSchema },
  }),
  capturePayment: endpoint({
    ...capturePaymentRoute,
    params: orderParams,
    body: captureRequestSchema,
    response: { 200: orderSchema },
  }),
  /** BENEFIT or a card in BD: creates the Tap charge and answers where to send the visitor. */
  startRedirectPayment: endpoint({
    ...startRedirectPaymentRoute,
    params: orderParams,
    body: orderAccessSchema,
    response: { 200: redirectPaymentSchema },
  }),
  /** The result page: the server asks Tap for the charge, and the order is paid only if Tap says so. */
  tapReturn: endpoint({
    ...tapReturnRoute,
    params: orderParams,
    body: tapReturnSchema,
    response: { 200: tapResultSchema },
  }),
  /**
   * Tap's webhook: any JSON object (Tap's charge); the hashstring header is checked before it is
   * read, and the charge is then asked of Tap. 401 when unsigned or badly signed.
   */
  tapWebhook: endpoint({
    ...tapWebhookRoute,
    headers: z.object({ hashstring: z.string().max(200).optional() }),
    body: z.record(z.string(), z.unknown()),
    response: { 200: z.object({ received: z.literal(true) }) },
  }),
  /** Only while Tap runs in test mode: the test page's charge, and the payer's answer to it. */
  testCharge: endpoint({ ...testChargeRoute, params: chargeParams, response: { 200: testChargeSchema } }),
  decideTestCharge: endpoint({
    ...decideTestChargeRoute,
    params: chargeParams,
    body: testChargeDecisionSchema,
    response: { 200: redirectPaymentSchema },
  }),
}
