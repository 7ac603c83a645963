import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCheckoutTestApp } from '../../../tests/support/checkout.ts'
import type { TestApp } from '../../../tests/support/test-app.ts'

// Tuesday 1 December 2026, 10:30 in Bahrain (07:30 UTC).
let clock = new Date('2026-12-01T07:30:00Z')
let t: TestApp

beforeAll(async () => {
  t = await createCheckoutTestApp(undefined, () => clock)
})
afterAll(() => t.close())

async function get(url: string) {
  const response = await t.app.inject({ method: 'GET', url })
  return { status: response.statusCode, body: response.json(), headers: response.headers }
}

describe('GET /api/gyms', () => {
  it('lists the 8 seeded venues with today’s prices in BD', async () => {
    const { status, body } = await get('/api/gyms')
    expect(status).toBe(200)
    expect(body.date).toBe('2026-12-01')
    expect(body.gyms).toHaveLength(8)
    for (const gym of body.gyms) {
      expect(gym.rating).toBeGreaterThanOrEqual(4)
      expect(gym.images.length).toBeGreaterThanOrEqual(4)
      expect(gym.name.ar).toMatch(/[\u0600-\u06ff]/)
      // In Bahrain, for the Directions link and the calendar entry's GEO.
      expect(gym.coordinates.latitude).toBeGreaterThan(25.8)
      expect(gym.coordinates.latitude).toBeLessThan(26.35)
      expect(gym.coordinates.longitude).toBeGreaterThan(50.35)
      expect(gym.coordinates.longitude).toBeLessThan(50.85)
      for (const pass of gym.passes) {
        expect(pass.priceFils).toBeGreaterThanOrEqual(10_000)
        expect(pass.priceFils).toBeLessThanOrEqual(40_000)
        expect(pass.price).toMatch(/^BD \d+\.\d{3}$/)
      }
    }
    const comingSoon = body.gyms
      .filter((gym: { comingSoon: boolean }) => gym.comingSoon)
      .map((gym: { name: { en: string } }) => gym.name.en)
    expect(comingSoon.sort()).toEqual([
      "Barry's Fitness",
      'Elite Resort & Spa',
      'Grand Swiss-Belhotel Waterfront',
      'Wyndham Grand - Bahrain Bay',
    ])
    const vida = body.gyms.find((gym: { id: string }) => gym.id === 'vida-beach-hotel')
    expect(vida.payAtVenueOnly).toBe(true)
    // Bookable venues come first: no Coming Soon sits between them.
    const soon = body.gyms.map((gym: { comingSoon: boolean }) => gym.comingSoon)
    expect(soon).toEqual([...soon].sort((a: boolean, b: boolean) => Number(a) - Number(b)))
  })

  it('searches the passes and facilities, in both languages and however the Arabic is spelt', async () => {
    const ids = async (search: string) =>
      (await get(`/api/gyms?search=${encodeURIComponent(search)}`)).body.gyms.map(
        (gym: { id: string }) => gym.id,
      )
    const family = await ids('family')
    expect(family.length).toBeGreaterThanOrEqual(3)
    // The Arabic pass name, and the same typed with haa for taa marbuta.
    expect(await ids('عائلية')).toEqual(family)
    expect(await ids('عائليه')).toEqual(family)
    expect(await ids('kids')).toContain('vida-beach-hotel')
    expect(await ids('أطفال')).toContain('vida-beach-hotel')
    // A facility's Arabic label: every venue with a pool.
    const pools = await ids('مسبح')
    expect(pools).toContain('vida-beach-hotel')
  })

  it('searches name, area and description, ignoring case', async () => {
    const byName = await get('/api/gyms?search=VIDA')
    expect(byName.body.gyms.map((gym: { id: string }) => gym.id)).toEqual(['vida-beach-hotel'])
    const byArea = await get('/api/gyms?search=juffair')
    expect(byArea.body.gyms.length).toBeGreaterThan(0)
    for (const gym of byArea.body.gyms)
      expect(`${gym.area.name.en} ${gym.location.en} ${gym.description.en}`).toMatch(/juffair/i)
    const byDescription = await get(`/api/gyms?search=${encodeURIComponent('sauna')}`)
    expect(byDescription.body.gyms.length).toBeGreaterThan(0)
  })

  it('searches Arabic text, whatever the hamza or diacritics', async () => {
    const plain = await get(`/api/gyms?search=${encodeURIComponent('المحرق')}`)
    expect(plain.body.gyms.length).toBeGreaterThan(0)
    const withDiacritics = await get(`/api/gyms?search=${encodeURIComponent('المُحَرَّق')}`)
    expect(withDiacritics.body.gyms.map((gym: { id: string }) => gym.id)).toEqual(
      plain.body.gyms.map((gym: { id: string }) => gym.id),
    )
  })

  it('finds nothing for nonsense and treats an empty search as no search', async () => {
    expect((await get('/api/gyms?search=xyz')).body.gyms).toEqual([])
    expect((await get('/api/gyms?search=%20%20')).body.gyms).toHaveLength(8)
  })

  it('refuses an oversized search', async () => {
    const { status, body } = await get(`/api/gyms?search=${'a'.repeat(201)}`)
    expect(status).toBe(400)
    expect(body.error.fields.search).toBe('SEARCH_TOO_LONG')
  })
})

describe('prices by day', () => {
  const marina = 'manama-marina-hotel'
  async function marinaPrices(date: string) {
    const { body } = await get(`/api/gyms/${marina}/availability?date=${date}`)
    return { dayType: body.dayType, prices: body.passes.map((pass: { priceFils: number }) => pass.priceFils) }
  }

  it('charges the weekday, weekend and holiday prices on the right days', async () => {
    const weekday = await marinaPrices('2026-12-03') // Thursday
    const weekend = await marinaPrices('2026-12-04') // Friday
    const holiday = await marinaPrices('2026-12-16') // National Day, a Wednesday
    expect([weekday.dayType, weekend.dayType, holiday.dayType]).toEqual(['weekday', 'weekend', 'holiday'])
    expect(weekend.prices[0]).toBeGreaterThan(weekday.prices[0])
    expect(holiday.prices[0]).toBeGreaterThan(weekend.prices[0])
  })

  it('names a weekend or holiday price only where the pass costs other than on a weekday', async () => {
    const notes = async (venue: string, date: string) =>
      (await get(`/api/gyms/${venue}/availability?date=${date}`)).body.passes.map(
        (pass: { priceNote: string | null }) => pass.priceNote,
      )
    expect(await notes(marina, '2026-12-03')).toEqual([null, null, null])
    expect(await notes(marina, '2026-12-04')).toEqual(['weekend', 'weekend', 'weekend'])
    expect(await notes(marina, '2026-12-16')).toEqual(['holiday', 'holiday', 'holiday'])
    // Seef Towers sets no weekend or holiday prices: its Friday is its weekday price, and says nothing.
    expect(await notes('seef-towers-residences', '2026-12-04')).toEqual([null, null])
    expect(await notes('seef-towers-residences', '2026-12-16')).toEqual([null, null])
  })

  it('shows the holiday by name', async () => {
    const { body } = await get(`/api/gyms/${marina}/availability?date=2026-12-16`)
    expect(body.holiday).toEqual({ en: 'National Day', ar: 'العيد الوطني' })
  })
})

describe('GET /api/gyms/:id/availability', () => {
  it('closes the slots that have started in Bahrain today and offers the rest', async () => {
    const { status, body } = await get('/api/gyms/seef-towers-residences/availability?date=2026-12-01')
    expect(status).toBe(200)
    // The seed sells Seef Towers Residences from 06:00 to 22:00: the last slot starts at 21:00.
    expect(body.slots.map((slot: { time: string }) => slot.time)).toEqual(
      Array.from({ length: 16 }, (_, index) => `${String(index + 6).padStart(2, '0')}:00`),
    )
    const statuses = Object.fromEntries(
      body.slots.map((slot: { time: string; status: string }) => [slot.time, slot.status]),
    )
    expect(statuses['10:00']).toBe('past')
    expect(statuses['11:00']).toBe('open')
  })

  it('counts the places already taken and marks a full slot', async () => {
    const venue = await t.database.db
      .selectFrom('venues')
      .select('capacity_per_slot')
      .where('id', '=', 'juffair-grand-suites')
      .executeTakeFirstOrThrow()
    await t.database.db
      .insertInto('slot_occupancy')
      .values([
        {
          venue_id: 'juffair-grand-suites',
          slot_date: '2026-12-02',
          slot_hour: 9,
          capacity: venue.capacity_per_slot,
          taken: venue.capacity_per_slot,
        },
        {
          venue_id: 'juffair-grand-suites',
          slot_date: '2026-12-02',
          slot_hour: 10,
          capacity: venue.capacity_per_slot,
          taken: 3,
        },
      ])
      .execute()
    const { body } = await get('/api/gyms/juffair-grand-suites/availability?date=2026-12-02')
    const slot = (time: string) => body.slots.find((s: { time: string }) => s.time === time)
    expect(slot('09:00')).toMatchObject({ status: 'full', remaining: 0 })
    expect(slot('10:00')).toMatchObject({ status: 'open', remaining: venue.capacity_per_slot - 3 })
    expect(slot('08:00')).toMatchObject({ status: 'open', remaining: venue.capacity_per_slot })
  })

  it('offers nothing at a Coming Soon venue or on a past date', async () => {
    const soon = await get('/api/gyms/barrys-fitness/availability?date=2026-12-02')
    expect(soon.body.bookable).toBe(false)
    expect(new Set(soon.body.slots.map((slot: { status: string }) => slot.status))).toEqual(
      new Set(['closed']),
    )
    const past = await get('/api/gyms/seef-towers-residences/availability?date=2026-11-30')
    expect(past.body.bookable).toBe(false)
  })

  it('rejects bad dates and unknown venues with clear messages', async () => {
    const shape = await get('/api/gyms/seef-towers-residences/availability?date=01/12/2026')
    expect(shape.status).toBe(400)
    expect(shape.body.error.fields.date).toBe('DATE_FORMAT')
    const missing = await get('/api/gyms/seef-towers-residences/availability')
    expect(missing.status).toBe(400)
    const impossible = await get('/api/gyms/seef-towers-residences/availability?date=2026-02-30')
    expect(impossible.status).toBe(400)
    expect(impossible.body.error.message).toBe('That date does not exist.')
    const tooFar = await get('/api/gyms/seef-towers-residences/availability?date=2028-01-01')
    expect(tooFar.status).toBe(400)
    const unknown = await get('/api/gyms/no-such-gym/availability?date=2026-12-02')
    expect(unknown.status).toBe(404)
    expect(unknown.body.error.code).toBe('GYM_NOT_FOUND')
    const badId = await get('/api/gyms/Robert%27);DROP%20TABLE%20venues;--')
    expect(badId.status).toBe(400)
  })

  it('follows the clock into the next Bahrain day', async () => {
    clock = new Date('2026-12-01T21:30:00Z') // 00:30 on 2 December in Bahrain
    const { body } = await get('/api/gyms')
    expect(body.date).toBe('2026-12-02')
    clock = new Date('2026-12-01T07:30:00Z')
  })
})

describe('GET /api/gyms/:id', () => {
  it('returns one venue', async () => {
    const { status, body, headers } = await get('/api/gyms/vida-beach-hotel')
    expect(status).toBe(200)
    expect(body.gym.name.en).toBe('Vida Beach Hotel')
    expect(headers['cache-control']).toContain('max-age')
  })
})
