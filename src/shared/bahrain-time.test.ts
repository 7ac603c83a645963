import { describe, expect, it } from 'vitest'
import {
  addDays,
  formatDisplayDate,
  hourInBahrain,
  isIsoDate,
  isWeekend,
  parseDisplayDate,
  todayInBahrain,
} from './bahrain-time.ts'

describe('Bahrain time', () => {
  it('counts the day in UTC+3, whatever the machine zone', () => {
    expect(todayInBahrain(new Date('2026-11-22T20:59:59Z'))).toBe('2026-11-22')
    expect(todayInBahrain(new Date('2026-11-22T21:00:00Z'))).toBe('2026-11-23')
    expect(hourInBahrain(new Date('2026-11-22T05:30:00Z'))).toBe(8)
  })

  it('knows Friday and Saturday are the weekend', () => {
    expect(isWeekend('2026-11-20')).toBe(true) // Friday
    expect(isWeekend('2026-11-21')).toBe(true) // Saturday
    expect(isWeekend('2026-11-22')).toBe(false) // Sunday
    expect(isWeekend('2026-11-26')).toBe(false) // Thursday
  })

  it('validates, shifts, shows and reads dates', () => {
    expect(isIsoDate('2028-02-29')).toBe(true)
    expect(isIsoDate('2027-02-29')).toBe(false)
    expect(isIsoDate('2026-1-01')).toBe(false)
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(formatDisplayDate('2026-12-16')).toBe('16/12/2026')
    expect(parseDisplayDate('16/12/2026')).toBe('2026-12-16')
    expect(parseDisplayDate('31/02/2026')).toBeUndefined()
    expect(parseDisplayDate('2026-12-16')).toBeUndefined()
  })
})
