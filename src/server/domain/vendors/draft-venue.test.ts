import { describe, expect, it } from 'vitest'
import {
  bookingsEmailFrom,
  draftPasses,
  facilitiesDescription,
  firstFree,
  slugify,
  venueSlug,
  weeklyHoursFrom,
} from './draft-venue.ts'

describe('a draft venue made from an application', () => {
  it('takes its id from the name in lowercase ASCII words, or from the application for another script', () => {
    expect(venueSlug('Seef Tower Fitness', 4)).toBe('seef-tower-fitness')
    expect(venueSlug('  Café Olé & Spa — Juffair!  ', 4)).toBe('cafe-ole-spa-juffair')
    expect(venueSlug('نادي السيف', 12)).toBe('venue-12')
    expect(venueSlug('نادي Seef 24', 12)).toBe('seef-24')
    const long = venueSlug('The Very Long Name Of A Grand Hotel Health Club And Spa In Bahrain Bay', 1)
    expect(long).toBe('the-very-long-name-of-a-grand-hotel-health-club')
    expect(long.length).toBeLessThanOrEqual(48)
    expect(slugify('a'.repeat(60))).toBe('a'.repeat(48))
  })

  it('numbers a taken id from 2', () => {
    expect(firstFree('gym', new Set())).toBe('gym')
    expect(firstFree('gym', new Set(['gym', 'gym-2']))).toBe('gym-3')
  })

  it('sells every weekday the hours from opening up to, not including, closing', () => {
    const hours = weeklyHoursFrom('06:00', '22:00')
    expect(hours).toHaveLength(7)
    for (const day of hours) expect(day).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21])
    expect(weeklyHoursFrom('00:00', '01:00')[0]).toEqual([0])
  })

  it('sends its booking notices to the address it applied from, lower-cased', () => {
    expect(bookingsEmailFrom({ venue_email: ' Front.Desk@SeefTower.bh ' })).toBe('front.desk@seeftower.bh')
    expect(bookingsEmailFrom({ venue_email: '' })).toBeNull()
  })

  it('describes the facilities in a sentence, the Other option by its own words', () => {
    const application = { facility_item: 'Gym' as const, other_facility_option: null }
    expect(facilitiesDescription({ ...application, facility_options: [] })).toBe('Gym.')
    expect(facilitiesDescription({ ...application, facility_options: ['Sauna Room', 'Steam Room'] })).toBe(
      'Gym. Sauna Room, Steam Room.',
    )
    expect(
      facilitiesDescription({
        facility_item: 'Both',
        facility_options: ['Jacuzzi', 'Other'],
        other_facility_option: 'Padel court',
      }),
    ).toBe('Gym, Group Exercise room. Jacuzzi, Padel court.')
  })

  it('gives each pass a catalog type and an id unique within the venue', () => {
    expect(
      draftPasses([
        { option: 'poolOnly', priceFils: 8500 },
        { option: 'poolGym', priceFils: 15000 },
        { option: 'saunaSteam', priceFils: 9000 },
        { option: 'allInclusive', priceFils: 25000 },
        { option: 'other', label: 'Pool only', priceFils: 5000 },
        { option: 'other', label: 'سباحة', priceFils: 4000 },
      ]),
    ).toEqual([
      { slug: 'pool-only', passType: 'Pool', nameEn: 'Pool only', weekdayPriceFils: 8500 },
      { slug: 'pool-gym', passType: 'Fitness', nameEn: 'Pool & gym', weekdayPriceFils: 15000 },
      { slug: 'sauna-steam', passType: 'HealthClub', nameEn: 'Sauna & steam', weekdayPriceFils: 9000 },
      { slug: 'all-inclusive', passType: 'All Inclusive', nameEn: 'All inclusive', weekdayPriceFils: 25000 },
      { slug: 'pool-only-2', passType: 'Adult', nameEn: 'Pool only', weekdayPriceFils: 5000 },
      { slug: 'other', passType: 'Adult', nameEn: 'سباحة', weekdayPriceFils: 4000 },
    ])
  })
})
