import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { ListedVenue } from '../../../../shared/catalog-api.ts'
import { pagePath } from '../../../../shared/route-manifest.ts'
import { venueImageSizes } from '../../../../shared/venue-images.ts'
import { Carousel } from '../../../components/ui/carousel.tsx'
import { RichText } from '../../../components/ui/rich-text.tsx'
import { useLocalized } from '../../../lib/use-localized.ts'
import { useMoney } from '../../../lib/use-money.ts'
import type { BookingStart } from './booking-dialog.tsx'
import { BookingPanel } from './booking-panel.tsx'
import { LazyGalleryViewer } from './lazy-gallery-viewer.tsx'
import { VenueImage } from './venue-image.tsx'
import { VenueRating } from './venue-rating.tsx'

export function VenueCard({
  venue,
  priority = false,
  start,
  distanceKm,
}: {
  venue: ListedVenue
  priority?: boolean
  /** Where its booking dialog opens: the list's chosen date and time. */
  start?: BookingStart | undefined
  distanceKm?: number | undefined
}) {
  const { t } = useTranslation('catalog')
  const localize = useLocalized()
  const [galleryOpen, setGalleryOpen] = useState(false)
  const [galleryIndex, setGalleryIndex] = useState(0)
  const galleryOpener = useRef<HTMLElement | null>(null)
  const name = localize(venue.name)

  return (
    <article
      aria-labelledby={`gym-${venue.id}`}
      className={`flex flex-col overflow-hidden rounded-card bg-white shadow-card ${venue.comingSoon ? 'opacity-90' : ''}`}
    >
      <div className="relative">
        <Carousel
          label={t('photosOf', { name })}
          showDots={false}
          slides={venue.images.map((image, index) => ({
            id: image.key,
            content: (
              <button
                type="button"
                className="block w-full"
                aria-label={t('openGallery', { name, number: index + 1, total: venue.images.length })}
                onClick={(event) => {
                  galleryOpener.current = event.currentTarget
                  setGalleryIndex(index)
                  setGalleryOpen(true)
                }}
              >
                <VenueImage
                  imageKey={image.key}
                  alt={image.alt}
                  sizes={venueImageSizes.card}
                  priority={priority && index === 0}
                  className={`aspect-[3/2] w-full object-cover ${venue.comingSoon ? 'grayscale-[35%]' : ''}`}
                />
              </button>
            ),
          }))}
        />
        <div className="pointer-events-none absolute start-3 top-3 flex flex-wrap gap-1.5">
          {venue.comingSoon && (
            <span className="rounded-full bg-brand-900/85 px-2.5 py-1 text-xs font-bold text-white">
              {t('comingSoon')}
            </span>
          )}
          {venue.payAtVenueOnly && (
            <span className="rounded-full bg-sand-300 px-2.5 py-1 text-xs font-bold text-brand-950">
              {t('payAtVenueOnly')}
            </span>
          )}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-start justify-between gap-3">
          <h2 id={`gym-${venue.id}`} className="text-lg font-bold text-brand-900">
            <Link to={pagePath('gym', { id: venue.slug })} className="hover:underline">
              {name}
            </Link>
          </h2>
          <VenueRating venue={venue} />
        </div>
        <p className="flex items-center gap-1.5 text-sm text-muted">
          <svg viewBox="0 0 20 20" className="size-4 shrink-0 text-brand-600" aria-hidden="true">
            <path
              d="M10 18s6-5.2 6-10a6 6 0 1 0-12 0c0 4.8 6 10 6 10z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
            />
            <circle cx="10" cy="8" r="2.2" fill="currentColor" />
          </svg>
          {localize(venue.location)}
        </p>
        <DayFacts venue={venue} distanceKm={distanceKm} />
        <RichText text={localize(venue.description)} className="text-sm leading-relaxed text-muted" />
        <div className="mt-auto">
          <BookingPanel venue={venue} start={start} />
        </div>
      </div>
      <LazyGalleryViewer
        venue={venue}
        index={galleryIndex}
        onIndexChange={setGalleryIndex}
        open={galleryOpen}
        onOpenChange={setGalleryOpen}
        returnFocusTo={galleryOpener}
      />
    </article>
  )
}

/** The card's price for the list's date, why it differs from a weekday's, and the next open slot. */
function DayFacts({ venue, distanceKm }: { venue: ListedVenue; distanceKm?: number | undefined }) {
  const { t } = useTranslation('catalog')
  const money = useMoney()
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      {venue.fromPriceFils !== null && (
        <span className="font-bold text-brand-900" data-testid="from-price">
          {t('fromPrice', { price: money(venue.fromPriceFils) })}
        </span>
      )}
      {venue.priceNote && (
        <span className="rounded-full bg-sand-200 px-2 py-0.5 text-xs font-semibold text-brand-950">
          {t(`priceNote.${venue.priceNote}`)}
        </span>
      )}
      {!venue.comingSoon && (
        <span className="text-muted" data-testid="next-slot">
          {venue.nextSlot
            ? t('nextSlot', { time: venue.nextSlot.time, count: venue.nextSlot.remaining })
            : t('noSlotOnDate')}
        </span>
      )}
      {distanceKm !== undefined && (
        <span className="text-muted">{t('distanceAway', { km: distanceKm.toFixed(1) })}</span>
      )}
    </div>
  )
}
