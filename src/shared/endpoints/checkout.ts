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
} from '../checkout.ts'
import {
  capturePaymentRoute,
  paymentConfigRoute,
  placeOrderRoute,
  quoteRoute,
  startPaymentRoute,
} from './checkout-routes.ts'
import { endpoint } from './define.ts'

const orderParams = z.object({ id: z.uuid('That is not a booking reference.') })

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
}
