import { z } from 'zod'
import { bookingSchema } from './checkout.ts'
import { E } from './errors.ts'

/** Why a visitor's cancellation is refused: each is an error code with its text (errors.ts). */
export const cancelRefusals = [
  'CANCEL_TOO_LATE',
  'VISIT_STARTED',
  'VISIT_CHECKED_IN',
  'VISIT_NO_SHOW',
] as const
export type CancelRefusal = (typeof cancelRefusals)[number]

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

export const refundStatuses = ['pending', 'refunded'] as const

/** A cancelled card-paid visit's money going back to the card. */
export const refundSchema = z.object({
  status: z.enum(refundStatuses),
  amountFils: z.number().int(),
  /** `BD 14.000` */
  amount: z.string(),
})

/**
 * Where a visit stands for cancelling: whether it can be cancelled now (and why not), until when it
 * is free, what cancelling would give back, and, once cancelled, its refund.
 */
export const cancellationSchema = z.object({
  /** ISO instant: free cancellation before it. */
  deadline: z.string(),
  noticeHours: z.number().int(),
  cancelledAt: z.string().nullable(),
  cancelledByTeam: z.boolean(),
  /** The team's reason, shown to the visitor. */
  reason: z.string().nullable(),
  /** Null when the visitor can cancel it now. */
  refusal: z.enum(cancelRefusals).nullable(),
  /** What cancelling now gives back to the card; 0 when there is nothing to pay back (pay at venue). */
  refundFils: z.number().int(),
  refund: refundSchema.nullable(),
})
export type Cancellation = z.infer<typeof cancellationSchema>

/** A booking as My Bookings and the guest's link show it: with where it stands for cancelling. */
export const cancellableBookingSchema = bookingSchema.extend({ cancellation: cancellationSchema })
export type CancellableBooking = z.infer<typeof cancellableBookingSchema>

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
  amountUsd: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  /** ISO instant of the next automatic attempt; null when it waits for a person. */
  nextAttemptAt: z.string().nullable(),
})
export const stuckRefundsSchema = z.object({ refunds: z.array(stuckRefundSchema) })
export type StuckRefund = z.infer<typeof stuckRefundSchema>
