import { z } from 'zod'
import { passTypes, venueTypes } from './catalog.ts'
import { isAreaName, isFacilityCode, isHour, isPage, isPassType, isPrice, isSort } from './catalog-filters.ts'
import { isoDateSchema } from './date-schemas.ts'
import { E } from './errors.ts'
import { reviewSummarySchema } from './reviews.ts'

/** The catalog API's answers: one zod schema per response, also used for the OpenAPI description. */
export const localizedSchema = z.object({ en: z.string(), ar: z.string() })
export type Localized = z.infer<typeof localizedSchema>

/** An area of the team's list (src/shared/areas.ts): its id and its name in each language. */
export const areaSchema = z.object({ id: z.string(), name: localizedSchema })

export const venueIdSchema = z
  .string()
  .max(80)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Venue ids are lowercase words joined by hyphens.')

export const passSchema = z.object({
  id: z.string(),
  type: z.enum(passTypes),
  name: localizedSchema,
  description: localizedSchema,
  /** The price for the date the answer is about (today, or the availability date). */
  priceFils: z.number().int(),
  price: z.string(),
})
export type Pass = z.infer<typeof passSchema>

export const venueImageSchema = z.object({
  /** Under /images/venues/, without width and format: `<venue>/<scene>`. */
  key: z.string(),
  alt: localizedSchema,
})

export const venueSchema = z.object({
  id: z.string(),
  /** The public URL's name: /gyms/<slug>. */
  slug: z.string(),
  name: localizedSchema,
  /** Plain text in which **double asterisks** mark bold phrases; never HTML. */
  description: localizedSchema,
  area: areaSchema,
  location: localizedSchema,
  venueType: z.enum(venueTypes),
  /** Stars, once someone has rated the venue; null shows none. */
  rating: z.number().int().min(1).max(5).nullable(),
  /**
   * Its visible verified reviews: average and count. Cards show them from `reviewsShownFrom` on,
   * the venue's own rating before (src/shared/reviews.ts, `shownRating`).
   */
  reviews: reviewSummarySchema,
  /** Codes from src/shared/facilities.ts. */
  facilities: z.array(z.string()),
  comingSoon: z.boolean(),
  payAtVenueOnly: z.boolean(),
  images: z.array(venueImageSchema),
  passes: z.array(passSchema),
  /** The hours sold on each weekday, Sunday first (0 to 23). */
  openingHours: z.array(z.array(z.number().int())).length(7),
  /** How long before a visit it can be cancelled free of charge. */
  cancellationNoticeHours: z.number().int(),
  /** The first and last dates it sells visits on (yyyy-mm-dd); null has no bound. */
  sellsFrom: z.string().nullable(),
  sellsUntil: z.string().nullable(),
  /** Where the venue is, for map links; null when the team has not set it. */
  coordinates: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
})
export type Venue = z.infer<typeof venueSchema>

/** One value, or the same parameter repeated (`facility=pool&facility=sauna`). */
const facilityParam = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : [value]))
  .pipe(
    z
      .array(z.string())
      .max(10, E.FILTER_FACILITIES_TOO_MANY)
      .refine((codes) => codes.every(isFacilityCode), E.FACILITY_INVALID)
      .refine((codes) => new Set(codes).size === codes.length, E.FACILITY_REPEATED),
  )

/** The /gyms filters (src/shared/catalog-filters.ts, docs/catalog.md "Finding a pass"). */
export const venueListQuerySchema = z
  .object({
    search: z.string().max(200, E.SEARCH_TOO_LONG).optional(),
    /** An area's id; its name in either language is read as the same area (an older link's `area=Seef`). */
    area: z.string().refine(isAreaName, E.FILTER_AREA_UNKNOWN).optional(),
    facility: facilityParam.optional(),
    pass: z.string().refine(isPassType, E.FILTER_PASS_INVALID).optional(),
    min: z.string().refine(isPrice, E.FILTER_PRICE_INVALID).optional(),
    max: z.string().refine(isPrice, E.FILTER_PRICE_INVALID).optional(),
    date: isoDateSchema.optional(),
    hour: z.string().refine(isHour, E.FILTER_HOUR_INVALID).optional(),
    bookable: z.enum(['1'], { error: E.FILTER_BOOKABLE_INVALID }).optional(),
    sort: z.string().refine(isSort, E.FILTER_SORT_INVALID).optional(),
    page: z.string().refine(isPage, E.FILTER_PAGE_INVALID).optional(),
  })
  .refine((query) => !query.min || !query.max || Number(query.min) <= Number(query.max), {
    error: E.FILTER_PRICE_RANGE,
    path: ['min'],
  })
export type VenueListQuery = z.infer<typeof venueListQuerySchema>

/** A venue in a list, with what its card says about the list's date. */
export const listedVenueSchema = venueSchema.extend({
  /** The lowest price of its passes (of the chosen type) on the date; null when it sells none. */
  fromPriceFils: z.number().int().nullable(),
  fromPrice: z.string().nullable(),
  /** Set when a pass costs more or less that day than on a weekday: the card says why. */
  priceNote: z.enum(['weekend', 'holiday']).nullable(),
  /** The first open slot on the date (from the chosen hour on), and its places left. */
  nextSlot: z.object({ time: z.string(), remaining: z.number().int() }).nullable(),
})
export type ListedVenue = z.infer<typeof listedVenueSchema>

export const venueListSchema = z.object({
  /** The Bahrain date the prices and next slots are for: the chosen one, else today. */
  date: z.string(),
  dayType: z.enum(['weekday', 'weekend', 'holiday']),
  /** The filters answered, as a canonical query string (catalog-filters.ts `venueFilterQuery`). */
  query: z.string(),
  /** Venues matching, over all pages; `gyms` holds one page of them. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The areas listed venues stand in, each once, for the area filter (by English name). */
  areas: z.array(areaSchema),
  /** The wire keeps the name "gyms", as the API's clients read it (docs/decisions/034). */
  gyms: z.array(listedVenueSchema),
})
export type VenueList = z.infer<typeof venueListSchema>

/** `gym` on the wire, as the API's clients read it (docs/decisions/034). */
export const venueDetailSchema = z.object({ date: z.string(), gym: venueSchema })
export type VenueDetail = z.infer<typeof venueDetailSchema>

export const availabilityQuerySchema = z.object({
  date: isoDateSchema,
})

export const slotSchema = z.object({
  time: z.string(),
  capacity: z.number().int(),
  remaining: z.number().int(),
  /** open: can be booked; full: no places left; past: already started in Bahrain; closed: the venue does not sell it. */
  status: z.enum(['open', 'full', 'past', 'closed']),
})
export type Slot = z.infer<typeof slotSchema>

export const availabilitySchema = z.object({
  gymId: z.string(),
  date: z.string(),
  dayType: z.enum(['weekday', 'weekend', 'holiday']),
  holiday: localizedSchema.nullable(),
  bookable: z.boolean(),
  slots: z.array(slotSchema),
  passes: z.array(
    passSchema.pick({ id: true, priceFils: true, price: true }).extend({
      /** Set when the pass costs other than on a weekday that day: the price is named for the day. */
      priceNote: z.enum(['weekend', 'holiday']).nullable(),
    }),
  ),
  /** How many people one booking may bring to one slot (the venue's cap): the booking dialog's most. */
  placesPerOrder: z.number().int(),
})
export type Availability = z.infer<typeof availabilitySchema>
