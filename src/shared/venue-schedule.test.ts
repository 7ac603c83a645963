import { describe, expect, it } from 'vitest'
import { dateExceptionBodySchema, dateExceptionFormSchema, weeklyHoursFormSchema } from './venue-schedule.ts'

const codes = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? [])
const week = (hours: number[]) => Array.from({ length: 7 }, () => hours)

describe('weeklyHoursFormSchema', () => {
  it('takes seven days of distinct hours 0 to 23 and 1 to 500 places; confirm defaults to false', () => {
    const parsed = weeklyHoursFormSchema.parse({
      weeklyHours: [[], ...week([0, 23]).slice(1)],
      capacityPerSlot: 500,
    })
    expect(parsed.confirm).toBe(false)
  })

  it('refuses anything else with a code', () => {
    expect(
      codes(weeklyHoursFormSchema.safeParse({ weeklyHours: week([8]).slice(1), capacityPerSlot: 1 })),
    ).toEqual(['WEEK_INVALID'])
    expect(codes(weeklyHoursFormSchema.safeParse({ weeklyHours: week([24]), capacityPerSlot: 1 }))).toContain(
      'HOURS_INVALID',
    )
    expect(
      codes(weeklyHoursFormSchema.safeParse({ weeklyHours: week([8.5]), capacityPerSlot: 1 })),
    ).toContain('HOURS_INVALID')
    expect(
      codes(weeklyHoursFormSchema.safeParse({ weeklyHours: week([8, 8]), capacityPerSlot: 1 })),
    ).toContain('HOURS_REPEATED')
    expect(codes(weeklyHoursFormSchema.safeParse({ weeklyHours: week([8]), capacityPerSlot: 0 }))).toEqual([
      'CAPACITY_RANGE',
    ])
    expect(codes(weeklyHoursFormSchema.safeParse({ weeklyHours: week([8]), capacityPerSlot: 501 }))).toEqual([
      'CAPACITY_RANGE',
    ])
  })
})

describe('dateExceptionFormSchema', () => {
  // 20:59 UTC on 24 November is still the 24th in Bahrain; 21:00 UTC is the 25th.
  const lateOn24th = () => new Date('2026-11-24T20:59:00Z')
  const midnight = () => new Date('2026-11-24T21:00:00Z')
  const closure = { closedAllDay: true, closedHours: [], capacity: null }

  it('judges the date in Bahrain time: today is allowed, yesterday is not, nor over a year ahead', () => {
    expect(dateExceptionFormSchema(lateOn24th).safeParse({ ...closure, date: '2026-11-24' }).success).toBe(
      true,
    )
    expect(codes(dateExceptionFormSchema(midnight).safeParse({ ...closure, date: '2026-11-24' }))).toEqual([
      'EXCEPTION_DATE_PAST',
    ])
    expect(dateExceptionFormSchema(midnight).safeParse({ ...closure, date: '2027-11-25' }).success).toBe(true)
    expect(codes(dateExceptionFormSchema(midnight).safeParse({ ...closure, date: '2027-11-26' }))).toEqual([
      'EXCEPTION_DATE_TOO_FAR',
    ])
    expect(codes(dateExceptionFormSchema(midnight).safeParse({ ...closure, date: '' }))[0]).toBe(
      'DATE_REQUIRED',
    )
  })

  it('must change something: close the day, some hours, or set the places (0 included)', () => {
    const none = { closedAllDay: false, closedHours: [], capacity: null }
    expect(codes(dateExceptionBodySchema.safeParse(none))).toEqual(['EXCEPTION_NO_CHANGE'])
    expect(dateExceptionBodySchema.safeParse({ ...none, closedHours: [10] }).success).toBe(true)
    expect(dateExceptionBodySchema.safeParse({ ...none, capacity: 0 }).success).toBe(true)
    expect(codes(dateExceptionBodySchema.safeParse({ ...none, capacity: 501 }))).toContain(
      'EXCEPTION_CAPACITY_RANGE',
    )
    expect(codes(dateExceptionBodySchema.safeParse({ ...closure, note: 'x'.repeat(201) }))).toEqual([
      'NOTE_TOO_LONG',
    ])
    expect(codes(dateExceptionBodySchema.safeParse({ ...closure, extra: 1 }))).toHaveLength(1)
  })
})
