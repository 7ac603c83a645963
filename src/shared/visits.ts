import { z } from 'zod'
import { localizedSchema } from './catalog-api.ts'
import { paymentMethods } from './payment-methods.ts'

/**
 * The booked visit's API shapes, in one place. `visitSchema` is how every answer about a visit
 * starts: its id and the reference the visitor reads out at reception. The order's and My Bookings'
 * `bookingSchema`, the guest page's and the cancel answers' `cancellableBookingSchema` and the
 * desk's `deskBookingSchema` (desk.ts) extend it; a field every one of them shows belongs here.
 */
export const visitSchema = z.object({
  id: z.number().int(),
  /** `DP-XXXX-XXXX`: what the visitor reads out at reception. */
  reference: z.string(),
})

export const paymentStatuses = ['paid', 'pay at venue'] as const

/** A booked visit, as the order answer and My Bookings show it. */
export const bookingSchema = visitSchema.extend({
  orderId: z.string(),
  /** The venue, named `gym…` on the wire as the cart's lines are (docs/decisions/034). */
  gymId: z.string(),
  gymName: localizedSchema,
  passId: z.string(),
  passName: localizedSchema,
  price: z.string(),
  priceFils: z.number().int(),
  date: z.string(),
  time: z.string(),
  location: localizedSchema,
  paymentStatus: z.enum(paymentStatuses),
  createdAt: z.string(),
})
export type Booking = z.infer<typeof bookingSchema>

/** Why a visitor's cancellation is refused: each is an error code with its text (errors.ts). */
export const cancelRefusals = [
  'CANCEL_TOO_LATE',
  'VISIT_STARTED',
  'VISIT_CHECKED_IN',
  'VISIT_NO_SHOW',
] as const
export type CancelRefusal = (typeof cancelRefusals)[number]

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

/**
 * My Bookings (docs/product.md, "Pages"). The server sends Bahrain's "today" with the list, so the browser
 * splits upcoming from past by the same calendar the server uses, whatever the device's clock.
 */
export const myBookingsSchema = z.object({
  today: z.string(),
  bookings: z.array(cancellableBookingSchema),
})
export type MyBookings = z.infer<typeof myBookingsSchema>

/**
 * One visit of a guest's order on their order page: with the signed manage link of its own, which
 * shows its ticket and cancels or moves it; null when the page was opened with a view link (it
 * stays read-only) or the visit's links have stopped opening it.
 */
export const orderVisitSchema = cancellableBookingSchema.extend({ manageToken: z.string().nullable() })
export type OrderVisit = z.infer<typeof orderVisitSchema>

/** A guest's booking, opened from the signed link in their mail (`/booking/:token`). */
export const managedBookingSchema = z.object({
  booking: cancellableBookingSchema,
  /**
   * What the link allows: `manage` shows the ticket and can cancel; `view` (the calendar file's
   * link, and the page after a cancel) shows the booking only.
   */
  access: z.enum(['manage', 'view']),
  /** The order's other visits that can still be cancelled: with them the guest may cancel the whole order. */
  orderVisits: z.array(cancellableBookingSchema),
  /**
   * Every visit of the order booked by the same guest, this one included, in id order: the page
   * is one per order (docs/booking.md, "A guest's order page").
   */
  order: z.array(orderVisitSchema),
  /** The name it was booked under, to greet the guest. */
  firstName: z.string(),
  /** How the order was paid (BENEFIT, a card through Tap or PayPal, or at the venue) and its total in BD. */
  payment: z.object({ method: z.enum(paymentMethods), total: z.string() }).optional(),
  /** Bahrain's date today: whether the visit is still ahead. */
  today: z.string(),
})
export type ManagedBooking = z.infer<typeof managedBookingSchema>
