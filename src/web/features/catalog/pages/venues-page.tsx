import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { type AreaNames, areaKey } from '../../../../shared/area-names.ts'
import { readVenueFilters, type VenueFilters, venueFilterQuery } from '../../../../shared/catalog-filters.ts'
import { pagePath } from '../../../../shared/route-manifest.ts'
import { BackLink } from '../../../components/ui/back-link.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { useVenues } from '../api.ts'
import { ActiveFilters, gymsLink, NoResultHints, Pagination } from '../components/active-filters.tsx'
import { VenueCard } from '../components/venue-card.tsx'
import { VenueFiltersForm } from '../components/venue-filters-form.tsx'
import { inNameOrder } from '../order-by-name.ts'
import { useNearestFirst } from '../use-nearest-first.ts'

export function VenuesPage() {
  const { t, i18n } = useTranslation('catalog')
  const language = i18n.language === 'ar' ? 'ar' : 'en'
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const { filters: asked, refused } = readVenueFilters(params)
  const venues = useVenues(asked)
  const areas = venues.data?.areas ?? []
  // An older link names its area (`area=Seef`, `area=السيف`): it is the area of that name.
  const filters = { ...asked, area: areaIdNamed(asked.area, areas) }
  const query = venueFilterQuery(filters)
  // The API answered without the filters (one it refused, such as an unknown area): say so.
  const answeredWithout =
    venues.data !== undefined && venues.data.query !== query && !venues.isPlaceholderData
  const shown = useNearestFirst(venues.data?.gyms ?? [], filters.sort === 'distance')
  const cards = filters.sort === 'name' ? inNameOrder(shown.venues, language) : shown.venues

  function apply(next: VenueFilters) {
    navigate(gymsLink(next))
  }

  return (
    <div className="container-page py-8">
      <BackLink to={pagePath('home')}>{t('back')}</BackLink>
      <div className="mt-4 mb-6">
        <h1 className="text-3xl font-bold text-brand-900 md:text-4xl">{t('gymsHeading')}</h1>
        <p className="mt-2 max-w-xl text-muted">{t('gymsLead')}</p>
      </div>
      <div className="mb-6">
        <VenueFiltersForm key={query} filters={filters} areas={areas} onApply={apply} />
      </div>
      {(refused.length > 0 || answeredWithout) && (
        <p role="status" className="mb-4 rounded-xl bg-sand-100 p-3 text-sm text-ink">
          {t('filtersRefused')}
        </p>
      )}
      {/* With no result, the hints below offer the same clears. */}
      {!answeredWithout && venues.data?.gyms.length !== 0 && (
        <ActiveFilters filters={filters} areas={areas} />
      )}
      {filters.sort === 'distance' && shown.note && (
        <p className="mb-4 text-sm text-muted">{t(shown.note)}</p>
      )}

      {venues.isPending ? (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          <p role="status" className="sr-only">
            {t('loadingGyms')}
          </p>
          {[1, 2, 3, 4, 5, 6].map((key) => (
            <div key={key} className="animate-pulse overflow-hidden rounded-card bg-white shadow-card">
              <div className="aspect-[3/2] bg-sand-200" />
              <div className="space-y-3 p-5">
                <div className="h-5 w-2/3 rounded bg-sand-200" />
                <div className="h-3 w-full rounded bg-sand-100" />
                <div className="h-3 w-5/6 rounded bg-sand-100" />
                <div className="h-10 w-full rounded-xl bg-sand-100" />
              </div>
            </div>
          ))}
        </div>
      ) : venues.isError ? (
        <div role="alert" className="rounded-card bg-white p-8 text-center shadow-card">
          <p className="mb-4 text-ink">{t('loadFailed')}</p>
          <Button onClick={() => void venues.refetch()}>{t('retry')}</Button>
        </div>
      ) : venues.data.gyms.length === 0 ? (
        <NoResultHints filters={filters} areas={areas} />
      ) : (
        <>
          <p className="mb-4 text-sm text-muted" role="status">
            {t('resultsCount', { count: venues.data.total })}
          </p>
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {cards.map((venue, index) => (
              <VenueCard
                key={venue.id}
                venue={venue}
                priority={index === 0}
                // The dialog opens at the list's date (today unless one is chosen) and its next open
                // slot, and follows the list when its date changes.
                start={{ date: venues.data.date, time: venue.nextSlot?.time }}
                distanceKm={shown.distances.get(venue.id)}
              />
            ))}
          </div>
          <Pagination filters={filters} total={venues.data.total} pageSize={venues.data.pageSize} />
        </>
      )}
    </div>
  )
}

/** The id of the area `area` is, by id or by its name in either language; as given when none. */
function areaIdNamed(area: string, areas: readonly AreaNames[]): string {
  if (!area || areas.some((known) => known.id === area)) return area
  const key = areaKey(area)
  return areas.find((known) => areaKey(known.name.en) === key || areaKey(known.name.ar) === key)?.id ?? area
}
