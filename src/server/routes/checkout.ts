import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import type { orderSchema } from '../../shared/checkout.ts'
import { checkoutEndpoints } from '../../shared/endpoints/checkout.ts'
import { formatBhd } from '../../shared/money.ts'
import { accountBooker, resolveBooker } from '../domain/accounts/booker.ts'
import { capturePayment, startPayment } from '../domain/checkout/card-payment.ts'
import { requireIdempotencyKey } from '../domain/checkout/idempotency.ts'
import { type CheckoutDeps, placeOrder } from '../domain/checkout/place-order.ts'
import {
  startRedirectPayment,
  type TapCheckoutDeps,
  tapReturn,
  tapWebhook,
} from '../domain/checkout/tap-payment.ts'
import { priceOrder } from '../domain/orders/pricing.ts'
import { capHolderOf } from '../domain/places/booking-caps.ts'
import { offeredPlaces } from '../domain/waitlist/use-offer.ts'
import { fromEndpoint } from '../platform/http/endpoint.ts'
import { HttpError } from '../platform/http/errors.ts'
import { byClient, limitBy } from '../platform/http/rate-limits.ts'
import type { TapProvider } from '../platform/payments/tap.ts'
import type { TapTestGateway } from '../platform/payments/tap-test-provider.ts'
import { filsToUsdCents, usdCentsToString } from '../platform/payments/usd.ts'

/** Tap's webhook: Tap's servers are few addresses, so generous, but a flood from one is still cut. */
export const tapWebhookRateLimit = { max: 300, timeWindow: 60_000 }
/** The result page's question (each one asks Tap): a reload or two, never a loop. */
export const tapReturnRateLimit = { max: 60, timeWindow: 10 * 60_000 }

type CheckoutRouteDeps = CheckoutDeps & {
  ordersPerIp?: number
  tap: TapProvider & Partial<TapTestGateway>
  /** PUBLIC_URL: Tap's redirect.url and post.url. */
  siteUrl: string
}

/** Checkout: quotes, orders (idempotent, one transaction), card payments, and BENEFIT and cards in BD through Tap. */
export const checkoutRoutes: FastifyPluginAsyncZod<CheckoutRouteDeps> = async (
  app,
  { ordersPerIp = 100, ...deps },
) => {
  const tapDeps = (request: { log: TapCheckoutDeps['log'] }): TapCheckoutDeps => ({
    ...deps,
    log: request.log,
  })
  const perClient = (max: number, timeWindow: number) =>
    limitBy(app, { max, timeWindow, name: 'ip', by: byClient })
  app.route({
    ...fromEndpoint(checkoutEndpoints.quote, {
      onRequest: perClient(120, 60_000),
      schema: {
        tags: ['checkout'],
        summary: 'Prices cart lines for their dates and says which cannot be booked and why',
      },
    }),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store')
      // A signed-in account's quote counts the places it already holds against the day cap; a
      // guest's is counted when the order is placed, once the e-mail is proved.
      const account = await accountBooker(deps.db, await request.caller)
      const { waitlistOffer: token } = request.body
      const offer = await offeredPlaces(deps.db, { secret: deps.secret, token, now: deps.now() })
      const priced = await priceOrder(deps.catalog, deps.db, request.body.items, {
        checkPlaces: true,
        booker: account && capHolderOf(account),
        heldForBooker: offer?.places,
      })
      const { caps: _caps, ...quote } = priced
      return {
        ...quote,
        lines: priced.lines.map(({ capacity: _capacity, hour: _hour, ...line }) => line),
        total: formatBhd(priced.totalFils),
        totalUsd: usdCentsToString(filsToUsdCents(priced.totalFils)),
        heldUntil: offer?.expiresAt.toISOString() ?? null,
      }
    },
  })

  app.route({
    ...fromEndpoint(checkoutEndpoints.paymentConfig, { schema: { tags: ['checkout'] } }),
    handler: async () => ({
      provider: deps.payments.kind,
      clientId: deps.payments.clientId,
      currency: 'USD' as const,
      tap: deps.tap.kind === 'tap-test' ? ('test' as const) : deps.tap.kind,
    }),
  })

  app.route({
    ...fromEndpoint(checkoutEndpoints.placeOrder, {
      // Generous enough for a hotel's shared Wi-Fi, tight enough that one address cannot hold every slot.
      onRequest: perClient(ordersPerIp, 10 * 60_000),
      schema: {
        tags: ['checkout'],
        summary: 'Places an order; needs an Idempotency-Key header; a guest sends their e-mail proof',
      },
    }),
    handler: async (request, reply) => {
      // The HTTP side is read here; the domain gets who is booking and the key as plain values.
      const key = requireIdempotencyKey(request.headers['idempotency-key'])
      const booker = await resolveBooker(
        { ...deps, now: deps.now() },
        await request.caller,
        request.body.guest,
      )
      const answer = await placeOrder(deps, { booker, key }, request.body)
      // Only a created order is ever stored, so a replay is a 201 too.
      return reply.code(201).send(answer.body as z.infer<typeof orderSchema>)
    },
  })

  app.route({
    ...fromEndpoint(checkoutEndpoints.startPayment, {
      onRequest: perClient(30, 10 * 60_000),
      schema: {
        tags: ['checkout'],
        summary: 'Creates the card payment (PayPal order) for an unpaid order, for the server’s own total',
      },
    }),
    handler: async (request) =>
      startPayment(deps, await request.caller, request.params.id, request.body.proof),
  })

  app.route({
    ...fromEndpoint(checkoutEndpoints.capturePayment, {
      onRequest: perClient(30, 10 * 60_000),
      schema: {
        tags: ['checkout'],
        summary: 'Captures the approved payment and confirms the bookings as paid',
      },
    }),
    handler: async (request) =>
      capturePayment({ ...deps, log: request.log }, await request.caller, request.params.id, request.body),
  })

  app.route({
    ...fromEndpoint(checkoutEndpoints.startRedirectPayment, {
      onRequest: perClient(30, 10 * 60_000),
      schema: {
        tags: ['checkout'],
        summary:
          'Creates the Tap charge (BENEFIT or card in BD) for an unpaid order and answers where to pay',
      },
    }),
    handler: async (request) =>
      startRedirectPayment(tapDeps(request), await request.caller, request.params.id, request.body.proof),
  })

  app.route({
    ...fromEndpoint(checkoutEndpoints.tapReturn, {
      onRequest: perClient(tapReturnRateLimit.max, tapReturnRateLimit.timeWindow),
      schema: {
        tags: ['checkout'],
        summary: 'The result page after Tap: asks Tap for the charge and answers the order as it now is',
      },
    }),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return tapReturn(tapDeps(request), request.params.id, request.body)
    },
  })

  app.route({
    ...fromEndpoint(checkoutEndpoints.tapWebhook, {
      onRequest: perClient(tapWebhookRateLimit.max, tapWebhookRateLimit.timeWindow),
      schema: {
        tags: ['checkout'],
        summary: 'Tap’s webhook (post.url): verified by its hashstring, then the charge is asked of Tap',
      },
    }),
    handler: async (request) => tapWebhook(tapDeps(request), request.body, request.headers.hashstring),
  })

  // The test page standing in for BENEFIT's, only while Tap runs in its test mode.
  const gateway = deps.tap.kind === 'tap-test' ? deps.tap : undefined
  app.route({
    ...fromEndpoint(checkoutEndpoints.testCharge, {
      onRequest: perClient(120, 60_000),
      schema: { tags: ['checkout'], summary: 'Test mode: the charge the test payment page shows' },
    }),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const charge = gateway?.describe?.(request.params.chargeId)
      if (!charge) throw new HttpError(404, 'TEST_CHARGE_NOT_FOUND')
      return {
        chargeId: charge.id,
        amount: charge.amount,
        currency: 'BHD' as const,
        method: charge.source,
        status: charge.status,
      }
    },
  })
  app.route({
    ...fromEndpoint(checkoutEndpoints.decideTestCharge, {
      onRequest: perClient(60, 60_000),
      schema: { tags: ['checkout'], summary: 'Test mode: pay, decline or cancel a test charge' },
    }),
    handler: async (request) => {
      const redirectUrl = gateway?.decide?.(request.params.chargeId, request.body.action)
      if (!redirectUrl) throw new HttpError(404, 'TEST_CHARGE_NOT_FOUND')
      return { redirectUrl }
    },
  })
}
