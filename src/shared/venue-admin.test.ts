import { describe, expect, it } from 'vitest'
import { passFormSchema, passPricesFils, venueDetailsSchema } from './venue-admin.ts'

const pass = {
  type: 'Gym',
  nameEn: 'Gym Day Pass',
  nameAr: 'تذكرة يومية',
  descriptionEn: '',
  descriptionAr: '',
  weekdayPrice: '14.000',
  weekendPrice: '',
  holidayPrice: '',
}

const details = {
  nameEn: 'Seef Tower Fitness',
  nameAr: '',
  descriptionEn: '',
  descriptionAr: '',
  areaId: 'seef',
  locationEn: '',
  locationAr: '',
  latitude: '',
  longitude: '',
  rating: 4,
  payAtVenueOnly: false,
  venueType: 'hotel',
}

const fieldErrors = (result: {
  success: boolean
  error?: { issues: { path: PropertyKey[]; message: string }[] }
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]))

describe('the pass form', () => {
  it('takes prices typed in BD with up to 3 decimals, and gives them in fils', () => {
    const form = passFormSchema.parse({
      ...pass,
      weekdayPrice: ' 9.5 ',
      weekendPrice: '12',
      holidayPrice: '1000',
    })
    expect(passPricesFils(form)).toEqual({
      weekdayPriceFils: 9500,
      weekendPriceFils: 12000,
      holidayPriceFils: 1_000_000,
    })
    expect(passPricesFils(passFormSchema.parse(pass))).toEqual({
      weekdayPriceFils: 14000,
      weekendPriceFils: null,
      holidayPriceFils: null,
    })
  })

  it('refuses more than 3 decimals, zero, negatives, other notations and more than BD 1000', () => {
    for (const [price, code] of [
      ['14.0001', 'PRICE_INVALID'],
      ['0', 'PRICE_ZERO'],
      ['0.000', 'PRICE_ZERO'],
      ['-1', 'PRICE_INVALID'],
      ['1e3', 'PRICE_INVALID'],
      ['1,5', 'PRICE_INVALID'],
      ['1000.001', 'PRICE_TOO_HIGH'],
      ['', 'PRICE_REQUIRED'],
    ])
      expect(fieldErrors(passFormSchema.safeParse({ ...pass, weekdayPrice: price })), price).toEqual({
        weekdayPrice: code,
      })
    expect(fieldErrors(passFormSchema.safeParse({ ...pass, weekendPrice: '0' }))).toEqual({
      weekendPrice: 'PRICE_ZERO',
    })
  })
})

describe('the venue details form', () => {
  it('defaults the cancellation notice to 24 hours and takes coordinates both or neither', () => {
    expect(venueDetailsSchema.parse(details).cancellationNoticeHours).toBe(24)
    expect(
      venueDetailsSchema.safeParse({ ...details, latitude: '26.2235', longitude: '50.5876' }).success,
    ).toBe(true)
    expect(fieldErrors(venueDetailsSchema.safeParse({ ...details, latitude: '26.2235' }))).toEqual({
      longitude: 'COORDINATES_BOTH',
    })
    expect(
      fieldErrors(venueDetailsSchema.safeParse({ ...details, latitude: '-91', longitude: '181' })),
    ).toEqual({
      latitude: 'COORDINATES_INVALID',
      longitude: 'COORDINATES_INVALID',
    })
  })

  it('keeps the rating within 1 to 5 and the notice within 0 to 720 hours', () => {
    expect(
      fieldErrors(venueDetailsSchema.safeParse({ ...details, rating: 0, cancellationNoticeHours: 721 })),
    ).toEqual({
      rating: 'RATING_RANGE',
      cancellationNoticeHours: 'NOTICE_HOURS_RANGE',
    })
    expect(
      fieldErrors(venueDetailsSchema.safeParse({ ...details, rating: 4.5, cancellationNoticeHours: -1 })),
    ).toEqual({
      rating: 'RATING_RANGE',
      cancellationNoticeHours: 'NOTICE_HOURS_RANGE',
    })
  })
})
