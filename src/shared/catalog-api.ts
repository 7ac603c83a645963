import { z } from 'zod'
import { passTypes, venueTypes } from './catalog.ts'
import { isoDateSchema } from './date-schemas.ts'
import { E } from './errors.ts'

/** The catalog API's answers: one zod schema per response, also used for the OpenAPI description. */
export const localizedSchema = z.object({ en: z.string(), ar: z.string() })
export type Localized = z.infer<typeof localizedSchema>

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
  area: z.string(),
  location: localizedSchema,
  venueType: z.enum(venueTypes),
  /** Stars, once someone has rated the venue; null shows none. */
  rating: z.number().int().min(1).max(5).nullable(),
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

export const venueListQuerySchema = z.object({
  search: z.string().max(200, E.SEARCH_TOO_LONG).optional(),
})

export const venueListSchema = z.object({
  /** The Bahrain date the prices are for. */
  date: z.string(),
  /** The wire keeps the name "gyms", as the API's clients read it (docs/decisions/034). */
  gyms: z.array(venueSchema),
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
  passes: z.array(passSchema.pick({ id: true, priceFils: true, price: true })),
  /** How many people one booking may bring to one slot (the venue's cap): the booking dialog's most. */
  placesPerOrder: z.number().int(),
})
export type Availability = z.infer<typeof availabilitySchema>
