import { useTranslation } from 'react-i18next'
import { type AreaNames, sortAreas } from '../../../../shared/area-names.ts'
import { passTypes } from '../../../../shared/catalog.ts'
import {
  noFilters,
  readVenueFilters,
  type VenueFilters,
  venueSorts,
} from '../../../../shared/catalog-filters.ts'
import { type Facility, facilities, facilityLabels } from '../../../../shared/facilities.ts'
import { pagePath } from '../../../../shared/route-manifest.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Input } from '../../../components/ui/field.tsx'

const hours = Array.from({ length: 24 }, (_, hour) => hour)
const selectClass =
  'w-full rounded-xl border border-brand-900/20 bg-white px-3 py-2.5 text-ink focus:border-brand-600 focus:outline-none'
const labelClass = 'block text-sm font-semibold text-ink'

/**
 * The /gyms search and filters: a plain GET form the server answers, so it works before and
 * without JavaScript; once the app runs, it changes the URL without reloading. Its fields show the
 * URL's filters: the page gives it a new `key` when they change (Back, a clear link).
 */
export function VenueFiltersForm({
  filters,
  areas,
  onApply,
}: {
  filters: VenueFilters
  /** The areas listed venues stand in, each once; shown by name in the page's language. */
  areas: readonly AreaNames[]
  onApply: (filters: VenueFilters) => void
}) {
  const { t, i18n } = useTranslation('catalog')
  const language = i18n.language === 'ar' ? 'ar' : 'en'
  const chosen = chosenFilterCount(filters)
  return (
    <search className="w-full">
      <form
        action={pagePath('gyms')}
        method="get"
        aria-label={t('filtersHeading')}
        className="space-y-4 rounded-card bg-white p-4 shadow-card"
        onSubmit={(event) => {
          event.preventDefault()
          const data = new FormData(event.currentTarget)
          const params = new URLSearchParams()
          for (const [name, value] of data) if (typeof value === 'string') params.append(name, value)
          onApply({ ...readVenueFilters(params).filters, page: 1 })
        }}
      >
        <div className="flex gap-2">
          <label htmlFor="gym-search" className="sr-only">
            {t('searchLabel')}
          </label>
          <Input
            id="gym-search"
            name="search"
            type="search"
            defaultValue={filters.search}
            placeholder={t('searchPlaceholder')}
            maxLength={200}
          />
          <Button type="submit">{t('search')}</Button>
        </div>
        {/*
         * On a phone the filters fold under one line, so the venues are on the first screen; wider
         * screens show them always (styles.css, `.filters-panel`). A native disclosure: it opens
         * before and without the app.
         */}
        <details className="filters-panel">
          <summary className="cursor-pointer rounded-xl py-1 font-semibold text-brand-700">
            {t('filtersHeading')}
            {chosen > 0 && <span className="ms-1 text-muted">({chosen})</span>}
          </summary>
          <div className="mt-3 grid gap-4 md:mt-0 md:grid-cols-4">
            <label className={labelClass}>
              {t('area')}
              <select name="area" defaultValue={filters.area} className={selectClass}>
                <option value="">{t('anyArea')}</option>
                {/* The chosen area before the list of areas has come, so the box shows it at once. */}
                {filters.area && !areas.some((area) => area.id === filters.area) && (
                  <option value={filters.area}>{filters.area}</option>
                )}
                {sortAreas(areas, language).map((area) => (
                  <option key={area.id} value={area.id}>
                    {area.name[language]}
                  </option>
                ))}
              </select>
            </label>
            <label className={labelClass}>
              {t('passType')}
              <select name="pass" defaultValue={filters.pass} className={selectClass}>
                <option value="">{t('anyPassType')}</option>
                {passTypes.map((type) => (
                  <option key={type} value={type}>
                    {t(`passTypes.${type}`)}
                  </option>
                ))}
              </select>
            </label>
            <div>
              <label htmlFor="gym-filter-date" className={labelClass}>
                {t('visitDate')}
              </label>
              <Input id="gym-filter-date" name="date" type="date" defaultValue={filters.date} />
            </div>
            <label className={labelClass}>
              {t('visitHour')}
              <select name="hour" defaultValue={filters.hour} className={selectClass}>
                <option value="">{t('anyHour')}</option>
                {hours.map((hour) => (
                  <option key={hour} value={String(hour)}>
                    {`${String(hour).padStart(2, '0')}:00`}
                  </option>
                ))}
              </select>
            </label>
            <fieldset className="md:col-span-2">
              <legend className={labelClass}>{t('facilities')}</legend>
              <div className="mt-1.5 flex flex-wrap gap-x-4 gap-y-2">
                {facilities.map((code: Facility) => (
                  <label key={code} className="flex items-center gap-1.5 text-sm">
                    <input
                      type="checkbox"
                      name="facility"
                      value={code}
                      defaultChecked={filters.facility.includes(code)}
                    />
                    {facilityLabels[code][language]}
                  </label>
                ))}
              </div>
            </fieldset>
            <fieldset>
              <legend className={labelClass}>{t('priceRange')}</legend>
              <div className="mt-1.5 flex gap-2">
                <Input
                  name="min"
                  inputMode="decimal"
                  aria-label={t('minPrice')}
                  placeholder={t('minPrice')}
                  defaultValue={filters.min}
                  maxLength={8}
                />
                <Input
                  name="max"
                  inputMode="decimal"
                  aria-label={t('maxPrice')}
                  placeholder={t('maxPrice')}
                  defaultValue={filters.max}
                  maxLength={8}
                />
              </div>
            </fieldset>
            <div className="space-y-3">
              <label className={labelClass}>
                {t('sortBy')}
                <select name="sort" defaultValue={filters.sort} className={selectClass}>
                  {venueSorts.map((sort) => (
                    <option key={sort} value={sort}>
                      {t(`sorts.${sort}`)}
                    </option>
                  ))}
                </select>
              </label>
              <label className="flex items-center gap-1.5 text-sm">
                <input type="checkbox" name="bookable" value="1" defaultChecked={filters.bookable} />
                {t('bookableOnly')}
              </label>
            </div>
            <div className="md:col-span-4">
              <Button type="submit" variant="secondary">
                {t('applyFilters')}
              </Button>
            </div>
          </div>
        </details>
      </form>
    </search>
  )
}

/** How many filters narrow the list, beside the text search: the folded panel's count. */
function chosenFilterCount(filters: VenueFilters): number {
  const fields = [filters.area, filters.pass, filters.date, filters.hour, filters.min, filters.max]
  return (
    fields.filter(Boolean).length +
    filters.facility.length +
    (filters.bookable ? 1 : 0) +
    (filters.sort === noFilters.sort ? 0 : 1)
  )
}
