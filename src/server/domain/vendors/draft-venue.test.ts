import { describe, expect, it } from 'vitest'
import {
  bookingsEmailFrom,
  draftPasses,
  facilitiesDescription,
  firstFree,
  locationIn,
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

  it('describes the facilities in each language, the owner’s own words only in the language they wrote', () => {
    const application = { facilities: ['gym', 'sauna'], other_facility_option: null }
    expect(facilitiesDescription({ ...application, facilities: [] }, 'en')).toBe('')
    expect(facilitiesDescription(application, 'en')).toBe('Gym, Sauna.')
    expect(facilitiesDescription(application, 'ar')).toBe('صالة رياضية، ساونا.')
    const padel = { ...application, other_facility_option: 'Padel court' }
    expect(facilitiesDescription(padel, 'en')).toBe('Gym, Sauna. Padel court.')
    expect(facilitiesDescription(padel, 'ar')).toBe('صالة رياضية، ساونا.')
    const arabic = { facilities: [], other_facility_option: 'ملعب بادل' }
    expect(facilitiesDescription(arabic, 'en')).toBe('')
    expect(facilitiesDescription(arabic, 'ar')).toBe('ملعب بادل.')
  })

  it('names the area in each language, and the city in the language it was written in, with the country', () => {
    const seef = { en: 'Seef', ar: 'السيف' }
    const english = { city: 'Manama', country: 'BH' }
    expect(locationIn(english, seef, 'en')).toBe('Seef, Manama, Bahrain')
    expect(locationIn(english, seef, 'ar')).toBe('السيف، البحرين')
    const arabic = { city: 'المنامة', country: 'BH' }
    const juffair = { en: 'Juffair', ar: 'الجفير' }
    expect(locationIn(arabic, juffair, 'ar')).toBe('الجفير، المنامة، البحرين')
    expect(locationIn(arabic, juffair, 'en')).toBe('Juffair, Bahrain')
    // An older application's country as typed.
    expect(locationIn({ ...english, country: 'Bahrain' }, seef, 'en')).toBe('Seef, Manama, Bahrain')
  })

  it('gives each pass its type, its names in their languages and an id unique within the venue', () => {
    const passes = draftPasses([
      { option: 'poolOnly', priceFils: 8500 },
      { option: 'poolGym', priceFils: 15000, weekendPriceFils: 18000 },
      { option: 'kids', priceFils: 3000 },
      { option: 'other', label: 'Pool only', priceFils: 5000, passType: 'Adult' },
      // Older applications: no type was asked, so the name tells it.
      { option: 'other', label: 'تذكرة الأطفال', priceFils: 4000 },
      { option: 'other', label: 'Family Sunday', priceFils: 12000 },
    ])
    expect(passes).toEqual([
      {
        slug: 'pool-only',
        passType: 'Pool',
        nameEn: 'Pool only',
        nameAr: 'المسبح فقط',
        weekdayPriceFils: 8500,
        weekendPriceFils: null,
      },
      {
        slug: 'pool-gym',
        passType: 'Fitness',
        nameEn: 'Pool & gym',
        nameAr: 'المسبح والنادي الرياضي',
        weekdayPriceFils: 15000,
        weekendPriceFils: 18000,
      },
      {
        slug: 'kids-pass',
        passType: 'Kids',
        nameEn: 'Kids’ pass',
        nameAr: 'تذكرة الأطفال',
        weekdayPriceFils: 3000,
        weekendPriceFils: null,
      },
      {
        slug: 'pool-only-2',
        passType: 'Adult',
        nameEn: 'Pool only',
        nameAr: '',
        weekdayPriceFils: 5000,
        weekendPriceFils: null,
      },
      {
        slug: 'other',
        passType: 'Kids',
        nameEn: '',
        nameAr: 'تذكرة الأطفال',
        weekdayPriceFils: 4000,
        weekendPriceFils: null,
      },
      {
        slug: 'family-sunday',
        passType: 'Family',
        nameEn: 'Family Sunday',
        nameAr: '',
        weekdayPriceFils: 12000,
        weekendPriceFils: null,
      },
    ])
  })
})
