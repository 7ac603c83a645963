import { z } from 'zod'
import { emailSchema } from './accounts.ts'
import { maxPartySize } from './cart.ts'
import { localizedSchema, venueIdSchema } from './catalog-api.ts'
import { E } from './errors.ts'
import { languages } from './i18n.ts'
import { typedDigits, westernDigits } from './normalise/digits.ts'
import { phoneSchema } from './normalise/phone.ts'
import { paymentMethods, tapMethods } from './payment-methods.ts'
import { isTypedText } from './typed-text.ts'
import { bookingSchema, orderVisitSchema } from './visits.ts'

/**
 * Checkout's requests and answers (docs/booking.md, docs/decisions/011 and 012). The browser sends only what
 * it wants to book; the server prices, checks and books it.
 */
export const maxOrderItems = 20

export { maxPartySize }

const passIdSchema = z
  .string()
  .max(80)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, E.PASS_ID_INVALID)

/** One thing to book: which pass, at which venue, on which day and hour (Bahrain time). */
export const orderLineRequestSchema = z.strictObject({
  gymId: venueIdSchema,
  passId: passIdSchema,
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, E.DATE_FORMAT),
  time: z.string().regex(/^\d{2}:00$/, E.TIME_FORMAT),
  /** How many people: each becomes a visit of its own. A line without it is one person. */
  quantity: z
    .number({ error: E.QUANTITY_INVALID })
    .int(E.QUANTITY_INVALID)
    .min(1, E.QUANTITY_INVALID)
    .max(maxPartySize, E.QUANTITY_INVALID)
    .default(1),
})
export type OrderLineRequest = z.input<typeof orderLineRequestSchema>
export type ParsedOrderLine = z.output<typeof orderLineRequestSchema>

const linesSchema = z.array(orderLineRequestSchema).min(1, E.CART_EMPTY).max(maxOrderItems, E.TOO_MANY_ITEMS)

export const quoteRequestSchema = z.strictObject({
  items: linesSchema,
  /**
   * A waiting list offer's signed token (src/shared/waitlist.ts): the places it holds count as free
   * for its slot's lines, as the order that carries it will book them.
   */
  waitlistOffer: z.string().max(200).optional(),
})

/** Why a line cannot be booked as it stands. */
export const lineProblemCodes = [
  'GYM_NOT_FOUND',
  'COMING_SOON',
  'PASS_NOT_FOUND',
  'INVALID_DATE',
  'DATE_TOO_FAR',
  'INVALID_TIME',
  /** The date is before the venue's first day of sale or after its last. */
  'NOT_SOLD_ON_DATE',
  /** The venue does not sell that hour on that date (its hours, or a closure). */
  'SLOT_CLOSED',
  'SLOT_PAST',
  'SLOT_FULL',
  /** More places in one slot than the venue lets one order book. */
  'SLOT_CAP_EXCEEDED',
  /** More places at the venue on that date than the venue lets one booker hold. */
  'DAY_CAP_EXCEEDED',
  /** More people than the slot has places left, some being left (`left`). */
  'PLACES_LEFT',
] as const

/** The caps' line problems, and the code whose text names the venue's cap (`{{limit}}`) for one line. */
export const capLineCodes = {
  SLOT_CAP_EXCEEDED: 'SLOT_CAP_LIMIT',
  DAY_CAP_EXCEEDED: 'DAY_CAP_LIMIT',
} as const
export type CapCode = keyof typeof capLineCodes

export function isCapCode(code: string): code is CapCode {
  return Object.hasOwn(capLineCodes, code)
}

export const quoteLineSchema = z.object({
  /** The venue, named `gym…` on the wire as the cart's lines are (docs/decisions/034). */
  gymId: z.string(),
  passId: z.string(),
  date: z.string(),
  time: z.string(),
  /** How many people the line books; an order stored before parties is one each. */
  quantity: z.number().int().min(1).default(1),
  gymName: localizedSchema,
  /** The pass's name and description, as the cart shows them: "Adult - Gym and pool". */
  passName: localizedSchema,
  location: localizedSchema,
  /** The server's price for one person on this pass and date; 0 when the line cannot be priced. */
  priceFils: z.number().int(),
  price: z.string(),
  /** Which of the pass's prices the date takes: a weekend or holiday one is named beside it. */
  dayType: z.enum(['weekday', 'weekend', 'holiday']).optional(),
  /** Set when the line's price differs from the pass's weekday one: "Weekend price" is said only then. */
  priceNote: z.enum(['weekend', 'holiday']).nullable().optional(),
  payAtVenueOnly: z.boolean(),
  /** The venue's cancellation notice: with the slot, the "Free cancellation until" of the line. */
  cancellationNoticeHours: z.number().int().optional(),
  problem: z
    .object({
      code: z.enum(lineProblemCodes),
      message: z.string(),
      /** The venue's cap, for SLOT_CAP_EXCEEDED and DAY_CAP_EXCEEDED. */
      limit: z.number().int().optional(),
      /** The places the slot has left, for PLACES_LEFT. */
      left: z.number().int().optional(),
    })
    .nullable(),
})
export type QuoteLine = z.output<typeof quoteLineSchema>

export const quoteSchema = z.object({
  lines: z.array(quoteLineSchema),
  /** Sum of the lines that can be booked, each its price × its people. */
  totalFils: z.number().int(),
  total: z.string(),
  /** PayPal's amount: the total in BHD × 2.65, to 2 decimals (docs/payments.md). */
  totalUsd: z.string(),
  /** Some venue takes payment at reception only, so the whole order does. */
  payAtVenueOnly: z.boolean(),
  /** Every line can be booked. */
  bookable: z.boolean(),
  /**
   * Until when (ISO) the waiting list offer sent with the quote holds its places; null without a
   * standing offer. The checkout shows it (docs/booking.md, "Waiting list").
   */
  heldUntil: z.string().nullable().optional(),
})
export type Quote = z.infer<typeof quoteSchema>

const nameSchema = z
  .string({ error: E.NAMES_REQUIRED })
  .trim()
  .min(1, E.NAMES_REQUIRED)
  .min(2, E.NAMES_TOO_SHORT)
  .max(80, E.NAMES_TOO_LONG)
  .refine(isTypedText, E.INVALID_TEXT)

/** Written as people do (src/shared/normalise/phone.ts); the order stores it as E.164. */
const mobileSchema = phoneSchema({ required: E.MOBILE_REQUIRED, invalid: E.GUEST_MOBILE_INVALID })

const guestEmailSchema = z
  .string({ error: E.EMAILS_REQUIRED })
  .trim()
  .min(1, E.EMAILS_REQUIRED)
  .pipe(emailSchema)

/** The guest panel of the checkout page, its messages as codes (docs/product.md, "Validation"). */
export const guestDetailsSchema = z
  .object({
    firstName: nameSchema,
    lastName: nameSchema,
    email: guestEmailSchema,
    confirmEmail: z.string().trim().min(1, E.EMAILS_REQUIRED),
    mobileNumber: mobileSchema,
  })
  .superRefine((form, ctx) => {
    if (form.confirmEmail && form.confirmEmail.toLowerCase() !== form.email.toLowerCase())
      ctx.addIssue({ code: 'custom', path: ['confirmEmail'], message: E.EMAILS_MISMATCH })
  })
export type GuestDetails = z.infer<typeof guestDetailsSchema>

/** What a guest order carries about the guest: their details and the proof that the e-mail is theirs. */
export const orderGuestSchema = z.strictObject({
  firstName: nameSchema,
  lastName: nameSchema,
  email: emailSchema,
  mobileNumber: mobileSchema,
  proof: z.string({ error: E.VERIFY_EMAIL_FIRST }).min(1, E.VERIFY_EMAIL_FIRST).max(2000),
})
export type OrderGuest = z.infer<typeof orderGuestSchema>

export const orderRequestSchema = z.strictObject({
  items: linesSchema,
  paymentMethod: z.enum(paymentMethods, { error: E.PAYMENT_METHOD_REQUIRED }),
  /** The booker's language, for the confirmation e-mails. */
  language: z.enum(languages).default('en'),
  /** Required when the visitor is not signed in to an account. */
  guest: orderGuestSchema.optional(),
  /**
   * A waiting list offer's signed token (src/shared/waitlist.ts): the line for its slot books the
   * places held for it instead of taking free ones.
   */
  waitlistOffer: z.string().max(200).optional(),
})
export type OrderRequest = z.input<typeof orderRequestSchema>
/** An order request as the server reads it: each line's quantity filled in. */
export type ParsedOrderRequest = z.output<typeof orderRequestSchema>

/** Idempotency-Key header: a client-made random id, one per checkout attempt. */
export const idempotencyKeyPattern = /^[A-Za-z0-9_:-]{8,200}$/

export const orderStatuses = ['awaiting_payment', 'confirmed', 'expired', 'payment_failed'] as const

export const orderSchema = z.object({
  id: z.string(),
  status: z.enum(orderStatuses),
  paymentMethod: z.enum(paymentMethods),
  totalFils: z.number().int(),
  total: z.string(),
  totalUsd: z.string(),
  /**
   * Written once the order is confirmed: at once for pay at venue, after capture for card. A guest's
   * carry the token of their signed manage link (`/booking/:token`); an account's have My Bookings.
   */
  bookings: z.array(bookingSchema.extend({ manageToken: z.string().nullable() })),
})
export type Order = z.infer<typeof orderSchema>

/**
 * Where an order stands once people of it are cancelled (docs/booking.md, "An order's own page"):
 * how many are still booked, what was paid online, what went back (or is on its way back), and
 * what is still to pay at the venue. In fils.
 */
export const orderStandingSchema = z.object({
  people: z.number().int(),
  cancelledPeople: z.number().int(),
  /** Paid online for the order (its total), 0 for pay at venue. */
  paidFils: z.number().int(),
  /** Refunds of cancelled visits that have reached the card. */
  refundedFils: z.number().int(),
  /** Refunds of cancelled visits still on their way. */
  refundPendingFils: z.number().int(),
  /** Pay at venue: the price of the visits still booked and not yet paid at reception. */
  dueAtVenueFils: z.number().int(),
})
export type OrderStanding = z.infer<typeof orderStandingSchema>

/**
 * An account's order on its own page (`/bookings/orders/:id`), the confirmation's address: each
 * visit with where it stands for cancelling, so a visit cancelled since shows as cancelled.
 */
export const myOrderSchema = orderSchema.extend({
  bookings: z.array(orderVisitSchema),
  standing: orderStandingSchema,
})
export type MyOrder = z.infer<typeof myOrderSchema>

/**
 * How the browser pays by card: PayPal's buttons, the labelled test mode, or not at all ('off': a
 * production site without PayPal, where checkout offers Pay at Venue only).
 */
export const paymentConfigSchema = z.object({
  provider: z.enum(['paypal', 'test', 'off']),
  clientId: z.string().nullable(),
  currency: z.literal('USD'),
  /**
   * BENEFIT and cards in BD through Tap: 'tap' (Tap's page), 'test' (the labelled test page of this
   * site standing in for it) or 'off' (a production site without Tap).
   */
  tap: z.enum(['tap', 'test', 'off']),
})
export type PaymentConfig = z.infer<typeof paymentConfigSchema>

/** A guest order's follow-up calls (payment, capture) carry the e-mail proof again. */
export const orderAccessSchema = z.strictObject({ proof: z.string().max(2000).optional() })

export const paymentStartSchema = z.object({ providerOrderId: z.string() })

/** Where to send the visitor to pay: Tap's page (BENEFIT's, or the card form) or the local test page. */
export const redirectPaymentSchema = z.object({ redirectUrl: z.string() })

/**
 * The result page's question after Tap sent the visitor back: `tap_id` is the charge Tap named, and
 * `token` the signed part of our own return address, which stands for the visitor's access to the
 * order (a guest's e-mail proof may have run out while they paid).
 */
export const tapReturnSchema = z.strictObject({
  tapId: z.string().min(1).max(100),
  token: z.string().min(1).max(200),
})

/**
 * What the result page shows: the order's status as it is now, and nothing else of it (no bookings,
 * no guest link: those go by mail). `paymentStatus` is Tap's word on the charge (CAPTURED, DECLINED,
 * INITIATED …) and `paymentMethod` the way chosen, for the page's wording; the status is what counts.
 * A CAPTURED payment of an order that is not confirmed came after the order ended, and is refunded.
 */
export const tapResultSchema = z.strictObject({
  status: z.enum(orderStatuses),
  paymentStatus: z.string(),
  paymentMethod: z.enum(paymentMethods),
})
export type TapResult = z.infer<typeof tapResultSchema>

export const captureRequestSchema = z.strictObject({
  providerOrderId: z.string().min(1).max(100),
  proof: z.string().max(2000).optional(),
})

/** Guest e-mail verification (docs/decisions/012). */
export const otpLength = 6
export const otpResendSeconds = 60
export const otpValidMinutes = 10
export const otpMaxAttempts = 5

export const sendCodeRequestSchema = z.strictObject({
  email: emailSchema,
  language: z.enum(languages).default('en'),
})
export const sendCodeResponseSchema = z.object({
  sent: z.literal(true),
  resendAfterSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
})

export const verifyCodeRequestSchema = z.strictObject({
  email: emailSchema,
  /** Arabic-Indic and Persian digits are read as 0–9. */
  code: z.preprocess(typedDigits, z.string().regex(/^\d{6}$/, E.INVALID_CODE)),
})
export const verifyCodeResponseSchema = z.object({
  /** Sent back with the guest order; bound to this e-mail and short-lived. */
  proof: z.string(),
  expiresAt: z.string(),
})

/** The OTP box: digits only, at most 6; Arabic-Indic and Persian ones become 0–9. */
export function sanitizeOtpInput(text: string): string {
  return westernDigits(text).replace(/\D/g, '').slice(0, otpLength)
}

/**
 * The test page standing in for BENEFIT's or Tap's card page when Tap is not set up (development,
 * tests, a staging site): what the charge is for, and the payer's three answers.
 */
export const testChargeSchema = z.object({
  chargeId: z.string(),
  amount: z.string(),
  currency: z.literal('BHD'),
  method: z.enum(tapMethods),
  status: z.string(),
})
export type TestCharge = z.infer<typeof testChargeSchema>

export const testChargeActions = ['pay', 'decline', 'cancel'] as const
export const testChargeDecisionSchema = z.strictObject({ action: z.enum(testChargeActions) })
