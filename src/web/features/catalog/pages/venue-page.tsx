import { lazy, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { pagePath } from '../../../../shared/route-manifest.ts'
import { venueImageSizes } from '../../../../shared/venue-images.ts'
import { BackLink } from '../../../components/ui/back-link.tsx'
import { RichText } from '../../../components/ui/rich-text.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useLocalized } from '../../../lib/use-localized.ts'
import { useVenue } from '../api.ts'
import { BookingPanel } from '../components/booking-panel.tsx'
import { LazyGalleryViewer } from '../components/lazy-gallery-viewer.tsx'
import { VenueFacts } from '../components/venue-facts.tsx'
import { VenueImage } from '../components/venue-image.tsx'
import { VenueRating } from '../components/venue-rating.tsx'
import { VenueReviews } from '../components/venue-reviews.tsx'

// Only an unknown venue shows it: it loads then, not with every venue page.
const NotFoundPage = lazy(() =>
  import('../../../app/not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })),
)

/** A venue's own page: a shareable URL with a fuller gallery, the passes and the booking flow. */
export function VenuePage() {
  const { id = '' } = useParams()
  const { t } = useTranslation('catalog')
  const localize = useLocalized()
  const query = useVenue(id)
  const [galleryIndex, setGalleryIndex] = useState<number>()
  const galleryOpener = useRef<HTMLElement | null>(null)
  const openGallery = (index: number, opener: HTMLElement) => {
    galleryOpener.current = opener
    setGalleryIndex(index)
  }
  const { i18n } = useTranslation()
  const venueData = query.data?.gym

  useEffect(() => {
    if (!venueData) return
    const language = i18n.language === 'ar' ? 'ar' : 'en'
    let current = true
    // For a move within the app (the server wrote the first page's): the page titles' module loads
    // then, not with the page.
    void Promise.all([
      import('../../../app/document-meta.ts'),
      import('../../../../shared/page-meta.ts'),
    ]).then(([{ setDocumentMeta }, { withBrand }]) => {
      if (!current) return
      setDocumentMeta({
        title: withBrand(venueData.name[language], language),
        description: venueData.description[language].replaceAll('**', ''),
      })
    })
    return () => {
      current = false
    }
  }, [venueData, i18n.language])

  if (query.isPending) {
    return (
      <div className="container-page py-10" aria-busy="true">
        <div className="aspect-[3/1] animate-pulse rounded-card bg-sand-200" />
      </div>
    )
  }
  if (query.isError) {
    if (query.error instanceof ApiError && [400, 404].includes(query.error.status)) return <NotFoundPage />
    throw query.error
  }
  const { gym: venue } = query.data
  const name = localize(venue.name)
  const [cover, ...rest] = venue.images

  return (
    <article className="container-page py-8">
      <BackLink to={pagePath('gyms')}>{t('allGyms')}</BackLink>
      <header className="mt-4 mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold text-brand-900 md:text-4xl">{name}</h1>
          <p className="mt-1 text-muted">{localize(venue.location)}</p>
        </div>
        <VenueRating venue={venue} />
      </header>
      <div className="grid grid-cols-2 gap-2 md:aspect-[2/1] md:grid-cols-4 md:grid-rows-2">
        {cover && (
          <button
            type="button"
            className="col-span-2 overflow-hidden rounded-card md:row-span-2"
            onClick={(event) => openGallery(0, event.currentTarget)}
            aria-label={t('openGallery', { name, number: 1, total: venue.images.length })}
          >
            <VenueImage
              imageKey={cover.key}
              alt={cover.alt}
              sizes={venueImageSizes.cover}
              priority
              className="aspect-[3/2] h-full w-full object-cover md:aspect-auto"
            />
          </button>
        )}
        {rest.map((image, index) => (
          <button
            key={image.key}
            type="button"
            className={`overflow-hidden rounded-card ${index === 2 ? 'col-span-2' : ''}`}
            onClick={(event) => openGallery(index + 1, event.currentTarget)}
            aria-label={t('openGallery', { name, number: index + 2, total: venue.images.length })}
          >
            <VenueImage
              imageKey={image.key}
              alt={image.alt}
              sizes={venueImageSizes.thumbnail}
              className="aspect-[3/2] h-full w-full object-cover md:aspect-auto"
            />
          </button>
        ))}
      </div>
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_24rem]">
        <section aria-labelledby="about-venue">
          <h2 id="about-venue" className="mb-3 text-xl font-bold text-brand-900">
            {t('aboutVenue')}
          </h2>
          <RichText text={localize(venue.description)} className="leading-relaxed text-muted" />
          {venue.payAtVenueOnly && (
            <p className="mt-4 rounded-lg bg-sand-100 px-4 py-3 text-sm text-ink">
              {t('payAtVenueOnlyNote')}
            </p>
          )}
          <VenueFacts venue={venue} />
          <VenueReviews venueId={id} />
        </section>
        <aside aria-labelledby="book-venue" className="rounded-card bg-white p-5 shadow-card lg:self-start">
          <h2 id="book-venue" className="mb-3 text-xl font-bold text-brand-900">
            {t('choosePassHeading')}
          </h2>
          <BookingPanel venue={venue} />
        </aside>
      </div>
      <LazyGalleryViewer
        venue={venue}
        index={galleryIndex ?? 0}
        onIndexChange={setGalleryIndex}
        open={galleryIndex !== undefined}
        onOpenChange={(open) => !open && setGalleryIndex(undefined)}
        returnFocusTo={galleryOpener}
      />
    </article>
  )
}
