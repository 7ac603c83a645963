import { useTranslation } from 'react-i18next'
import type { Venue } from '../../../../shared/catalog-api.ts'
import { shownRating } from '../../../../shared/review-rating.ts'
import { StarRating } from './star-rating.tsx'

/**
 * The rating a card and a venue page show (src/shared/reviews.ts, `shownRating`): the visitors'
 * average with its count from 3 verified reviews on; until then the venue's own, labelled as its
 * own; nothing when neither exists.
 */
export function VenueRating({ venue }: { venue: Pick<Venue, 'rating' | 'reviews'> }) {
  const { t } = useTranslation('catalog')
  const shown = shownRating(venue)
  if (!shown) return null
  if (shown.source === 'venue')
    return (
      <span className="inline-flex flex-col items-end gap-0.5 text-end">
        <StarRating rating={shown.value} />
        <span className="text-xs text-muted">{t('venueRating')}</span>
      </span>
    )
  return (
    <span className="inline-flex flex-col items-end gap-0.5 text-end">
      <span
        role="img"
        aria-label={t('reviewsRating', { rating: shown.value, count: shown.count })}
        className="inline-flex items-center gap-1"
      >
        <StarRating rating={Math.round(shown.value)} decorative />
        <span aria-hidden="true" className="text-sm font-bold text-brand-900" dir="ltr">
          {shown.value.toFixed(1)}
        </span>
      </span>
      <span aria-hidden="true" className="text-xs text-muted">
        {t('reviewsCount', { count: shown.count })}
      </span>
    </span>
  )
}
