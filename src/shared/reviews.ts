import { z } from 'zod'
import { E } from './errors.ts'
import { signedTokenPattern } from './signed-token.ts'
import { isTypedText } from './typed-text.ts'

export { averageOf, type ReviewSummary, reviewsShownFrom, shownRating } from './review-rating.ts'

/**
 * Verified reviews (docs/catalog.md, "Reviews"; docs/decisions/051): only a checked-in visit can be
 * reviewed, once, through the signed link its invitation mail carries. The venue page lists the
 * visible ones; cards show their average once a venue has `reviewsShownFrom` of them.
 */
export const reviewTextMaxLength = 1000
/** The invitation's link opens the review form this many days after the visit, then no more. */
export const reviewWindowDays = 60
/** A venue page lists at most this many reviews, newest first (the average counts them all). */
export const venueReviewsListed = 50

/** The signed link of one visit's review (`<visit id>.<signature>`), in its invitation mail. */
export const reviewTokenSchema = z.string().regex(new RegExp(`^${signedTokenPattern}$`), E.INVALID_TOKEN)

/** The review form: stars, and optional text in either language. */
export const reviewSubmissionSchema = z.strictObject({
  stars: z
    .number({ error: E.REVIEW_STARS_INVALID })
    .int(E.REVIEW_STARS_INVALID)
    .min(1, E.REVIEW_STARS_INVALID)
    .max(5, E.REVIEW_STARS_INVALID),
  text: z
    .string({ error: E.INVALID_VALUE })
    .trim()
    .max(reviewTextMaxLength, E.REVIEW_TEXT_TOO_LONG)
    .refine(isTypedText, E.INVALID_TEXT)
    .default(''),
})
export type ReviewSubmission = z.input<typeof reviewSubmissionSchema>

const localized = z.object({ en: z.string(), ar: z.string() })

/** One review as the public sees it: the pass and month of the visit, a first name or none. */
export const publicReviewSchema = z.object({
  stars: z.number().int(),
  text: z.string(),
  firstName: z.string().nullable(),
  passName: localized,
  /** yyyy-mm of the visit. */
  visitMonth: z.string(),
  /** ISO instant it was written. */
  createdAt: z.string(),
})
export type PublicReview = z.infer<typeof publicReviewSchema>

/** The average of the visible reviews (one decimal) and how many there are; null average for none. */
export const reviewSummarySchema = z.object({
  average: z.number().nullable(),
  count: z.number().int(),
})

export const venueReviewsSchema = reviewSummarySchema.extend({ reviews: z.array(publicReviewSchema) })
export type VenueReviews = z.infer<typeof venueReviewsSchema>

/** The visit a review link names, and the review written through it, if any. */
export const reviewInviteSchema = z.object({
  token: z.string(),
  gymId: z.string(),
  venueName: localized,
  passName: localized,
  /** yyyy-mm-dd */
  visitDate: z.string(),
  /** Whether the visit is an account's: its holder signs in to review it. */
  forAccount: z.boolean(),
  review: z
    .object({
      stars: z.number().int(),
      text: z.string(),
      createdAt: z.string(),
      hidden: z.boolean(),
    })
    .nullable(),
})
export type ReviewInvite = z.infer<typeof reviewInviteSchema>

/** The team's list: the latest reviews, visible and hidden, with the visit's reference. */
export const teamReviewsQuerySchema = z.strictObject({
  hidden: z.enum(['0', '1'], { error: E.INVALID_VALUE }).optional(),
})
export const teamReviewSchema = z.object({
  id: z.number().int(),
  gymId: z.string(),
  venueName: localized,
  passName: localized,
  visitDate: z.string(),
  reference: z.string(),
  stars: z.number().int(),
  text: z.string(),
  firstName: z.string().nullable(),
  createdAt: z.string(),
  hiddenAt: z.string().nullable(),
  hiddenReason: z.string().nullable(),
})
export type TeamReview = z.infer<typeof teamReviewSchema>
export const teamReviewsSchema = z.object({ reviews: z.array(teamReviewSchema) })

export const hideReviewSchema = z.strictObject({
  reason: z
    .string({ error: E.REVIEW_HIDE_REASON_REQUIRED })
    .trim()
    .min(3, E.REVIEW_HIDE_REASON_REQUIRED)
    .max(500, E.REVIEW_HIDE_REASON_REQUIRED)
    .refine(isTypedText, E.INVALID_TEXT),
})
export type HideReviewRequest = z.infer<typeof hideReviewSchema>
