import { useTranslation } from 'react-i18next'
import type { Venue } from '../../../../shared/catalog-api.ts'
import { hourRanges, mapLinks } from '../../../../shared/opening-hours.ts'

/** 4 January 1970 was a Sunday: day `n` of the week, Sunday first as in Bahrain, is 4 + n. */
function weekdayName(day: number, language: string): string {
  return new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(
    Date.UTC(1970, 0, 4 + day),
  )
}

/** What a visitor checks before going: the hours, how late they can cancel, and how to get there. */
export function VenueFacts({ venue }: { venue: Venue }) {
  const { t, i18n } = useTranslation('catalog')
  const links = venue.coordinates ? mapLinks(venue.coordinates) : undefined
  return (
    <section aria-labelledby="venue-hours" className="mt-6 space-y-4">
      <h2 id="venue-hours" className="text-xl font-bold text-brand-900">
        {t('openingHours')}
      </h2>
      <dl className="grid max-w-md grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
        {venue.openingHours.map((hours, day) => {
          const ranges = hourRanges(hours)
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the seven weekdays never move.
            <div key={day} className="contents">
              <dt className="text-muted">{weekdayName(day, i18n.language)}</dt>
              <dd dir="ltr" className="text-end font-medium text-ink tabular-nums rtl:text-start">
                {ranges.length === 0
                  ? t('closedAllDay')
                  : ranges.map((range) => `${range.from}–${range.to}`).join(', ')}
              </dd>
            </div>
          )
        })}
      </dl>
      <p className="text-sm text-ink">{t('cancellationNotice', { count: venue.cancellationNoticeHours })}</p>
      {links && (
        <p className="flex flex-wrap gap-3 text-sm font-semibold">
          <a className="text-brand-700 underline" href={links.open} target="_blank" rel="noopener noreferrer">
            {t('openInMaps')}
          </a>
          <a
            className="text-brand-700 underline"
            href={links.directions}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('directions')}
          </a>
        </p>
      )}
    </section>
  )
}
