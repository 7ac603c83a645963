import { z } from 'zod'
import { areaSchema, chosenAreaSchema } from './areas.ts'
import { isIsoDate } from './bahrain-time.ts'
import { passTypes, venueTypes } from './catalog.ts'
import { inDateYears } from './date-schemas.ts'
import { E, type ErrorCode } from './errors.ts'
import { facilitiesSchema } from './facilities-schema.ts'
import { parseBhdToFils } from './money.ts'
import { typedDigits, westernNumber } from './normalise/digits.ts'
import { commissionPercentSchema } from './reports.ts'
import { venueVatAnswerSchema } from './vat.ts'
import { venueNoticesAnswerSchema } from './venue-notices.ts'

/**
 * The team's venue editor (docs/operating.md): one schema per form, checked in the browser and again on the
 * server, and the editor API's answers. Messages are error codes (src/shared/errors.ts).
 */

export const venueStatuses = ['draft', 'coming_soon', 'published', 'suspended'] as const
export type VenueStatus = (typeof venueStatuses)[number]

/** The most a day pass may cost: a typo guard (BD 1,000), not a business rule. */
export const maxPassPriceFils = 1_000_000

const requiredText = (required: ErrorCode, max: number) =>
  z.string({ error: required }).trim().min(1, required).max(max, E.TOO_LONG)
/** Text a draft may leave empty; publishing asks for it (see `missingForListing`). */
const optionalText = (max: number) => z.string({ error: E.INVALID_VALUE }).trim().max(max, E.TOO_LONG)
/** Lowercase ASCII words joined by hyphens, as /gyms/<slug> shows it. */
export const slugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/

/** A date of sale: yyyy-mm-dd, or '' for none. */
const saleDate = z
  .string({ error: E.DATE_INVALID })
  .trim()
  .refine((value) => !value || isIsoDate(value), E.DATE_INVALID)
  .refine((value) => !value || inDateYears(value), E.DATE_OUT_OF_RANGE)

/** A decimal number typed as text; empty means "not set". */
const numberText = z.string({ error: E.INVALID_VALUE }).trim().max(24, E.COORDINATES_INVALID)

/** A coordinate typed as text (Arabic-Indic digits too): the number, null when empty, undefined when it is not a number in range. */
export function parseCoordinate(text: string, limit: number): number | null | undefined {
  const trimmed = westernNumber(text).trim()
  if (!trimmed) return null
  if (!/^-?\d{1,3}(\.\d{1,10})?$/.test(trimmed)) return undefined
  const value = Number(trimmed)
  return Math.abs(value) <= limit ? value : undefined
}

export const venueDetailsSchema = z
  .strictObject({
    nameEn: requiredText(E.VENUE_NAME_REQUIRED, 120),
    nameAr: optionalText(120),
    descriptionEn: optionalText(4000),
    descriptionAr: optionalText(4000),
    /** The id of an area of the team's list (src/shared/areas.ts). */
    areaId: chosenAreaSchema,
    locationEn: optionalText(200),
    locationAr: optionalText(200),
    /** Typed as text, both or neither: '' leaves the venue off the map. */
    latitude: numberText,
    longitude: numberText,
    /** Null: not rated yet, and no stars are shown. */
    rating: z
      .number({ error: E.RATING_RANGE })
      .int(E.RATING_RANGE)
      .min(1, E.RATING_RANGE)
      .max(5, E.RATING_RANGE)
      .nullable(),
    payAtVenueOnly: z.boolean({ error: E.INVALID_VALUE }),
    cancellationNoticeHours: z
      .number({ error: E.NOTICE_HOURS_RANGE })
      .int(E.NOTICE_HOURS_RANGE)
      .min(0, E.NOTICE_HOURS_RANGE)
      .max(720, E.NOTICE_HOURS_RANGE)
      .default(24),
    /** The marketplace's commission on each visit, in percent with up to two decimals (statements). */
    commissionPercent: commissionPercentSchema.default(15),
    venueType: z.enum(venueTypes, { error: E.VENUE_TYPE_REQUIRED }),
    /** Left out: unchanged (so an older editor does not clear them). */
    facilities: facilitiesSchema.optional(),
    /** The public URL's name; it may change only until the venue is first published. */
    slug: z
      .string({ error: E.SLUG_INVALID })
      .trim()
      .toLowerCase()
      .max(80, E.SLUG_INVALID)
      .regex(slugPattern, E.SLUG_INVALID)
      .optional(),
    /** yyyy-mm-dd or '' (no limit): the first and last dates visits are sold for. */
    sellsFrom: saleDate.optional(),
    sellsUntil: saleDate.optional(),
  })
  .superRefine(
    (form, ctx) => {
      const text = (value: unknown) => (typeof value === 'string' ? value : '')
      const [from, until] = [text(form.sellsFrom).trim(), text(form.sellsUntil).trim()]
      if (isIsoDate(from) && isIsoDate(until) && until < from)
        ctx.addIssue({ code: 'custom', path: ['sellsUntil'], message: E.SELLS_UNTIL_BEFORE_FROM })
      const latitude = parseCoordinate(text(form.latitude), 90)
      const longitude = parseCoordinate(text(form.longitude), 180)
      if (latitude === undefined)
        ctx.addIssue({ code: 'custom', path: ['latitude'], message: E.COORDINATES_INVALID })
      if (longitude === undefined)
        ctx.addIssue({ code: 'custom', path: ['longitude'], message: E.COORDINATES_INVALID })
      if (latitude === null && typeof longitude === 'number')
        ctx.addIssue({ code: 'custom', path: ['latitude'], message: E.COORDINATES_BOTH })
      if (longitude === null && typeof latitude === 'number')
        ctx.addIssue({ code: 'custom', path: ['longitude'], message: E.COORDINATES_BOTH })
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  )
export type VenueDetailsInput = z.input<typeof venueDetailsSchema>
export type VenueDetails = z.output<typeof venueDetailsSchema>

/** The details as sent: with the `updatedAt` the editor loaded, so a change made elsewhere is not overwritten. */
export const venueDetailsRequestSchema = venueDetailsSchema.safeExtend({
  updatedAt: z.iso.datetime({ error: E.INVALID_VALUE }),
})

/** The coordinates of a valid details form, as stored. */
export function coordinatesOf(form: Pick<VenueDetails, 'latitude' | 'longitude'>) {
  return {
    latitude: parseCoordinate(form.latitude, 90) ?? null,
    longitude: parseCoordinate(form.longitude, 180) ?? null,
  }
}

export const venueStatusChangeSchema = z.strictObject({
  status: z.enum(venueStatuses, { error: E.INVALID_VALUE }),
})
export type VenueStatusChange = z.infer<typeof venueStatusChangeSchema>

/** Why a typed pass price cannot be used, or undefined when it is one (optional: '' is allowed). */
export function passPriceProblem(text: string, required: boolean): ErrorCode | undefined {
  if (!text.trim()) return required ? E.PRICE_REQUIRED : undefined
  const fils = parseBhdToFils(text)
  if (fils === undefined) return E.PRICE_INVALID
  if (fils === 0) return E.PRICE_ZERO
  return fils > maxPassPriceFils ? E.PRICE_TOO_HIGH : undefined
}

/** Its digits read as 0–9 first, so "١٤٫٥٠٠" is stored as 14.500. */
const priceText = (required: boolean) =>
  z.preprocess(
    typedDigits,
    z
      .string({ error: required ? E.PRICE_REQUIRED : E.PRICE_INVALID })
      .trim()
      .max(12, E.PRICE_INVALID)
      .superRefine((text, ctx) => {
        const problem = passPriceProblem(text, required)
        if (problem) ctx.addIssue({ code: 'custom', message: problem })
      }),
  )

export const passFormSchema = z.strictObject({
  type: z.enum(passTypes, { error: E.PASS_TYPE_REQUIRED }),
  nameEn: requiredText(E.NAME_REQUIRED, 80),
  nameAr: requiredText(E.NAME_REQUIRED, 80),
  descriptionEn: optionalText(1000),
  descriptionAr: optionalText(1000),
  /** Typed as BD with up to 3 decimals, e.g. 14.000. */
  weekdayPrice: priceText(true),
  /** '' when the weekday price applies on Friday and Saturday too. */
  weekendPrice: priceText(false),
  /** '' when the weekend (else weekday) price applies on public holidays. */
  holidayPrice: priceText(false),
})
export type PassFormInput = z.input<typeof passFormSchema>
export type PassForm = z.output<typeof passFormSchema>

/** The prices of a valid pass form, in fils as stored. */
export function passPricesFils(form: Pick<PassForm, 'weekdayPrice' | 'weekendPrice' | 'holidayPrice'>) {
  const optional = (text: string) => (text.trim() ? (parseBhdToFils(text) ?? null) : null)
  return {
    weekdayPriceFils: parseBhdToFils(form.weekdayPrice) ?? 0,
    weekendPriceFils: optional(form.weekendPrice),
    holidayPriceFils: optional(form.holidayPrice),
  }
}

const passId = z
  .string({ error: E.PASS_ID_INVALID })
  .max(80, E.PASS_ID_INVALID)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, E.PASS_ID_INVALID)

/** Every pass of the venue (archived too), in the order the visitors should see them. */
export const passOrderSchema = z.strictObject({
  ids: z
    .array(passId, { error: E.PASS_ORDER_INVALID })
    .min(1, E.PASS_ORDER_INVALID)
    .max(100, E.PASS_ORDER_INVALID)
    .refine((ids) => new Set(ids).size === ids.length, E.PASS_ORDER_INVALID),
})
export type PassOrder = z.infer<typeof passOrderSchema>

/** What a venue lacks to be shown to visitors; each is an error code the editor words. */
export const readinessProblems = [
  'MISSING_ENGLISH_TEXT',
  'MISSING_ARABIC_TEXT',
  'MISSING_COVER_PHOTO',
  'MISSING_ACTIVE_PASS',
] as const satisfies readonly ErrorCode[]
export type ReadinessProblem = (typeof readinessProblems)[number]

// Answers.

export const adminVenueSummarySchema = z.object({
  id: z.string(),
  name: z.object({ en: z.string(), ar: z.string() }),
  area: areaSchema,
  status: z.enum(venueStatuses),
  activePasses: z.number().int(),
  /** Confirmed bookings for today's date in Bahrain. */
  todaysBookings: z.number().int(),
})
export type AdminVenueSummary = z.infer<typeof adminVenueSummarySchema>

export const adminVenueListSchema = z.object({ venues: z.array(adminVenueSummarySchema) })
export type AdminVenueList = z.infer<typeof adminVenueListSchema>

export const adminPassSchema = z.object({
  id: z.string(),
  /** One of passTypes, unless a pass was created outside the editor with another. */
  type: z.string(),
  nameEn: z.string(),
  nameAr: z.string(),
  descriptionEn: z.string(),
  descriptionAr: z.string(),
  weekdayPriceFils: z.number().int(),
  weekendPriceFils: z.number().int().nullable(),
  holidayPriceFils: z.number().int().nullable(),
  position: z.number().int(),
  /** ISO 8601; null while it is sold. */
  archivedAt: z.string().nullable(),
})
export type AdminPass = z.infer<typeof adminPassSchema>

export const adminVenueSchema = z.object({
  id: z.string(),
  nameEn: z.string(),
  nameAr: z.string(),
  descriptionEn: z.string(),
  descriptionAr: z.string(),
  /** The id of its area in the team's list. */
  areaId: z.string(),
  locationEn: z.string(),
  locationAr: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  rating: z.number().int().nullable(),
  payAtVenueOnly: z.boolean(),
  cancellationNoticeHours: z.number().int(),
  commissionPercent: z.number(),
  /** One of venueTypes, unless the venue was created outside the editor with another (the form asks again). */
  venueType: z.string(),
  status: z.enum(venueStatuses),
  /** The public URL's name (/gyms/<slug>). */
  slug: z.string(),
  /** Codes from src/shared/facilities.ts. */
  facilities: z.array(z.string()),
  /** yyyy-mm-dd, null when not limited. */
  sellsFrom: z.string().nullable(),
  sellsUntil: z.string().nullable(),
  /** Whether it has ever been published: from then on the slug is fixed. */
  everPublished: z.boolean(),
  /** Owned by the hours section; shown here read-only. */
  capacityPerSlot: z.number().int(),
  weeklyHours: z.array(z.array(z.number().int())),
  /** Owned by the booking notices section (docs/decisions/042). */
  notices: venueNoticesAnswerSchema,
  /** Owned by the VAT section (docs/decisions/050). */
  vat: venueVatAnswerSchema,
  /** ISO 8601: sent back with a change of details. */
  updatedAt: z.string(),
})
export type AdminVenue = z.infer<typeof adminVenueSchema>

export const adminVenueDetailSchema = z.object({
  venue: adminVenueSchema,
  passes: z.array(adminPassSchema),
  /** Owned by the photos section; position 0 is the cover. */
  images: z.array(
    z.object({
      position: z.number().int(),
      key: z.string(),
      alt: z.object({ en: z.string(), ar: z.string() }),
    }),
  ),
  /** What publishing would ask for now; empty when it can be published. */
  missing: z.array(z.enum(readinessProblems)),
})
export type AdminVenueDetail = z.infer<typeof adminVenueDetailSchema>

export const venueHistorySchema = z.object({
  entries: z.array(
    z.object({
      id: z.number().int(),
      actorEmail: z.string(),
      action: z.string(),
      entityType: z.string(),
      entityId: z.string(),
      before: z.unknown(),
      after: z.unknown(),
      at: z.string(),
    }),
  ),
})
export type VenueHistory = z.infer<typeof venueHistorySchema>
