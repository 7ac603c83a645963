import { Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { pagePath } from '../../../../shared/route-manifest.ts'
import { BackLink } from '../../../components/ui/back-link.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { useErrorText } from '../../../lib/error-text.ts'
import { useAdminVenue } from '../api.ts'
import { ClosuresSection } from '../components/closures-section.tsx'
import { DetailsSection } from '../components/details-section.tsx'
import { HistorySection } from '../components/history-section.tsx'
import { HoursSection } from '../components/hours-section.tsx'
import { NoticesSection } from '../components/notices-section.tsx'
import { PassesSection } from '../components/passes-section.tsx'
import { PhotosSection } from '../components/photos-section.tsx'
import { StatusSection } from '../components/status-section.tsx'
import { VatSection } from '../components/vat-section.tsx'
import { WaitlistSection } from '../components/waitlist-section.tsx'

/** The team's editor for one venue (docs/operating.md); the route needs canManageVenues. */
export function VenueEditorPage() {
  const { id = '' } = useParams()
  const { t, i18n } = useTranslation('venue-admin')
  const errorText = useErrorText()
  const venue = useAdminVenue(id)

  if (venue.isPending)
    return (
      <div className="container-page max-w-5xl py-10" aria-busy="true">
        <p role="status" className="sr-only">
          {t('editor.loading')}
        </p>
        <div className="h-10 w-2/3 animate-pulse rounded-xl bg-sand-200/70" />
        <div className="mt-6 h-64 animate-pulse rounded-card bg-sand-200/70" />
      </div>
    )
  if (venue.isError)
    return (
      <div className="container-page max-w-5xl py-10">
        <BackLink to={pagePath('adminVenues')}>{t('editor.back')}</BackLink>
        <div role="alert" className="mt-6 rounded-card bg-white p-8 text-center shadow-card">
          <h1 className="mb-3 text-xl font-bold text-brand-900">{t('editor.loadFailed')}</h1>
          <p className="mb-5 text-ink">{errorText.of(venue.error)}</p>
          <Button busy={venue.isFetching} onClick={() => void venue.refetch()}>
            {t('editor.retry')}
          </Button>
        </div>
      </div>
    )

  const detail = venue.data
  const name = (i18n.language === 'ar' ? detail.venue.nameAr : detail.venue.nameEn) || detail.venue.nameEn
  return (
    <div className="container-page max-w-5xl space-y-6 py-10">
      <BackLink to={pagePath('adminVenues')}>{t('editor.back')}</BackLink>
      <div>
        <h1 className="text-3xl font-bold break-words text-brand-900">{name}</h1>
        {/* Read-only here: the photos and hours sections own them. */}
        <p className="mt-1 text-sm text-muted">
          {t('readOnly.photos', { count: detail.images.length })} ·{' '}
          {t('readOnly.capacity', { count: detail.venue.capacityPerSlot })}
        </p>
      </div>
      <StatusSection detail={detail} />
      <DetailsSection venue={detail.venue} />
      <NoticesSection venue={detail.venue} />
      <VatSection venue={detail.venue} />
      <PassesSection detail={detail} />
      {/* Each loads its own text and data: the page above stays usable while they arrive. */}
      <Suspense fallback={<SectionLoading />}>
        <HoursSection venueId={detail.venue.id} />
      </Suspense>
      <Suspense fallback={<SectionLoading />}>
        <ClosuresSection venueId={detail.venue.id} />
      </Suspense>
      <Suspense fallback={<SectionLoading />}>
        <PhotosSection venueId={detail.venue.id} />
      </Suspense>
      {/* The desk's text: loaded with the section, the page above stays usable meanwhile. */}
      <Suspense fallback={<SectionLoading />}>
        <WaitlistSection venueId={detail.venue.id} />
      </Suspense>
      <HistorySection venueId={detail.venue.id} />
    </div>
  )
}

function SectionLoading() {
  return <div aria-hidden="true" className="h-40 animate-pulse rounded-card bg-sand-200" />
}
