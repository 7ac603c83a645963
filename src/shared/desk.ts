import { z } from 'zod'
import { localizedSchema, venueIdSchema } from './catalog-api.ts'
import { isoDateSchema } from './date-schemas.ts'
import { E } from './errors.ts'
import { paymentStatuses, visitSchema } from './visits.ts'

/**
 * The bookings desk (docs/desk.md): the day's bookings of a venue, check-in modelled on pretix's
 * redeem, payment at the desk and no-shows; and which staff act for which venues.
 * Requests are checked by these schemas in the browser and on the server; messages are error codes.
 */

export const deskPaymentMethods = ['card', 'benefit', 'cash'] as const
export type DeskPaymentMethod = (typeof deskPaymentMethods)[number]

/**
 * What a scan answers, as pretix's reasons: `ok` checked in; `invalid` unreadable, unknown, forged,
 * unsigned from the camera, or of a venue the caller may not act for; `other_venue` a ticket for
 * another of the caller's venues than the desk's (nothing of it is shown); `other_date` not
 * today; `too_early`/`too_late` outside the slot's tolerance (the desk may override those two);
 * `unpaid` pay at the venue with nothing collected yet.
 */
export const redeemStatuses = [
  'ok',
  'invalid',
  'already_checked_in',
  'other_venue',
  'other_date',
  'too_early',
  'too_late',
  'cancelled',
  'unpaid',
] as const
export type RedeemStatus = (typeof redeemStatuses)[number]

export const deskVenueSchema = z.object({
  id: z.string(),
  name: localizedSchema,
  checkInOpensMinutes: z.number(),
  checkInClosesMinutes: z.number(),
})
export type DeskVenue = z.infer<typeof deskVenueSchema>
export const deskVenuesSchema = z.object({ venues: z.array(deskVenueSchema) })

export const deskBookingsQuerySchema = z.object({
  venue: venueIdSchema,
  date: isoDateSchema,
  search: z.string().max(200, E.SEARCH_TOO_LONG).optional(),
})

/** Where a booking stands at the desk, in the order the desk cares about. */
export const deskBookingStates = ['cancelled', 'checked_in', 'no_show', 'to_come'] as const
export type DeskBookingState = (typeof deskBookingStates)[number]

export const deskBookingSchema = visitSchema.extend({
  /** yyyy-mm-dd and HH:00, Bahrain time. */
  date: z.string(),
  time: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  pass: localizedSchema,
  priceFils: z.number(),
  paymentStatus: z.enum(paymentStatuses),
  deskPayment: z.object({ method: z.enum(deskPaymentMethods), at: z.string() }).nullable(),
  /** Money paid at the desk and given back there, once the visit was cancelled. */
  deskRefund: z
    .object({ method: z.enum(deskPaymentMethods), at: z.string(), amountFils: z.number() })
    .nullable(),
  state: z.enum(deskBookingStates),
  checkedInAt: z.string().nullable(),
  checkInOverride: z.enum(['too_early', 'too_late']).nullable(),
  noShowAt: z.string().nullable(),
})
export type DeskBooking = z.infer<typeof deskBookingSchema>

export const deskSlotSchema = z.object({
  time: z.string(),
  booked: z.number(),
  checkedIn: z.number(),
  toCome: z.number(),
  bookings: z.array(deskBookingSchema),
})
export type DeskSlot = z.infer<typeof deskSlotSchema>

export const deskDaySchema = z.object({
  venueId: z.string(),
  date: z.string(),
  slots: z.array(deskSlotSchema),
})
export type DeskDay = z.infer<typeof deskDaySchema>

/**
 * How the desk read a ticket: `camera`, the device's camera reading the QR code, which must carry
 * the ticket's signature; `keyboard`, the desk's field, into which a USB scanner types the whole
 * signed payload and a person types a reference (checked in as "reference only": staff check ID).
 */
export const redeemEntries = ['camera', 'keyboard'] as const
export type RedeemEntry = (typeof redeemEntries)[number]

export const redeemRequestSchema = z.strictObject({
  venueId: venueIdSchema,
  /** The scanned payload, or a reference typed by hand. */
  text: z.string({ error: E.TICKET_TEXT_REQUIRED }).max(300, E.TOO_LONG),
  entry: z.enum(redeemEntries, { error: E.INVALID_VALUE }),
  /** A new uuid per scan; a retry sends the same one and gets the same answer. */
  nonce: z.uuid(E.NONCE_INVALID),
  /** Check in outside the slot's tolerance anyway (too_early / too_late only). */
  override: z.boolean({ error: E.INVALID_VALUE }).optional(),
})
export type RedeemRequest = z.infer<typeof redeemRequestSchema>

export const redeemAnswerSchema = z.object({
  status: z.enum(redeemStatuses),
  /**
   * Whenever a ticket was found: true when its signature was checked and holds, false for a
   * reference without one (typed by hand), where only the visitor's ID shows it is theirs.
   */
  signatureVerified: z.boolean().optional(),
  booking: deskBookingSchema.optional(),
  checkedInAt: z.string().optional(),
  /** Who checked the visitor in: their name, else their e-mail. */
  checkedInBy: z.string().optional(),
})
export type RedeemAnswer = z.infer<typeof redeemAnswerSchema>

export const deskPaymentRequestSchema = z.strictObject({
  method: z.enum(deskPaymentMethods, { error: E.PAYMENT_METHOD_REQUIRED }),
})
export type DeskPaymentRequest = z.infer<typeof deskPaymentRequestSchema>

/** A cancelled visit's desk payment given back at the desk (managers): how; the amount is what was paid. */
export const deskRefundRequestSchema = z.strictObject({
  method: z.enum(deskPaymentMethods, { error: E.PAYMENT_METHOD_REQUIRED }),
})
export type DeskRefundRequest = z.infer<typeof deskRefundRequestSchema>

export const deskBookingParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
})

export const deskBookingAnswerSchema = z.object({ booking: deskBookingSchema })

/**
 * A party at the desk (docs/desk.md, "Parties"): the visits of one order at one venue on one date,
 * found from any of its tickets. `dueFils` is what is still to collect for it at the desk.
 */
export const deskPartySchema = z.object({
  orderId: z.string(),
  bookings: z.array(deskBookingSchema),
  dueFils: z.number(),
})
export type DeskParty = z.infer<typeof deskPartySchema>

/** "Check in all": `override` checks in outside the venue's check-in window, as for one ticket. */
export const deskPartyCheckInRequestSchema = z.strictObject({ override: z.boolean().optional() })
export type DeskPartyCheckInRequest = z.infer<typeof deskPartyCheckInRequestSchema>

/** Why the desk may not check a visit in now, in the order the desk says them. */
export const checkInRefusals = [
  'cancelled',
  'already_checked_in',
  'other_date',
  'too_early',
  'too_late',
  'unpaid',
] as const
export type CheckInRefusal = (typeof checkInRefusals)[number]

/**
 * A visit "Check in all" left as it was, and why; with the visit's check-in window (the slot's hour
 * less the venue's opening minutes, plus its closing minutes), so the desk can say when it opens.
 */
export const partyVisitLeftSchema = z.object({
  id: z.number(),
  reason: z.enum(checkInRefusals),
  opensAt: z.string(),
  closesAt: z.string(),
})
export type PartyVisitLeft = z.infer<typeof partyVisitLeftSchema>

/** The party after an action, with the visits this request changed (none on a repeat). */
export const deskPartyAnswerSchema = z.object({
  party: deskPartySchema,
  changedIds: z.array(z.number()),
  /** For "Check in all": each visit not checked in by it, with the reason. */
  notCheckedIn: z.array(partyVisitLeftSchema).optional(),
  /** For a payment: what this request recorded, in fils. */
  collectedFils: z.number().optional(),
  /** For "Undo collect": the desk payments this request took back, in fils. */
  undoneFils: z.number().optional(),
})
export type DeskPartyAnswer = z.infer<typeof deskPartyAnswerSchema>

// Staff to venues (canManageUsers).

export const staffMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /**
   * A staff member acts at the desk for these venues only; for a manager they are the venues the
   * manager runs, to which they may invite staff (docs/decisions/041).
   */
  role: z.enum(['staff', 'manager']),
  venueIds: z.array(z.string()),
})
export const staffListSchema = z.object({
  staff: z.array(staffMemberSchema),
  venues: z.array(z.object({ id: z.string(), name: localizedSchema })),
})
export type StaffList = z.infer<typeof staffListSchema>

export const staffVenuesSchema = z.object({ userId: z.string(), venueIds: z.array(z.string()) })
export type StaffVenues = z.infer<typeof staffVenuesSchema>

export const staffVenuesRequestSchema = z.strictObject({
  venueIds: z
    .array(venueIdSchema, { error: E.INVALID_VALUE })
    .max(500, E.INVALID_VALUE)
    .refine((ids) => new Set(ids).size === ids.length, E.INVALID_VALUE),
})
export type StaffVenuesRequest = z.infer<typeof staffVenuesRequestSchema>

/** better-auth's account ids: letters and digits (and - or _ for ids made elsewhere). */
export const staffUserParamsSchema = z.object({
  userId: z
    .string()
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, E.STAFF_NOT_FOUND),
})
