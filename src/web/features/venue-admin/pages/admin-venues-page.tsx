import { useDeferredValue, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { pagePath } from '../../../../shared/route-manifest.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Field, Input } from '../../../components/ui/field.tsx'
import { useLocalized } from '../../../lib/use-localized.ts'
import { useAdminVenues } from '../api.ts'
import { VenueStatusBadge } from '../components/status-badge.tsx'

/** The team's venues, every status; the route needs canManageVenues. */
export function AdminVenuesPage() {
  const { t } = useTranslation('venue-admin')
  const localized = useLocalized()
  const [search, setSearch] = useState('')
  // Typing stays responsive; the list follows once the query settles.
  const query = useDeferredValue(search.trim())
  const venues = useAdminVenues(query)

  return (
    <div className="container-page max-w-5xl py-10">
      <h1 className="text-3xl font-bold text-brand-900">{t('list.title')}</h1>
      <p className="mt-2 mb-6 text-muted">
        {t('list.lead')}{' '}
        <Link
          to={pagePath('vendorApplications')}
          className="font-semibold text-brand-800 underline underline-offset-2"
        >
          {t('list.applications')}
        </Link>
      </p>
      <Field label={t('list.search')} hint={t('list.searchHint')} className="mb-6 max-w-md">
        {(control) => (
          <Input
            {...control}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        )}
      </Field>
      {venues.isPending ? (
        <div aria-busy="true" className="space-y-3">
          <p role="status" className="sr-only">
            {t('list.loading')}
          </p>
          {[1, 2, 3].map((key) => (
            <div key={key} className="h-12 animate-pulse rounded-xl bg-sand-200/70" />
          ))}
        </div>
      ) : venues.isError ? (
        <div role="alert" className="rounded-card bg-white p-8 text-center shadow-card">
          <p className="mb-5 text-ink">{t('list.loadFailed')}</p>
          <Button busy={venues.isFetching} onClick={() => void venues.refetch()}>
            {t('list.retry')}
          </Button>
        </div>
      ) : venues.data.venues.length === 0 ? (
        <p className="rounded-card bg-white p-10 text-center text-lg text-ink shadow-card">
          {t('list.empty')}
        </p>
      ) : (
        <>
          {/* A phone gets one card per venue: five columns do not fit in 390 px. */}
          <ul aria-label={t('list.caption')} className="space-y-3 sm:hidden">
            {venues.data.venues.map((venue) => (
              <li key={venue.id} className="rounded-card bg-white p-4 shadow-card">
                <div className="flex items-start justify-between gap-3">
                  <Link
                    to={pagePath('venueEditor', { id: venue.id })}
                    className="min-w-0 font-semibold break-words text-brand-800 underline-offset-2 hover:underline"
                  >
                    {localized(venue.name) || venue.name.en}
                  </Link>
                  <VenueStatusBadge status={venue.status} />
                </div>
                <p className="mt-1 text-sm text-muted">{localized(venue.area.name)}</p>
                <p className="mt-2 flex flex-wrap gap-x-4 text-sm text-ink">
                  <span>
                    {t('list.columns.passes')}: <span className="tabular-nums">{venue.activePasses}</span>
                  </span>
                  <span>
                    {t('list.columns.today')}: <span className="tabular-nums">{venue.todaysBookings}</span>
                  </span>
                </p>
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto rounded-card bg-white shadow-card sm:block">
            <table className="w-full text-start text-sm">
              <caption className="sr-only">{t('list.caption')}</caption>
              <thead className="border-b border-brand-900/10 text-xs text-muted uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3 text-start">
                    {t('list.columns.venue')}
                  </th>
                  <th scope="col" className="px-4 py-3 text-start">
                    {t('list.columns.area')}
                  </th>
                  <th scope="col" className="px-4 py-3 text-start">
                    {t('list.columns.status')}
                  </th>
                  <th scope="col" className="px-4 py-3 text-end">
                    {t('list.columns.passes')}
                  </th>
                  <th scope="col" className="px-4 py-3 text-end">
                    {t('list.columns.today')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {venues.data.venues.map((venue) => (
                  <tr key={venue.id} className="border-b border-brand-900/5 last:border-0">
                    <th scope="row" className="px-4 py-3 text-start font-semibold">
                      <Link
                        to={pagePath('venueEditor', { id: venue.id })}
                        className="text-brand-800 underline-offset-2 hover:underline"
                      >
                        {localized(venue.name) || venue.name.en}
                      </Link>
                    </th>
                    <td className="px-4 py-3">{localized(venue.area.name)}</td>
                    <td className="px-4 py-3">
                      <VenueStatusBadge status={venue.status} />
                    </td>
                    <td className="px-4 py-3 text-end tabular-nums">{venue.activePasses}</td>
                    <td className="px-4 py-3 text-end tabular-nums">{venue.todaysBookings}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  )
}
