import { describe, expect, it } from 'vitest'
import { formatBhd, localizeBhd, parseBhdToFils } from './money.ts'

describe('money', () => {
  it('formats fils as BD with three decimals', () => {
    expect(formatBhd(14000)).toBe('BD 14.000')
    expect(formatBhd(10500)).toBe('BD 10.500')
    expect(formatBhd(5)).toBe('BD 0.005')
    expect(formatBhd(0)).toBe('BD 0.000')
    expect(() => formatBhd(1.5)).toThrow(RangeError)
  })

  it('writes the dinar as Bahrain does in Arabic: the amount, then د.ب', () => {
    expect(formatBhd(14000, 'ar')).toBe('14.000 د.ب')
    expect(formatBhd(14000, 'en')).toBe('BD 14.000')
    expect(localizeBhd('BD 14.000', 'ar')).toBe('14.000 د.ب')
    expect(localizeBhd('BD 14.000', 'en')).toBe('BD 14.000')
    expect(localizeBhd('-BD 0.500', 'ar')).toBe('-0.500 د.ب')
    expect(localizeBhd('Free', 'ar')).toBe('Free')
  })

  it('parses typed prices to fils', () => {
    expect(parseBhdToFils('14')).toBe(14000)
    expect(parseBhdToFils('14.5')).toBe(14500)
    expect(parseBhdToFils(' 14.250 ')).toBe(14250)
    expect(parseBhdToFils('14.2505')).toBeUndefined()
    expect(parseBhdToFils('1,000')).toBeUndefined()
    expect(parseBhdToFils('')).toBeUndefined()
  })
})
