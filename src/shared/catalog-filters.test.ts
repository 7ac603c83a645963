import { describe, expect, it } from 'vitest'
import {
  activeFilters,
  noFilters,
  priceToFils,
  readVenueFilters,
  venueFilterQuery,
  withoutFilter,
} from './catalog-filters.ts'

const read = (query: string) => readVenueFilters(new URLSearchParams(query))

describe('the /gyms filters in a URL', () => {
  it('reads a plain form’s submission, empty fields as no filter, into one canonical query', () => {
    const { filters, refused } = read(
      'search=+pool+&area=Seef&pass=&date=2026-12-02&hour=7&facility=sauna&facility=pool&min=&max=15&sort=recommended',
    )
    expect(refused).toEqual([])
    expect(filters).toMatchObject({
      search: 'pool',
      area: 'Seef',
      facility: ['pool', 'sauna'],
      hour: '7',
      max: '15',
    })
    expect(venueFilterQuery(filters)).toBe(
      'search=pool&area=Seef&facility=pool&facility=sauna&max=15&date=2026-12-02&hour=7',
    )
    expect(venueFilterQuery(noFilters)).toBe('')
  })

  it('leaves out each bad value and names it', () => {
    const { filters, refused } = read(
      'area=<b>&min=abc&hour=25&date=2026-13-45&sort=cheapest&page=0&bookable=yes&pass=Sauna&facility=moat',
    )
    expect(refused.sort()).toEqual([
      'area',
      'bookable',
      'date',
      'facility',
      'hour',
      'min',
      'page',
      'pass',
      'sort',
    ])
    expect(venueFilterQuery(filters)).toBe('')
    expect(read(Array.from({ length: 500 }, () => 'facility=pool').join('&')).refused).toEqual(['facility'])
    expect(read('min=20&max=10').refused).toEqual(['min'])
  })

  it('clears one filter at a time, back to the first page', () => {
    const { filters } = read('area=Seef&facility=pool&bookable=1&page=3')
    expect(activeFilters(filters)).toEqual(['area', 'facility', 'bookable'])
    expect(venueFilterQuery(withoutFilter(filters, 'facility'))).toBe('area=Seef&bookable=1')
  })

  it('counts BD prices in fils', () => {
    expect(priceToFils('7.5')).toBe(7500)
    expect(priceToFils('15')).toBe(15_000)
    expect(priceToFils('0.125')).toBe(125)
  })
})
