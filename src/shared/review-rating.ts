/**
 * The rating a venue shows (docs/decisions/051), without zod: the public pages' first download
 * reads it (the cards on /gyms), and keeps zod out.
 */

/** From this many visible reviews, cards show their average instead of the venue's own rating. */
export const reviewsShownFrom = 3

/** The average of the visible reviews (one decimal) and how many there are; null average for none. */
export interface ReviewSummary {
  average: number | null
  count: number
}

/**
 * The rating a card shows and "sort by rating" orders by: the visitors' average once there are
 * `reviewsShownFrom` visible reviews, else the venue's own rating (labelled as such), else none.
 */
export function shownRating(venue: {
  rating: number | null
  reviews: ReviewSummary
}): { value: number; source: 'reviews' | 'venue'; count: number } | null {
  if (venue.reviews.average !== null && venue.reviews.count >= reviewsShownFrom)
    return { value: venue.reviews.average, source: 'reviews', count: venue.reviews.count }
  return venue.rating === null ? null : { value: venue.rating, source: 'venue', count: 0 }
}

/** Average of stars to one decimal, as every place shows it. */
export function averageOf(total: number, count: number): number | null {
  return count === 0 ? null : Math.round((total / count) * 10) / 10
}
