import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { AreaNames } from '../../../../shared/area-names.ts'
import {
  activeFilters,
  noFilters,
  type VenueFilters,
  venueFilterQuery,
  withoutFilter,
} from '../../../../shared/catalog-filters.ts'
import { pagePath } from '../../../../shared/route-manifest.ts'
import { useFilterLabel } from './filter-labels.ts'

/** The /gyms URL for some filters: a plain link, so a clear works without JavaScript too. */
export function gymsLink(filters: VenueFilters): string {
  const query = venueFilterQuery(filters)
  return query ? `${pagePath('gyms')}?${query}` : pagePath('gyms')
}

/** The filters in use, each with a one-tap clear, and a clear for all of them. */
export function ActiveFilters({ filters, areas }: { filters: VenueFilters; areas: readonly AreaNames[] }) {
  const { t } = useTranslation('catalog')
  const label = useFilterLabel(areas)
  const active = activeFilters(filters)
  if (active.length === 0) return null
  return (
    <nav aria-label={t('activeFilters')} className="mb-6 flex flex-wrap items-center gap-2">
      {active.map((name) => (
        <Link
          key={name}
          to={gymsLink(withoutFilter(filters, name))}
          className="rounded-full bg-brand-50 px-3 py-1.5 text-sm font-semibold text-brand-900 hover:bg-brand-100"
          aria-label={t('clearFilter', { label: label(name, filters) })}
        >
          {label(name, filters)} <span aria-hidden="true">×</span>
        </Link>
      ))}
      <Link
        to={gymsLink({ ...noFilters, search: filters.search, sort: filters.sort })}
        className="text-sm font-semibold text-brand-700 underline"
      >
        {t('clearAll')}
      </Link>
    </nav>
  )
}

/** No venue matches: which filter to loosen, each a link that drops it. */
export function NoResultHints({ filters, areas }: { filters: VenueFilters; areas: readonly AreaNames[] }) {
  const { t } = useTranslation('catalog')
  const label = useFilterLabel(areas)
  const active = activeFilters(filters)
  return (
    <div className="rounded-card bg-white p-10 text-center shadow-card">
      <p className="mb-4 text-lg text-ink">{active.length ? t('noResultsFiltered') : t('noResults')}</p>
      <ul className="mb-4 flex flex-wrap justify-center gap-2">
        {active.map((name) => (
          <li key={name}>
            <Link
              to={gymsLink(withoutFilter(filters, name))}
              className="inline-block rounded-full bg-brand-50 px-3 py-1.5 text-sm font-semibold text-brand-900"
              aria-label={t('clearFilter', { label: label(name, filters) })}
            >
              {t(`loosen.${name}`)} <span className="text-muted">({label(name, filters)} ×)</span>
            </Link>
          </li>
        ))}
        {filters.search && (
          <li>
            <Link
              to={gymsLink({ ...filters, search: '', page: 1 })}
              className="inline-block rounded-full bg-brand-50 px-3 py-1.5 text-sm font-semibold text-brand-900"
            >
              {t('clearSearch')}
            </Link>
          </li>
        )}
      </ul>
    </div>
  )
}

/** Page links that work without JavaScript: each page is a URL. */
export function Pagination({
  filters,
  total,
  pageSize,
}: {
  filters: VenueFilters
  total: number
  pageSize: number
}) {
  const { t } = useTranslation('catalog')
  const pages = Math.ceil(total / pageSize)
  if (pages <= 1) return null
  return (
    <nav aria-label={t('pagination')} className="mt-8 flex flex-wrap justify-center gap-2">
      {Array.from({ length: pages }, (_, index) => index + 1).map((page) => (
        <Link
          key={page}
          to={gymsLink({ ...filters, page })}
          aria-label={t('pageLink', { page })}
          aria-current={page === filters.page ? 'page' : undefined}
          className={`min-w-10 rounded-xl px-3 py-2 text-center font-semibold ${page === filters.page ? 'bg-brand-900 text-white' : 'bg-white text-brand-900 shadow-card'}`}
        >
          {page}
        </Link>
      ))}
    </nav>
  )
}
