import { useTranslation } from 'react-i18next'

/**
 * A venue's stars; nothing at all until someone has rated it (never a made-up default). `decorative`
 * when the text beside it says the rating (the reviews' average with its count).
 */
export function StarRating({ rating, decorative = false }: { rating: number | null; decorative?: boolean }) {
  const { t } = useTranslation('catalog')
  if (rating === null) return null
  return (
    <span
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': t('rating', { rating }) })}
      className="inline-flex items-center gap-0.5 text-sand-400"
    >
      {[1, 2, 3, 4, 5].map((star) => (
        <svg key={star} viewBox="0 0 20 20" className="size-4" aria-hidden="true">
          <path
            d="M10 1.8l2.5 5.2 5.7.8-4.1 4 1 5.7L10 14.8l-5.1 2.7 1-5.7-4.1-4 5.7-.8z"
            fill={star <= rating ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="1.2"
          />
        </svg>
      ))}
    </span>
  )
}
