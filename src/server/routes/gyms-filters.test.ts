import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCheckoutTestApp } from '../../../tests/support/checkout.ts'
import type { TestApp } from '../../../tests/support/test-app.ts'
import type { ListedVenue, VenueList } from '../../shared/catalog-api.ts'
import { seedVenues } from '../domain/catalog/seed-venues.ts'

// Tuesday 1 December 2026, 10:30 in Bahrain (07:30 UTC). Tomorrow is a Wednesday; Friday 4
// December is a weekend day and Wednesday 16 December is National Day.
const clock = new Date('2026-12-01T07:30:00Z')
const tomorrow = '2026-12-02'
let t: TestApp

beforeAll(async () => {
  t = await createCheckoutTestApp(undefined, () => clock)
})
afterAll(() => t.close())

async function list(query: string): Promise<VenueList> {
  const response = await t.app.inject({ method: 'GET', url: `/api/gyms${query ? `?${query}` : ''}` })
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}
const ids = (body: VenueList) => body.gyms.map((gym) => gym.id)
const seed = (id: string) => seedVenues.find((venue) => venue.id === id)

async function refused(query: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/gyms?${query}` })
  expect(response.statusCode, query).toBe(400)
  return response.json().error as { code: string; fields?: Record<string, string>; message: string }
}

describe('GET /api/gyms filters, each alone', () => {
  it('lists the venues of one area, bookable ones first, and offers the areas to choose from', async () => {
    const body = await list('area=Seef')
    expect(ids(body)).toEqual(['seef-towers-residences', 'grand-swiss-belhotel-waterfront'])
    expect(body.areas).toEqual([
      { id: 'bahrain-bay', name: { en: 'Bahrain Bay', ar: 'خليج البحرين' } },
      { id: 'juffair', name: { en: 'Juffair', ar: 'الجفير' } },
      { id: 'manama', name: { en: 'Manama', ar: 'المنامة' } },
      { id: 'muharraq', name: { en: 'Muharraq', ar: 'المحرق' } },
      { id: 'seef', name: { en: 'Seef', ar: 'السيف' } },
    ])
    // Named rather than given by id, in either language, it is the same area.
    expect(body.query).toBe('area=seef')
    expect(ids(await list('area=seef'))).toEqual(ids(body))
    expect(ids(await list(`area=${encodeURIComponent('السَّيف')}`))).toEqual(ids(body))
  })

  it('keeps the venues that have every chosen facility', async () => {
    const all = (await list('')).gyms
    const body = await list('facility=pool&facility=sauna')
    const expected = all.filter((gym) => gym.facilities.includes('pool') && gym.facilities.includes('sauna'))
    expect(ids(body)).toEqual(expected.map((gym) => gym.id))
    expect(body.gyms.length).toBeGreaterThan(0)
    expect(body.gyms.length).toBeLessThan(all.length)
    // The same facilities in another order are the same filter.
    expect((await list('facility=sauna&facility=pool')).query).toBe('facility=pool&facility=sauna')
  })

  it('keeps the venues selling a pass type, priced from that type', async () => {
    const body = await list('pass=Family')
    expect(body.gyms.length).toBeGreaterThanOrEqual(3)
    for (const gym of body.gyms) {
      const family = gym.passes.filter((pass) => pass.type === 'Family')
      expect(family.length).toBeGreaterThan(0)
      expect(gym.fromPriceFils).toBe(Math.min(...family.map((pass) => pass.priceFils)))
    }
  })

  it('keeps the venues whose lowest price that day lies in the range', async () => {
    const all = (await list('')).gyms
    const body = await list('min=12&max=15.5')
    const expected = all.filter(
      (gym) => gym.fromPriceFils !== null && gym.fromPriceFils >= 12_000 && gym.fromPriceFils <= 15_500,
    )
    expect(ids(body)).toEqual(expected.map((gym) => gym.id))
    expect(body.gyms.length).toBeGreaterThan(0)
  })

  it('hides Coming Soon venues when asked for bookable ones only', async () => {
    const body = await list('bookable=1')
    expect(body.gyms.length).toBe(4)
    expect(body.gyms.every((gym) => !gym.comingSoon)).toBe(true)
  })

  it('sorts by price, rating and name, bookable venues always first', async () => {
    const bookableFirst = (gyms: ListedVenue[]) => {
      const soon = gyms.map((gym) => gym.comingSoon)
      expect(soon).toEqual([...soon].sort((a, b) => Number(a) - Number(b)))
    }
    const byPrice = (await list('sort=price')).gyms
    bookableFirst(byPrice)
    const bookablePrices = byPrice.filter((gym) => !gym.comingSoon).map((gym) => gym.fromPriceFils ?? 0)
    expect(bookablePrices).toEqual([...bookablePrices].sort((a, b) => a - b))
    const byRating = (await list('sort=rating')).gyms
    bookableFirst(byRating)
    const ratings = byRating.filter((gym) => !gym.comingSoon).map((gym) => gym.rating ?? 0)
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a))
    const byName = (await list('sort=name')).gyms
    bookableFirst(byName)
    const names = byName.filter((gym) => !gym.comingSoon).map((gym) => gym.name.en)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')))
  })

  it('pages 24 venues at a time', async () => {
    const first = await list('')
    expect(first).toMatchObject({ total: 8, page: 1, pageSize: 24 })
    const second = await list('page=2')
    expect(second).toMatchObject({ total: 8, page: 2, gyms: [] })
  })
})

describe('open on a date at an hour, with places', () => {
  it('finds the Seef venue that opens at 07:00 tomorrow and names its next slot', async () => {
    const body = await list(`date=${tomorrow}&hour=7`)
    expect(ids(body)).toEqual(['seef-towers-residences'])
    expect(body.gyms[0]?.nextSlot).toEqual({
      time: '07:00',
      remaining: seed('seef-towers-residences')?.capacityPerSlot,
    })
    // At 09:00 the venues on the catalog's 08:00 to 19:00 hours are open too.
    expect((await list(`date=${tomorrow}&hour=9`)).gyms.length).toBe(4)
  })

  it('leaves out a venue closed that date, and one whose slot is full', async () => {
    await t.database.db
      .insertInto('venue_date_exceptions')
      .values({
        venue_id: 'seef-towers-residences',
        exception_date: '2026-12-03',
        closed_all_day: true,
        closed_hours: [],
        capacity: null,
      })
      .execute()
    expect(ids(await list('date=2026-12-03&hour=7'))).toEqual([])
    expect((await list('date=2026-12-03&area=Seef')).gyms[0]?.nextSlot).toBeNull()

    const capacity = seed('seef-towers-residences')?.capacityPerSlot ?? 0
    await t.database.db
      .insertInto('slot_occupancy')
      .values({
        venue_id: 'seef-towers-residences',
        slot_date: '2026-12-07',
        slot_hour: 7,
        capacity,
        taken: capacity,
      })
      .execute()
    expect(ids(await list('date=2026-12-07&hour=7'))).toEqual([])
    // The card then names the next slot with places.
    const seef = (await list('date=2026-12-07&area=Seef')).gyms[0]
    expect(seef?.nextSlot).toEqual({ time: '06:00', remaining: capacity })
    expect((await list('date=2026-12-07&area=Seef&hour=7&bookable=1')).gyms).toEqual([])
  })

  it('counts slots already started today as gone', async () => {
    const body = await list('area=Seef&bookable=1')
    expect(body.gyms[0]?.nextSlot?.time).toBe('11:00')
    expect(ids(await list('hour=9&area=Seef'))).toEqual([])
  })
})

describe('prices for the chosen date', () => {
  it('prices a weekend date at weekend prices and says so on the card', async () => {
    const weekday = await list(`date=${tomorrow}`)
    const weekend = await list('date=2026-12-04')
    expect(weekend.dayType).toBe('weekend')
    const marina = seedVenues[0]
    const card = weekend.gyms.find((gym) => gym.id === marina?.id)
    const weekendPrices = marina?.passes.map((pass) => pass.weekendFils ?? pass.weekdayFils) ?? []
    expect(card?.fromPriceFils).toBe(Math.min(...weekendPrices))
    expect(card?.priceNote).toBe('weekend')
    expect(weekday.gyms.find((gym) => gym.id === marina?.id)?.priceNote).toBeNull()
  })

  it('prices a public holiday at holiday prices', async () => {
    const holiday = await list('date=2026-12-16&sort=price')
    expect(holiday.dayType).toBe('holiday')
    const marina = seedVenues[0]
    const card = holiday.gyms.find((gym) => gym.id === marina?.id)
    const prices =
      marina?.passes.map((pass) => pass.holidayFils ?? pass.weekendFils ?? pass.weekdayFils) ?? []
    expect(card?.fromPriceFils).toBe(Math.min(...prices))
    expect(card?.priceNote).toBe('holiday')
    expect(card?.fromPrice).toMatch(/^BD \d+\.\d{3}$/)
  })
})

describe('filters combined', () => {
  it('finds pools in Seef open tomorrow at 07:00, by price, matching the text too', async () => {
    const body = await list(
      `search=seef&area=Seef&facility=pool&date=${tomorrow}&hour=7&sort=price&bookable=1`,
    )
    expect(ids(body)).toEqual(['seef-towers-residences'])
    expect(body.date).toBe(tomorrow)
    expect(ids(await list(`search=vida&area=Seef`))).toEqual([])
    expect(ids(await list(`area=Seef&facility=beach-access`))).toEqual([])
    expect(ids(await list(`area=Seef&max=1`))).toEqual([])
  })
})

describe('bad filter values', () => {
  it('answers each with a 400 and an error code', async () => {
    expect((await refused('area=Nowhere')).code).toBe('FILTER_AREA_UNKNOWN')
    expect((await refused('min=abc')).fields?.min).toBe('FILTER_PRICE_INVALID')
    expect((await refused('min=20&max=10')).fields?.min).toBe('FILTER_PRICE_RANGE')
    expect((await refused('hour=25')).fields?.hour).toBe('FILTER_HOUR_INVALID')
    expect((await refused('date=2026-13-45')).fields?.date).toBe('INVALID_DATE')
    expect((await refused('date=2026-11-30')).code).toBe('FILTER_DATE_PAST')
    expect((await refused('pass=Sauna')).fields?.pass).toBe('FILTER_PASS_INVALID')
    expect((await refused('facility=moat')).fields?.facility).toBe('FACILITY_INVALID')
    expect((await refused('sort=cheapest')).fields?.sort).toBe('FILTER_SORT_INVALID')
    expect((await refused('page=0')).fields?.page).toBe('FILTER_PAGE_INVALID')
    expect((await refused('bookable=yes')).fields?.bookable).toBe('FILTER_BOOKABLE_INVALID')
    const many = Array.from({ length: 500 }, () => 'facility=pool').join('&')
    expect((await refused(many)).fields?.facility).toBe('FILTER_FACILITIES_TOO_MANY')
  })
})
