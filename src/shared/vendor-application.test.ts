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
    ['٣', ''],
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
      venueType: 'Please choose the venue type',
      facilityItem: 'Please choose the facility',
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
      venueName: 'Venue name is required',
      venueEmail: 'Venue email is required',
      contactFirstName: 'Contact first name is required',
      contactLastName: 'Contact last name is required',
      availableStartDate: 'Start date is required',
      availableEndDate: 'End date is required',
      startTime: 'Start time is required',
      endTime: 'End time is required',
      area: 'Area is required',
      city: 'City is required',
      country: 'Country is required',
    })
  })

  it('wants an e-mail address for the venue', () => {
    expect(problems(application({ venueEmail: 'front desk' }))).toEqual({
      venueEmail: 'Please enter a valid email address',
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
      'dayPasses.poolOnly.price': 'Please enter a price for this pass',
      'dayPasses.gymOnly.price': 'The price must be more than BD 0.000',
      'dayPasses.poolGym.price': 'Please enter a price in BD, such as 12.500',
    })
    expect(dayPassOptions).toHaveLength(7)
  })

  it('asks for both the name and the price of the other pass, or neither', () => {
    expect(problems(application({ otherPass: { name: 'Family swim', price: '' } }))).toEqual({
      'otherPass.price': 'Please enter a price for this pass',
    })
    expect(problems(application({ otherPass: { name: '', price: '4' } }))).toEqual({
      'otherPass.name': 'Please name the other pass',
    })
  })

  it('wants the other facility described when Other is chosen', () => {
    expect(problems(application({ facilityOptions: ['Spa', 'Other'] }))).toEqual({
      otherFacilityOption: 'Please describe the other facility',
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
      availableStartDate: 'The start date cannot be in the past',
    })
    expect(
      problems(application({ availableStartDate: '2026-03-11', availableEndDate: '2026-03-11' })),
    ).toEqual({})
    expect(
      problems(application({ availableStartDate: '2026-04-02', availableEndDate: '2026-04-01' })),
    ).toEqual({
      availableEndDate: 'The end date cannot be before the start date',
    })
    expect(problems(application({ availableStartDate: '2026-02-30' }))).toEqual({
      availableStartDate: 'Please enter a valid date (dd/mm/yyyy)',
    })
  })

  it('offers 24 hourly times and wants the end after the start', () => {
    expect(hourlyTimes).toHaveLength(24)
    expect([hourlyTimes[0], hourlyTimes[23]]).toEqual(['00:00', '23:00'])
    expect(problems(application({ startTime: '09:00', endTime: '09:00' }))).toEqual({
      endTime: 'The end time must be after the start time',
    })
    expect(problems(application({ startTime: '09:30' }))).toEqual({ startTime: 'Start time is required' })
  })

  it('shows cross-field messages together with the others', () => {
    expect(
      problems(
        application({ venueName: '', startTime: '10:00', endTime: '08:00', facilityOptions: ['Other'] }),
      ),
    ).toEqual({
      venueName: 'Venue name is required',
      endTime: 'The end time must be after the start time',
      otherFacilityOption: 'Please describe the other facility',
    })
  })

  it('refuses unknown fields', () => {
    expect(problems({ ...application(), status: 'approved' })).toHaveProperty([''])
  })
})
