import { describe, expect, it } from 'vitest'
import { isoDateSchema, isoMonthSchema } from './date-schemas.ts'

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message

describe('dates and months a request may name', () => {
  it('are the years 2000 to 2100, both included', () => {
    for (const date of ['2000-01-01', '2026-12-01', '2100-12-31'])
      expect(isoDateSchema.safeParse(date).success, date).toBe(true)
    for (const month of ['2000-01', '2100-12'])
      expect(isoMonthSchema.safeParse(month).success, month).toBe(true)
  })

  it('refuse a real date in another year as out of range, before the database sees it', () => {
    for (const date of ['0000-01-01', '1999-12-31', '2101-01-01', '9999-12-31'])
      expect(firstMessage(isoDateSchema.safeParse(date)), date).toBe('DATE_OUT_OF_RANGE')
    for (const month of ['0000-01', '9999-12'])
      expect(firstMessage(isoMonthSchema.safeParse(month)), month).toBe('DATE_OUT_OF_RANGE')
  })

  it('keep their own message for a date of the wrong form or one that does not exist', () => {
    expect(firstMessage(isoDateSchema.safeParse('1/12/2026'))).toBe('DATE_FORMAT')
    expect(firstMessage(isoDateSchema.safeParse('2026-02-30'))).toBe('INVALID_DATE')
    expect(isoDateSchema.safeParse('2026-02-30').error?.issues).toHaveLength(1)
    expect(firstMessage(isoMonthSchema.safeParse('2026-13'))).toBe('STATEMENT_MONTH_INVALID')
  })
})
