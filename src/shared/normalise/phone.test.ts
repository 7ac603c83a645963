import { describe, expect, it } from 'vitest'
import { E } from '../errors.ts'
import { formatPhone, normalisePhone, phoneSchema } from './phone.ts'

describe('phone numbers as people write them', () => {
  it('stores the ways a Bahraini mobile is written as one E.164 number', () => {
    for (const written of [
      '+97336123456',
      '+973 3612 3456',
      '36123456',
      '3612 3456',
      '00973 36123456',
      '973 3612 3456',
      '+973-3612-3456',
      '3612-3456',
      '(+973) 3612 3456',
      '+٩٧٣ ٣٦١٢ ٣٤٥٦',
      '٣٦١٢٣٤٥٦',
      '۳۶۱۲۳۴۵۶',
      ' ＋973 3612 3456 ',
    ])
      expect(normalisePhone(written), written).toBe('+97336123456')
  })

  it('takes other countries’ numbers with their code', () => {
    expect(normalisePhone('+44 20 7946 0958')).toBe('+442079460958')
    expect(normalisePhone('0044 20 7946 0958')).toBe('+442079460958')
    expect(normalisePhone('+966 50 123 4567')).toBe('+966501234567')
  })

  it('refuses what is not a phone number', () => {
    for (const wrong of [
      '',
      '12345',
      '3612345',
      '361234567',
      '+973 3612 34567',
      '+97336123456x',
      'call 36123456',
      '36123456 ext. 12',
      'abc',
      '+',
    ])
      expect(normalisePhone(wrong), wrong).toBeUndefined()
  })

  it('shows a stored number in international form, and other text as it is', () => {
    expect(formatPhone('+97336123456')).toBe('+973 3612 3456')
    expect(formatPhone('+442079460958')).toBe('+44 20 7946 0958')
    expect(formatPhone('')).toBe('')
    expect(formatPhone('not a number')).toBe('not a number')
  })

  it('says what is wrong with a number, in the visitor’s words', () => {
    const schema = phoneSchema({ required: E.MOBILE_REQUIRED, invalid: E.GUEST_MOBILE_INVALID })
    const problem = (typed: string) => schema.safeParse(typed).error?.issues[0]?.message
    // The hint's "3612 3456" with a digit missing is too short, not a number wanting its country code.
    for (const short of ['3612 345', '٣٦١٢ ٣٤٥', '1700', '+973 3612 345', '00973 33123'])
      expect(problem(short), short).toBe('PHONE_TOO_SHORT')
    for (const long of ['3612 34567', '+973 3612 34567', '٣٦١٢ ٣٤٥٦٧'])
      expect(problem(long), long).toBe('PHONE_TOO_LONG')
    // Eight digits no Bahraini number starts with.
    for (const notBahraini of ['2612 3456', '4612 3456'])
      expect(problem(notBahraini), notBahraini).toBe('PHONE_NOT_BAHRAINI')
    // Another country's number written without its code: Bahrain's numbers never start with 0.
    for (const foreign of ['050 123 4567', '020 7946 0958', '966 50 123 4567'])
      expect(problem(foreign), foreign).toBe('PHONE_NEEDS_COUNTRY_CODE')
    // What is not a number at all keeps the field's own code.
    for (const wrong of ['3612 34ab', '36123456 ext. 12', '+', '+44 20 7946 095'])
      expect(problem(wrong), wrong).toBe('GUEST_MOBILE_INVALID')
  })

  it('gives forms E.164, or the field’s own codes', () => {
    const required = phoneSchema({ required: E.MOBILE_REQUIRED, invalid: E.GUEST_MOBILE_INVALID })
    expect(required.parse('+973 3612 3456')).toBe('+97336123456')
    expect(required.safeParse('').error?.issues[0]?.message).toBe('MOBILE_REQUIRED')
    expect(required.safeParse('  ').error?.issues[0]?.message).toBe('MOBILE_REQUIRED')
    expect(required.safeParse('12ab').error?.issues[0]?.message).toBe('GUEST_MOBILE_INVALID')
    expect(required.safeParse(36123456).error?.issues[0]?.message).toBe('MOBILE_REQUIRED')
    const optional = phoneSchema({ invalid: E.MOBILE_INVALID })
    expect(optional.parse('')).toBe('')
    expect(optional.parse('00973 36123456')).toBe('+97336123456')
    expect(optional.safeParse('12ab').error?.issues[0]?.message).toBe('MOBILE_INVALID')
    expect(optional.safeParse('1234').error?.issues[0]?.message).toBe('PHONE_TOO_SHORT')
  })
})
