import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { vendorApplicationInput } from '../../tests/support/vendor-application.ts'
import {
  chosenPasses,
  dayPassOptions,
  describePass,
  hourlyTimes,
  sanitizePriceInput,
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
      application({ otherPass: { name: 'Ladies-only hour', price: '6.25' } }),
    )
    expect(chosenPasses(form)).toEqual([
      { option: 'poolOnly', priceFils: 8500 },
      { option: 'gymOnly', priceFils: 10000 },
      { option: 'other', label: 'Ladies-only hour', priceFils: 6250 },
    ])
    expect(describePass({ option: 'poolGym', priceFils: 12345 })).toEqual({
      option: 'poolGym',
      label: 'Pool & gym',
      priceFils: 12345,
      price: 'BD 12.345',
    })
  })

  it('names every required field with its own message', () => {
    expect(problems({ ...application(), venueType: undefined, facilityItem: null })).toEqual({
      venueType: 'VENUE_TYPE_REQUIRED',
      facilityItem: 'FACILITY_REQUIRED',
    })
    const blank = application({
      venueName: ' ',
      venueEmail: '',
      contactFirstName: '',
      contactLastName: '',
      availableStartDate: '',
      availableEndDate: '',
      area: '',
      city: '',
      country: '',
    })
    expect(problems({ ...blank, startTime: '', endTime: undefined })).toEqual({
      venueName: 'VENUE_NAME_REQUIRED',
      venueEmail: 'VENUE_EMAIL_REQUIRED',
      contactFirstName: 'CONTACT_FIRST_NAME_REQUIRED',
      contactLastName: 'CONTACT_LAST_NAME_REQUIRED',
      availableStartDate: 'START_DATE_REQUIRED',
      availableEndDate: 'END_DATE_REQUIRED',
      startTime: 'START_TIME_REQUIRED',
      endTime: 'END_TIME_REQUIRED',
      area: 'AREA_REQUIRED',
      city: 'CITY_REQUIRED',
      country: 'COUNTRY_REQUIRED',
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
    expect(dayPassOptions).toHaveLength(7)
  })

  it('asks for both the name and the price of the other pass, or neither', () => {
    expect(problems(application({ otherPass: { name: 'Family swim', price: '' } }))).toEqual({
      'otherPass.price': 'PRICE_REQUIRED',
    })
    expect(problems(application({ otherPass: { name: '', price: '4' } }))).toEqual({
      'otherPass.name': 'OTHER_PASS_NAME_REQUIRED',
    })
  })

  it('wants the other facility described when Other is chosen', () => {
    expect(problems(application({ facilityOptions: ['Spa', 'Other'] }))).toEqual({
      otherFacilityOption: 'OTHER_FACILITY_REQUIRED',
    })
    expect(problems(application({ facilityOptions: ['Other'], otherFacilityOption: 'Padel court' }))).toEqual(
      {},
    )
    expect(problems(application({ facilityOptions: ['Helipad' as 'Spa'] }))).toHaveProperty([
      'facilityOptions.0',
    ])
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
      problems(
        application({ venueName: '', startTime: '10:00', endTime: '08:00', facilityOptions: ['Other'] }),
      ),
    ).toEqual({
      venueName: 'VENUE_NAME_REQUIRED',
      endTime: 'END_TIME_NOT_AFTER_START',
      otherFacilityOption: 'OTHER_FACILITY_REQUIRED',
    })
  })

  it('refuses unknown fields', () => {
    expect(problems({ ...application(), status: 'approved' })).toHaveProperty([''])
  })
})
