import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { vendorApplicationInput } from '../../tests/support/vendor-application.ts'
import {
  chosenPasses,
  dayPassOptions,
  describePass,
  hourlyTimes,
  sanitizePriceInput,
  storedPassType,
  vendorApplicationSchema,
} from './vendor-application.ts'

describe('sanitizePriceInput', () => {
  it.each([
    ['12a.3.456', '12.345'],
    ['1.2345', '1.234'],
    ['14', '14'],
    ['14.', '14.'],
    ['BD 7.500', '7.500'],
    ['٣', '3'],
    ['١٢٫٥٠٠', '12.500'],
    ['۷.۵', '7.5'],
    ['-5', '5'],
    ['1e3', '13'],
    ['..5', '.5'],
    ['', ''],
  ])('turns %j into %j', (typed, kept) => {
    expect(sanitizePriceInput(typed)).toBe(kept)
  })
})

const application = vendorApplicationInput

/** The message per field of a refused application, as the server's 400 would carry them. */
function problems(input: unknown): Record<string, string> {
  const result = vendorApplicationSchema.safeParse(input)
  const fields: Record<string, string> = {}
  for (const issue of result.error?.issues ?? []) fields[issue.path.join('.')] ??= issue.message
  return fields
}

describe('vendorApplicationSchema', () => {
  // 2026-03-10 20:30 UTC is already 11 March in Bahrain (UTC+3).
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-03-10T21:30:00Z'), toFake: ['Date'] }))
  afterEach(() => vi.useRealTimers())

  it('accepts a complete application and prices its passes in fils', () => {
    const form = vendorApplicationSchema.parse(
      application({
        dayPasses: { ...application().dayPasses, kids: { selected: true, price: '3', weekendPrice: '٤' } },
        otherPass: { name: 'Ladies-only hour', price: '6.25', type: 'Adult' },
      }),
    )
    expect(chosenPasses(form)).toEqual([
      { option: 'poolOnly', priceFils: 8500, weekendPriceFils: null },
      { option: 'gymOnly', priceFils: 10000, weekendPriceFils: null },
      { option: 'kids', priceFils: 3000, weekendPriceFils: 4000 },
      {
        option: 'other',
        label: 'Ladies-only hour',
        priceFils: 6250,
        weekendPriceFils: null,
        passType: 'Adult',
      },
    ])
    expect(form.contactPhone).toBe('+97336123456')
    expect(describePass({ option: 'poolGym', priceFils: 12345 })).toEqual({
      option: 'poolGym',
      label: 'Pool & gym',
      passType: 'Fitness',
      priceFils: 12345,
      price: 'BD 12.345',
      weekendPriceFils: null,
      weekendPrice: null,
    })
  })

  it('types an older application’s own pass from its name: «تذكرة الأطفال» is for kids', () => {
    expect(storedPassType({ option: 'other', label: 'تذكرة الأطفال', priceFils: 3000 })).toBe('Kids')
    expect(storedPassType({ option: 'other', label: 'Family Fun Day', priceFils: 3000 })).toBe('Family')
    expect(storedPassType({ option: 'other', label: 'Ladies swim', priceFils: 3000 })).toBe('Adult')
    // The owner's own choice wins over the name.
    expect(storedPassType({ option: 'other', label: 'Kids', passType: 'Family', priceFils: 1 })).toBe(
      'Family',
    )
  })

  it('takes the venue name in either language or both, and wants at least one', () => {
    expect(problems(application({ venueNameEn: '', venueNameAr: 'نادي السيف' }))).toEqual({})
    expect(problems(application({ venueNameEn: ' ', venueNameAr: '' }))).toEqual({
      venueNameEn: 'VENUE_NAME_REQUIRED',
      venueNameAr: 'VENUE_NAME_REQUIRED',
    })
  })

  it('reads the contact phone like the checkout does, and the country as a code from the list', () => {
    expect(problems(application({ contactPhone: '+973 3612 3456' }))).toEqual({})
    expect(problems(application({ contactPhone: '١٧٠٠ ٠٠٠٠' }))).toEqual({})
    expect(problems(application({ contactPhone: '' }))).toEqual({ contactPhone: 'CONTACT_PHONE_REQUIRED' })
    expect(problems(application({ contactPhone: '12' }))).toEqual({ contactPhone: 'PHONE_TOO_SHORT' })
    expect(problems(application({ contactPhone: '12ab' }))).toEqual({ contactPhone: 'CONTACT_PHONE_INVALID' })
    expect(problems(application({ country: 'SA' }))).toEqual({})
    expect(problems(application({ country: 'Bahrain' as 'BH' }))).toEqual({ country: 'COUNTRY_INVALID' })
  })

  it('lets the end date be left empty: the venue sells with no last date', () => {
    expect(problems(application({ availableEndDate: '' }))).toEqual({})
    expect(problems(application({ availableEndDate: undefined }))).toEqual({})
    expect(problems(application({ availableEndDate: '2026-02-30' }))).toEqual({
      availableEndDate: 'DATE_INVALID',
    })
  })

  it('names every required field with its own message', () => {
    expect(problems({ ...application(), venueType: undefined })).toEqual({
      venueType: 'VENUE_TYPE_REQUIRED',
    })
    const blank = application({
      venueNameEn: ' ',
      venueEmail: '',
      contactFirstName: '',
      contactLastName: '',
      contactPhone: '',
      availableStartDate: '',
      availableEndDate: '',
      areaId: '',
      city: '',
      country: '' as 'BH',
    })
    expect(problems({ ...blank, startTime: '', endTime: undefined })).toEqual({
      venueNameEn: 'VENUE_NAME_REQUIRED',
      venueNameAr: 'VENUE_NAME_REQUIRED',
      contactPhone: 'CONTACT_PHONE_REQUIRED',
      venueEmail: 'VENUE_EMAIL_REQUIRED',
      contactFirstName: 'CONTACT_FIRST_NAME_REQUIRED',
      contactLastName: 'CONTACT_LAST_NAME_REQUIRED',
      availableStartDate: 'START_DATE_REQUIRED',
      startTime: 'START_TIME_REQUIRED',
      endTime: 'END_TIME_REQUIRED',
      areaId: 'AREA_REQUIRED',
      city: 'CITY_REQUIRED',
      country: 'COUNTRY_INVALID',
    })
  })

  it('wants an e-mail address for the venue', () => {
    expect(problems(application({ venueEmail: 'front desk' }))).toEqual({
      venueEmail: 'EMAIL_INVALID',
    })
  })

  it('needs a price above zero for each chosen pass, and ignores the price of one not chosen', () => {
    const passes = application().dayPasses
    expect(
      problems(
        application({
          dayPasses: {
            ...passes,
            poolOnly: { selected: true, price: '' },
            gymOnly: { selected: true, price: '0.000' },
            poolGym: { selected: true, price: '1.2345' },
            beachAccess: { selected: false, price: '99' },
          },
        }),
      ),
    ).toEqual({
      'dayPasses.poolOnly.price': 'PRICE_REQUIRED',
      'dayPasses.gymOnly.price': 'PRICE_ZERO',
      'dayPasses.poolGym.price': 'PRICE_INVALID',
    })
    expect(dayPassOptions).toHaveLength(9)
  })

  it('asks for both the name and the price of the other pass, or neither', () => {
    expect(problems(application({ otherPass: { name: 'Family swim', price: '', type: 'Family' } }))).toEqual({
      'otherPass.price': 'PRICE_REQUIRED',
    })
    expect(problems(application({ otherPass: { name: 'تذكرة الأطفال', price: '3' } }))).toEqual({
      'otherPass.type': 'OTHER_PASS_TYPE_REQUIRED',
    })
    expect(problems(application({ otherPass: { name: '', price: '4' } }))).toEqual({
      'otherPass.name': 'OTHER_PASS_NAME_REQUIRED',
    })
  })

  it('takes any facilities from the list, none required, each once', () => {
    expect(problems(application({ facilities: [] }))).toEqual({})
    expect(problems(application({ facilities: ['pool', 'women-only-hours'] }))).toEqual({})
    expect(problems(application({ facilities: ['Helipad' as 'spa'] }))).toEqual({
      'facilities.0': 'FACILITY_INVALID',
    })
    expect(problems(application({ facilities: ['pool', 'pool'] }))).toEqual({
      facilities: 'FACILITY_REPEATED',
    })
  })

  it('starts no earlier than today in Bahrain and ends no earlier than it starts', () => {
    expect(problems(application({ availableStartDate: '2026-03-10' }))).toEqual({
      availableStartDate: 'START_DATE_PAST',
    })
    expect(
      problems(application({ availableStartDate: '2026-03-11', availableEndDate: '2026-03-11' })),
    ).toEqual({})
    expect(
      problems(application({ availableStartDate: '2026-04-02', availableEndDate: '2026-04-01' })),
    ).toEqual({
      availableEndDate: 'END_BEFORE_START',
    })
    expect(problems(application({ availableStartDate: '2026-02-30' }))).toEqual({
      availableStartDate: 'DATE_INVALID',
    })
  })

  it('offers 24 hourly times and wants the end after the start', () => {
    expect(hourlyTimes).toHaveLength(24)
    expect([hourlyTimes[0], hourlyTimes[23]]).toEqual(['00:00', '23:00'])
    expect(problems(application({ startTime: '09:00', endTime: '09:00' }))).toEqual({
      endTime: 'END_TIME_NOT_AFTER_START',
    })
    expect(problems(application({ startTime: '09:30' }))).toEqual({ startTime: 'START_TIME_REQUIRED' })
  })

  it('shows cross-field messages together with the others', () => {
    expect(
      problems(application({ venueNameEn: '', startTime: '10:00', endTime: '08:00', country: 'XX' as 'BH' })),
    ).toEqual({
      venueNameEn: 'VENUE_NAME_REQUIRED',
      venueNameAr: 'VENUE_NAME_REQUIRED',
      endTime: 'END_TIME_NOT_AFTER_START',
      country: 'COUNTRY_INVALID',
    })
  })

  it('refuses unknown fields', () => {
    expect(problems({ ...application(), status: 'approved' })).toHaveProperty([''])
  })
})
