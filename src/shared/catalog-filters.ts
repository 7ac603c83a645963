import { isIsoDate } from './bahrain-time.ts'
import { passTypes } from './catalog.ts'
import { facilities } from './facilities.ts'

/**
 * The /gyms filters as URL parameters, read the same way by the page, its server rendering and the
 * API (docs/catalog.md, "Finding a pass"). Plain functions without zod, so the public pages keep
 * zod out of their download; the API's zod schema (catalog-api.ts) calls the same checks.
 */

/** Venues on one page of the list. */
export const venuePageSize = 24

export const venueSorts = ['recommended', 'price', 'rating', 'name', 'distance'] as const
export type VenueSort = (typeof venueSorts)[number]

/** The URL parameters, in the order a canonical query lists them. */
export const filterParams = [
  'search',
  'area',
  'facility',
  'pass',
  'min',
  'max',
  'date',
  'hour',
  'bookable',
  'sort',
  'page',
] as const
export type FilterParam = (typeof filterParams)[number]

/** The filters a visitor can clear one at a time (search, sort and page are not filters). */
export const clearableFilters = [
  'area',
  'facility',
  'pass',
  'min',
  'max',
  'date',
  'hour',
  'bookable',
] as const
export type ClearableFilter = (typeof clearableFilters)[number]

export interface VenueFilters {
  search: string
  area: string
  facility: string[]
  pass: string
  /** Prices in BD as typed ("15", "7.5"); empty for none. */
  min: string
  max: string
  date: string
  /** 0 to 23, as typed; empty for none. */
  hour: string
  bookable: boolean
  sort: VenueSort
  page: number
}

export const noFilters: VenueFilters = {
  search: '',
  area: '',
  facility: [],
  pass: '',
  min: '',
  max: '',
  date: '',
  hour: '',
  bookable: false,
  sort: 'recommended',
  page: 1,
}

/** An area's id, or (older links) its name in either language, diacritics and all («السَّيف»). */
export const isAreaName = (value: string) => /^[\p{L}\p{M}\p{N} '&.-]{1,60}$/u.test(value)
export const isFacilityCode = (value: string) => (facilities as readonly string[]).includes(value)
export const isPassType = (value: string) => (passTypes as readonly string[]).includes(value)
/** A price in BD with at most three decimals (fils), up to BD 9999. */
export const isPrice = (value: string) => /^\d{1,4}(\.\d{1,3})?$/.test(value)
export const isHour = (value: string) => /^([01]?\d|2[0-3])$/.test(value)
export const isSort = (value: string) => (venueSorts as readonly string[]).includes(value)
export const isPage = (value: string) => /^[1-9]\d{0,2}$/.test(value)

/** A price in BD as fils: "7.5" is 7500. */
export function priceToFils(value: string): number {
  const [whole = '0', fraction = ''] = value.split('.')
  return Number(whole) * 1000 + Number(fraction.padEnd(3, '0'))
}

/**
 * The filters a URL asks for, each bad or repeated value left out and named in `refused`: the page
 * then shows the list without them rather than an error.
 */
export function readVenueFilters(params: URLSearchParams): { filters: VenueFilters; refused: FilterParam[] } {
  const refused = new Set<FilterParam>()
  const one = (name: FilterParam, valid: (value: string) => boolean): string => {
    const value = params.get(name)?.trim() ?? ''
    if (!value) return ''
    if (valid(value)) return value
    refused.add(name)
    return ''
  }
  const chosen = params.getAll('facility').filter(Boolean)
  const facilityOk =
    chosen.length <= facilities.length &&
    new Set(chosen).size === chosen.length &&
    chosen.every(isFacilityCode)
  if (!facilityOk) refused.add('facility')
  const search = params.get('search')?.trim() ?? ''
  if (search.length > 200) refused.add('search')
  const bookable = params.get('bookable')
  if (bookable && bookable !== '1') refused.add('bookable')
  const filters: VenueFilters = {
    search: search.length > 200 ? '' : search,
    area: one('area', isAreaName),
    facility: facilityOk ? facilities.filter((code) => chosen.includes(code)) : [],
    pass: one('pass', isPassType),
    min: one('min', isPrice),
    max: one('max', isPrice),
    date: one('date', isIsoDate),
    hour: one('hour', isHour),
    bookable: bookable === '1',
    sort: (one('sort', isSort) || 'recommended') as VenueSort,
    page: Number(one('page', isPage) || 1),
  }
  if (filters.min && filters.max && priceToFils(filters.min) > priceToFils(filters.max)) {
    refused.add('min')
    filters.min = ''
  }
  return { filters, refused: [...refused] }
}

/** The filters as a query string, in one order and without defaults: the cache key and the link. */
export function venueFilterQuery(filters: Partial<VenueFilters>): string {
  const query = new URLSearchParams()
  const all = { ...noFilters, ...filters }
  for (const name of filterParams) {
    if (name === 'facility') for (const code of all.facility) query.append('facility', code)
    else if (name === 'bookable') {
      if (all.bookable) query.set('bookable', '1')
    } else if (name === 'sort') {
      if (all.sort !== 'recommended') query.set('sort', all.sort)
    } else if (name === 'page') {
      if (all.page > 1) query.set('page', String(all.page))
    } else if (all[name]) query.set(name, String(all[name]))
  }
  return query.toString()
}

/** The filters with one of them cleared (and back to the first page). */
export function withoutFilter(filters: VenueFilters, name: ClearableFilter): VenueFilters {
  return { ...filters, [name]: noFilters[name], page: 1 }
}

/** The filters in use, for "clear" links and the no-result hints. */
export function activeFilters(filters: VenueFilters): ClearableFilter[] {
  return clearableFilters.filter((name) =>
    name === 'facility' ? filters.facility.length > 0 : Boolean(filters[name]),
  )
}
