import { describe, expect, it } from 'vitest'
import { filsToUsdCents, usdCentsToString, usdStringToCents } from './usd.ts'

const usdAmountForFils = (fils: number) => usdCentsToString(filsToUsdCents(fils))

describe('US dollars for PayPal', () => {
  it('converts to USD at 2.65, rounded to cents', () => {
    expect(usdAmountForFils(10000)).toBe('26.50')
    expect(usdAmountForFils(14250)).toBe('37.76') // 37.7625
    expect(usdAmountForFils(1)).toBe('0.00')
    expect(usdAmountForFils(2)).toBe('0.01') // 0.0053
  })

  it('rounds a price of BD 13.335 up from half a cent, each visit on its own', () => {
    expect(filsToUsdCents(13335)).toBe(3534) // 35.33775
    expect(filsToUsdCents(3 * 13335)).toBe(10601) // 106.01325: less than 3 × 35.34
    expect(filsToUsdCents(100)).toBe(27) // 0.265
  })

  it('reads PayPal’s amounts back as whole cents', () => {
    expect(usdStringToCents('26.50')).toBe(2650)
    expect(usdStringToCents('37.76')).toBe(3776)
    expect(usdStringToCents('0.01')).toBe(1)
    expect(usdStringToCents(usdCentsToString(10601))).toBe(10601)
  })
})
