import { z } from 'zod'
import { E } from './errors.ts'

/** The largest photo the team may upload, checked by the page before sending and by the server. */
export const maxVenuePhotoBytes = 15 * 1024 * 1024
/** Photo types the team may upload; the server goes by the bytes, not by the declared type. */
export const venuePhotoTypes = ['image/jpeg', 'image/png', 'image/webp'] as const
/** Alt texts are read aloud by screen readers: a sentence, not an essay. */
export const maxAltTextLength = 200

/** A venue id as the catalog has them: lowercase words joined by hyphens. */
export const venueIdSchema = z
  .string()
  .max(80)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, E.GYM_NOT_FOUND)

/** A photo's id within its venue: an uploaded one is `p-<12 hex>`, a seeded one a scene (`cover`). */
export const photoIdSchema = z
  .string()
  .max(40)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, E.PHOTO_NOT_FOUND)

const altText = z.string().trim().max(maxAltTextLength, E.ALT_TEXT_TOO_LONG)

/** The photo's alt texts form: both languages, either may be empty. */
export const venuePhotoAltSchema = z.strictObject({ altEn: altText, altAr: altText })
export type VenuePhotoAltInput = z.input<typeof venuePhotoAltSchema>

/** The new order of a venue's photos: every key once, the cover first. */
export const venuePhotoOrderSchema = z.strictObject({
  keys: z.array(z.string().max(160)).min(1).max(200),
})
export type VenuePhotoOrder = z.infer<typeof venuePhotoOrderSchema>

export const venuePhotoSchema = z.object({
  /** `<venue>/<photo id>` under /images/venues/, without width and format (venue-images.ts). */
  key: z.string(),
  photoId: z.string(),
  position: z.number().int(),
  cover: z.boolean(),
  /** Uploaded by the team (files in the photo storage), not one of the seed's pictures. */
  uploaded: z.boolean(),
  altEn: z.string(),
  altAr: z.string(),
})
export type VenuePhoto = z.infer<typeof venuePhotoSchema>

export const venuePhotoListSchema = z.object({ photos: z.array(venuePhotoSchema) })
export type VenuePhotoList = z.infer<typeof venuePhotoListSchema>

/** The id of an uploaded photo: random, so its file names never repeat and may be cached for ever. */
export const uploadedPhotoIdPattern = /^p-[0-9a-f]{12}$/
