import { z } from 'zod'
import { emailSchema } from './accounts.ts'
import { maxPartySize } from './cart.ts'
import { venueIdSchema } from './catalog-api.ts'
import { orderLineRequestSchema } from './checkout.ts'
import { isoDateSchema } from './date-schemas.ts'
import { E } from './errors.ts'
import { languages } from './i18n.ts'
import { signedTokenPattern } from './signed-token.ts'

/**
 * The waiting list of a full slot (docs/booking.md, "Waiting list"): a visitor asks to be told when
 * places free up for a number of people; when they do, the first request that fits is offered them,
 * held for `waitlistOfferMinutes`, and the offer's link books them through the checkout.
 */
export const waitlistOfferMinutes = 30

/** A request's life: waiting in line, offered places (held), booked through the offer, or gone. */
export const waitlistStatuses = ['waiting', 'offered', 'booked', 'left', 'expired'] as const
export type WaitlistStatus = (typeof waitlistStatuses)[number]

/**
 * Joining the list for one slot. A signed-in account joins as itself; a guest needs the proof of a
 * verified e-mail, as checkout does (POST /api/guest-verification/verify-code).
 */
export const waitlistJoinRequestSchema = z.strictObject({
  gymId: venueIdSchema,
  passId: orderLineRequestSchema.shape.passId,
  date: orderLineRequestSchema.shape.date,
  time: orderLineRequestSchema.shape.time,
  people: z
    .number({ error: E.QUANTITY_INVALID })
    .int(E.QUANTITY_INVALID)
    .min(1, E.QUANTITY_INVALID)
    .max(maxPartySize, E.QUANTITY_INVALID),
  language: z.enum(languages).default('en'),
  guest: z
    .strictObject({
      email: emailSchema,
      proof: z.string({ error: E.VERIFY_EMAIL_FIRST }).min(1, E.VERIFY_EMAIL_FIRST).max(2000),
    })
    .optional(),
})
export type WaitlistJoinRequest = z.input<typeof waitlistJoinRequestSchema>

/** The signed link of one request (`<id>.<signature>`), in every mail about it. */
export const waitlistTokenSchema = z.string().regex(new RegExp(`^${signedTokenPattern}$`), E.INVALID_TOKEN)

/** One request as its visitor sees it, through its signed link. */
export const waitlistEntrySchema = z.object({
  token: z.string(),
  status: z.enum(waitlistStatuses),
  gymId: z.string(),
  passId: z.string(),
  venueName: z.object({ en: z.string(), ar: z.string() }),
  passName: z.object({ en: z.string(), ar: z.string() }),
  date: z.string(),
  time: z.string(),
  people: z.number().int(),
  /** Requests ahead of this one for the same slot, while waiting. */
  ahead: z.number().int().nullable(),
  /** While offered: when the held places go to the next in line (ISO instant). */
  offerExpiresAt: z.string().nullable(),
  /** While offered: the price per person for that date, in fils, and the line's total. */
  priceFils: z.number().int(),
  totalFils: z.number().int(),
})
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>

/** A slot's list, for the desk and the venue editor: no e-mail addresses, first names only. */
export const teamWaitlistQuerySchema = z.strictObject({
  venue: venueIdSchema,
  // A real calendar date in the years the site serves, as the desk's day asks for.
  date: isoDateSchema,
})
export const teamWaitlistSchema = z.object({
  slots: z.array(
    z.object({
      time: z.string(),
      entries: z.array(
        z.object({
          id: z.number().int(),
          passId: z.string(),
          people: z.number().int(),
          status: z.enum(waitlistStatuses),
          name: z.string(),
          joinedAt: z.string(),
          offerExpiresAt: z.string().nullable(),
        }),
      ),
    }),
  ),
})
export type TeamWaitlist = z.infer<typeof teamWaitlistSchema>
