import { useTranslation } from 'react-i18next'

/**
 * 1 to 5 stars as a radio group: arrow keys move between them, each says its number, and the
 * browser's own form handling (the early-tap script included) sees an ordinary choice.
 */
export function StarPicker({
  value,
  onChange,
  error,
}: {
  value: number
  onChange: (stars: number) => void
  error?: string | undefined
}) {
  const { t } = useTranslation('reviews')
  return (
    <fieldset aria-describedby={error ? 'stars-error' : undefined}>
      <legend className="mb-2 block text-sm font-semibold text-ink">{t('form.stars')}</legend>
      {/* The first star stands where the reading starts: on the right in Arabic, as the stars shown are. */}
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((star) => (
          <label
            key={star}
            className="cursor-pointer rounded-lg p-1 has-focus-visible:ring-3 has-focus-visible:ring-brand-200"
          >
            <input
              type="radio"
              name="stars"
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              className="sr-only"
            />
            <span className="sr-only">{t('form.star', { count: star })}</span>
            <svg viewBox="0 0 20 20" className="size-9 text-sand-400" aria-hidden="true">
              <path
                d="M10 1.8l2.5 5.2 5.7.8-4.1 4 1 5.7L10 14.8l-5.1 2.7 1-5.7-4.1-4 5.7-.8z"
                fill={star <= value ? 'currentColor' : 'none'}
                stroke="currentColor"
                strokeWidth="1.2"
              />
            </svg>
          </label>
        ))}
      </div>
      {error && (
        <p id="stars-error" role="alert" className="mt-1 text-sm font-medium text-accent-600">
          {error}
        </p>
      )}
    </fieldset>
  )
}
