import { describe, expect, it } from 'vitest'
import { typedDigits, typedNumber, westernDigits, westernNumber } from './digits.ts'

describe('digits as people type them', () => {
  it('reads Arabic-Indic and Persian digits as 0–9 and leaves the rest', () => {
    expect(westernDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789')
    expect(westernDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789')
    expect(westernDigits('+٩٧٣ ۳۶۱۲-3456')).toBe('+973 3612-3456')
    expect(westernDigits('DP-58J9 أحمد')).toBe('DP-58J9 أحمد')
  })

  it('reads the Arabic decimal separator as a point and drops its thousands separator', () => {
    expect(westernNumber('١٢٫٥٠٠')).toBe('12.500')
    expect(westernNumber('١٬٠٠٠')).toBe('1000')
    expect(westernNumber('12.5')).toBe('12.5')
  })

  it('hands zod the text with its digits read, and anything else untouched', () => {
    expect(typedDigits('٤٨٢٩١٠')).toBe('482910')
    expect(typedDigits(42 as unknown as string)).toBe(42)
    expect(typedDigits(undefined as unknown as string)).toBe(undefined)
  })

  it('turns a typed number into a number, and anything else into NaN', () => {
    expect(typedNumber('٢٠')).toBe(20)
    expect(typedNumber(' ۱۵٫۵ ')).toBe(15.5)
    expect(typedNumber('12.25')).toBe(12.25)
    expect(typedNumber(7)).toBe(7)
    for (const wrong of ['', '  ', '1e3', '12abc', '1,5', null, undefined])
      expect(typedNumber(wrong), String(wrong)).toBeNaN()
  })
})
