import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { PublicReview, VenueReviews as VenueReviewsAnswer } from '../../../../shared/reviews.ts'
import { venueReviewsRequest } from '../../../../shared/route-manifest.ts'
import { apiFetch } from '../../../lib/api-client.ts'
import { useLocalized } from '../../../lib/use-localized.ts'
import { StarRating } from './star-rating.tsx'

/** A venue's reviews, by the key and path the route manifest names: drawn by the server with the page. */
export function useVenueReviews(id: string) {
  const { queryKey, path } = venueReviewsRequest(id)
  return useQuery({ queryKey, queryFn: () => apiFetch<VenueReviewsAnswer>(path) })
}

/** "December 2026" / «ديسمبر 2026», in Western digits like every date on the site. */
function monthName(month: string, language: 'en' | 'ar'): string {
  return new Intl.DateTimeFormat(language === 'ar' ? 'ar-u-nu-latn' : 'en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${month}-01T00:00:00Z`))
}

/**
 * Verified reviews on a venue's page (docs/catalog.md, "Reviews"): the average and count of the
 * visible ones, then each newest first with its stars, text, first name (or none), pass and month.
 */
export function VenueReviews({ venueId }: { venueId: string }) {
  const { t } = useTranslation('catalog')
  const reviews = useVenueReviews(venueId)
  return (
    <section aria-labelledby="venue-reviews" className="mt-8">
      <h2 id="venue-reviews" className="mb-1 text-xl font-bold text-brand-900">
        {t('reviews.heading')}
      </h2>
      <p className="mb-4 text-sm text-muted">{t('reviews.lead')}</p>
      {reviews.isPending ? (
        <div aria-busy="true" className="h-24 animate-pulse rounded-card bg-sand-200/70" />
      ) : reviews.isError ? (
        <p className="text-muted">{t('reviews.loadFailed')}</p>
      ) : reviews.data.count === 0 ? (
        <p className="text-muted">{t('reviews.none')}</p>
      ) : (
        <>
          <p className="mb-4 flex items-center gap-2">
            <StarRating rating={Math.round(reviews.data.average ?? 0)} decorative />
            <span className="font-bold text-brand-900">
              {t('reviews.average', { average: (reviews.data.average ?? 0).toFixed(1) })}
            </span>
            <span className="text-muted">· {t('reviewsCount', { count: reviews.data.count })}</span>
          </p>
          <ul className="space-y-3">
            {reviews.data.reviews.map((review) => (
              <ReviewItem key={`${review.createdAt}-${review.visitMonth}-${review.stars}`} review={review} />
            ))}
          </ul>
        </>
      )}
    </section>
  )
}

function ReviewItem({ review }: { review: PublicReview }) {
  const { t, i18n } = useTranslation('catalog')
  const localize = useLocalized()
  const language = i18n.language === 'ar' ? 'ar' : 'en'
  return (
    <li className="rounded-card bg-white p-4 shadow-card">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold text-ink">{review.firstName ?? t('reviews.someone')}</span>
        <StarRating rating={review.stars} />
      </div>
      <p className="mt-1 text-sm text-muted">
        {t('reviews.visited', {
          pass: localize(review.passName),
          month: monthName(review.visitMonth, language),
        })}
      </p>
      {review.text && (
        <p dir="auto" className="mt-2 whitespace-pre-line text-ink">
          {review.text}
        </p>
      )}
    </li>
  )
}
