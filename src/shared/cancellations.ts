import { z } from 'zod'
import { E } from './errors.ts'
import { cancellableBookingSchema } from './visits.ts'

/** One visit, or every visit of its order still booked. */
export const cancelScopes = ['visit', 'order'] as const

export const cancelRequestSchema = z.strictObject({ scope: z.enum(cancelScopes).default('visit') })
export type CancelRequest = z.input<typeof cancelRequestSchema>

/** Whether a manager's cancellation of a card-paid visit the desk has acted on gives the payment back. */
export const overrideRefunds = ['full', 'none'] as const
export type OverrideRefund = (typeof overrideRefunds)[number]

/**
 * The team cancels whatever the policy, and says why: the visitor's mail quotes it. A visit the desk
 * has acted on (checked in, a no-show, paid at the desk) only a manager or admin cancels, as an
 * override: with a reason of its own for the audit log (never mailed) and, for a visit paid online,
 * whether its payment goes back in full or not at all (docs/decisions/030).
 */
export const teamCancelRequestSchema = z.strictObject({
  scope: z.enum(cancelScopes).default('visit'),
  reason: z
    .string({ error: E.CANCEL_REASON_REQUIRED })
    .trim()
    .min(3, E.CANCEL_REASON_REQUIRED)
    .max(500, E.CANCEL_REASON_REQUIRED),
  overrideReason: z
    .string({ error: E.OVERRIDE_REASON_REQUIRED })
    .trim()
    .min(3, E.OVERRIDE_REASON_REQUIRED)
    .max(500, E.OVERRIDE_REASON_REQUIRED)
    .optional(),
  refund: z.enum(overrideRefunds, { error: E.CANCEL_REFUND_CHOICE_REQUIRED }).optional(),
})
export type TeamCancelRequest = z.input<typeof teamCancelRequestSchema>

/** The answer to a cancel: the visits it cancelled now (none on a repeat) and the order's visits after it. */
export const cancelResultSchema = z.object({
  cancelledIds: z.array(z.number().int()),
  bookings: z.array(cancellableBookingSchema),
})
export type CancelResult = z.infer<typeof cancelResultSchema>

/**
 * A guest's cancel through their link: the link used is revoked by it, so the answer carries a
 * read-only token of the booking's new version for the page to move to.
 */
export const guestCancelResultSchema = cancelResultSchema.extend({ viewToken: z.string() })
export type GuestCancelResult = z.infer<typeof guestCancelResultSchema>

/** A refund the team should look at: pending for more than a day. */
export const stuckRefundSchema = z.object({
  id: z.number().int(),
  bookingId: z.number().int(),
  reference: z.string(),
  orderId: z.string(),
  gymName: z.string(),
  amount: z.string(),
  /** What PayPal gives back, in USD; null for a refund through Tap, which is in BD (`amount`). */
  amountUsd: z.string().nullable(),
  /** The gateway the money goes back through: PayPal or Tap (BENEFIT, card in BD). */
  gateway: z.enum(['paypal', 'tap']),
  /** The gateway's last word on it, e.g. Tap's PENDING while its balance is short. */
  providerStatus: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  /** ISO instant of the next automatic attempt; null when it waits for a person. */
  nextAttemptAt: z.string().nullable(),
})
/**
 * A Tap payment that arrived after its order had ended (docs/payments.md): booked when the places
 * were still free, refunded otherwise; `refund_failed` waits for a person.
 */
export const latePaymentSchema = z.object({
  orderId: z.string(),
  chargeId: z.string(),
  outcome: z.enum(['booked', 'refund_pending', 'refunded', 'refund_failed']),
  /** What Tap captured, in BD; null when Tap captured another currency (`currency`). */
  amount: z.string().nullable(),
  currency: z.string(),
  /** The order's status when the payment came: expired, or payment_failed (a wrong amount). */
  orderStatus: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
})
export const stuckRefundsSchema = z.object({
  refunds: z.array(stuckRefundSchema),
  latePayments: z.array(latePaymentSchema),
})
export type StuckRefund = z.infer<typeof stuckRefundSchema>
export type LatePaymentRow = z.infer<typeof latePaymentSchema>
