import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { refundEndpoints } from '../../../shared/endpoints/refunds.ts'
import { formatBhd } from '../../../shared/money.ts'
import { paysThrough } from '../../../shared/payment-methods.ts'
import { latePaymentsForTeam } from '../../domain/checkout/late-payment.ts'
import { type RefundDeps, stuckAfterMs } from '../../domain/refunds/refunds.ts'
import { stuckRefunds } from '../../domain/visits/lists-repository.ts'
import { fromEndpoint } from '../../platform/http/endpoint.ts'
import { usdCentsToString } from '../../platform/payments/usd.ts'

/**
 * The team's list of card refunds pending for more than a day, and of Tap payments that came after
 * their order ended, booked or refunded (canViewReports).
 */
export const refundRoutes: FastifyPluginAsyncZod<RefundDeps> = async (app, deps) => {
  app.route({
    ...fromEndpoint(refundEndpoints.stuck, {
      schema: {
        tags: ['team'],
        summary:
          'Card refunds still pending a day after the cancellation, oldest first, and Tap payments that came after their order ended',
      },
    }),
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      const rows = await stuckRefunds(deps.db, new Date(deps.now().getTime() - stuckAfterMs))
      const late = await latePaymentsForTeam(deps.db, deps.now())
      return {
        refunds: rows.map((row) => ({
          id: row.id,
          bookingId: row.booking_id,
          reference: row.reference,
          orderId: row.order_id,
          gymName: row.venue_name,
          amount: formatBhd(row.amount_fils),
          amountUsd: paysThrough(row.payment_method, 'tap') ? null : usdCentsToString(row.amount_usd_cents),
          gateway: paysThrough(row.payment_method, 'tap') ? ('tap' as const) : ('paypal' as const),
          providerStatus: row.provider_status,
          attempts: row.attempts,
          lastError: row.last_error,
          createdAt: row.created_at.toISOString(),
          nextAttemptAt: row.next_attempt_at ? new Date(row.next_attempt_at).toISOString() : null,
        })),
        latePayments: late.map((row) => ({
          orderId: row.order_id,
          chargeId: row.charge_id,
          outcome: row.outcome,
          amount: row.currency === 'BHD' ? formatBhd(row.amount_fils) : null,
          currency: row.currency,
          orderStatus: row.order_status,
          attempts: row.attempts,
          lastError: row.last_error,
          createdAt: row.created_at.toISOString(),
        })),
      }
    },
  })
}
