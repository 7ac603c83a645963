import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { vendorApplicationInput } from '../../../tests/support/vendor-application.ts'
import { parseDisplayDate } from '../bahrain-time.ts'
import {
  guestDetailsSchema,
  orderGuestSchema,
  sanitizeOtpInput,
  verifyCodeRequestSchema,
} from '../checkout.ts'
import { parseBhdToFils } from '../money.ts'
import { registrationSchema } from '../registration.ts'
import { contactSettingsSchema } from '../team.ts'
import { chosenPasses, vendorApplicationSchema } from '../vendor-application.ts'
import { parseCoordinate, passFormSchema, passPricesFils } from '../venue-admin.ts'

/**
 * The shared forms, which the browser and the server both check, read input as people in Bahrain
 * type it: these are the fields the normalisers serve.
 */
const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message

describe('mobile numbers in the shared forms', () => {
  const guest = {
    firstName: 'Sara',
    lastName: 'Ali',
    email: 'sara@example.com',
    confirmEmail: 'sara@example.com',
  }

  it('the guest’s details store E.164 whichever way the number is written', () => {
    for (const mobileNumber of ['+973 3612 3456', '36123456', '00973 36123456', '3612-3456', '+٩٧٣٣٦١٢٣٤٥٦'])
      expect(guestDetailsSchema.parse({ ...guest, mobileNumber }).mobileNumber, mobileNumber).toBe(
        '+97336123456',
      )
    const order = orderGuestSchema.parse({
      firstName: 'Sara',
      lastName: 'Ali',
      email: 'sara@example.com',
      mobileNumber: '+973 3612 3456',
      proof: 'p',
    })
    expect(order.mobileNumber).toBe('+97336123456')
  })

  it('the guest’s details say none given, too short, or not a number', () => {
    expect(firstMessage(guestDetailsSchema.safeParse({ ...guest, mobileNumber: '' }))).toBe('MOBILE_REQUIRED')
    expect(firstMessage(guestDetailsSchema.safeParse({ ...guest, mobileNumber: '3612' }))).toBe(
      'PHONE_TOO_SHORT',
    )
    expect(firstMessage(guestDetailsSchema.safeParse({ ...guest, mobileNumber: '3612 abcd' }))).toBe(
      'GUEST_MOBILE_INVALID',
    )
  })

  it('registration takes the optional number the same way', () => {
    const form = {
      firstName: 'Sara',
      lastName: 'Ali',
      email: 'sara@example.com',
      confirmEmail: 'sara@example.com',
      password: 'a long enough passphrase',
      confirmPassword: 'a long enough passphrase',
    }
    expect(registrationSchema.parse({ ...form, mobileNumber: '٣٦١٢ ٣٤٥٦' }).mobileNumber).toBe('+97336123456')
    expect(registrationSchema.parse(form).mobileNumber).toBe('')
    expect(firstMessage(registrationSchema.safeParse({ ...form, mobileNumber: '12' }))).toBe(
      'PHONE_TOO_SHORT',
    )
  })

  it('the team’s support line too', () => {
    expect(contactSettingsSchema.parse({ email: 'help@daypass.bh', phone: '1700 0000' }).phone).toBe(
      '+97317000000',
    )
  })
})

describe('digits in the shared forms', () => {
  it('the e-mailed code, typed or pasted in Arabic-Indic or Persian digits', () => {
    expect(sanitizeOtpInput('٤٨٢٩١٠')).toBe('482910')
    expect(sanitizeOtpInput('۴۸۲ ۹۱۰')).toBe('482910')
    expect(verifyCodeRequestSchema.parse({ email: 'sara@example.com', code: '٤٨٢٩١٠' }).code).toBe('482910')
    expect(firstMessage(verifyCodeRequestSchema.safeParse({ email: 'sara@example.com', code: '٤٨٢٩' }))).toBe(
      'INVALID_CODE',
    )
  })

  it('dates typed as dd/mm/yyyy', () => {
    expect(parseDisplayDate('١٦/١٢/٢٠٢٦')).toBe('2026-12-16')
    expect(parseDisplayDate('۱۶/۱۲/۲۰۲۶')).toBe('2026-12-16')
    expect(parseDisplayDate('٣١/٠٢/٢٠٢٦')).toBeUndefined()
  })

  it('prices, with the Arabic decimal separator', () => {
    expect(parseBhdToFils('١٤٫٢٥٠')).toBe(14250)
    expect(parseBhdToFils('۹.۵')).toBe(9500)
    const pass = {
      type: 'Gym',
      nameEn: 'Gym Day Pass',
      nameAr: 'تذكرة يومية',
      descriptionEn: '',
      descriptionAr: '',
      weekdayPrice: '١٤٫٠٠٠',
      weekendPrice: '۱۶',
      holidayPrice: '',
    }
    const form = passFormSchema.parse(pass)
    expect(form.weekdayPrice).toBe('14.000')
    expect(passPricesFils(form)).toEqual({
      weekdayPriceFils: 14000,
      weekendPriceFils: 16000,
      holidayPriceFils: null,
    })
  })

  it('a venue’s coordinates', () => {
    expect(parseCoordinate('٢٦٫٢٢٣٥', 90)).toBe(26.2235)
    expect(parseCoordinate('۵۰.۵۸۶', 180)).toBe(50.586)
  })

  describe('the vendor application', () => {
    beforeEach(() => vi.useFakeTimers({ now: new Date('2026-03-10T09:00:00Z'), toFake: ['Date'] }))
    afterEach(() => vi.useRealTimers())

    it('takes prices and dates in Arabic-Indic digits', () => {
      const base = vendorApplicationInput()
      const form = vendorApplicationSchema.parse({
        ...base,
        dayPasses: { ...base.dayPasses, poolOnly: { selected: true, price: '٨٫٥', weekendPrice: '١٠' } },
        availableStartDate: '٢٠٢٦-٠٣-٢٠',
        availableEndDate: '۲۰۲۶-۰۹-۳۰',
      })
      expect(chosenPasses(form)[0]).toEqual({ option: 'poolOnly', priceFils: 8500, weekendPriceFils: 10_000 })
      expect([form.availableStartDate, form.availableEndDate]).toEqual(['2026-03-20', '2026-09-30'])
    })
  })
})
