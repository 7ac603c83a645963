import { describe, expect, it } from 'vitest'
import {
  bookingHorizonDays,
  capacityOn,
  type DateException,
  defaultDayHours,
  fits,
  hourOf,
  hoursOn,
  isListed,
  type SlotVenue,
  slotStatus,
  weekdayHours,
} from './slot-rules.ts'

/** The slot rules alone: no database, no clock but the one each test gives. */
const venue = (overrides: Partial<SlotVenue> = {}): SlotVenue => ({
  status: 'published',
  weeklyHours: Array.from({ length: 7 }, () => defaultDayHours),
  capacityPerSlot: 10,
  ...overrides,
})
const exception = (overrides: Partial<DateException> = {}): DateException => ({
  closedAllDay: false,
  closedHours: [],
  capacity: null,
  ...overrides,
})
/** Tuesday 24 November 2026, 09:30 in Bahrain (UTC+3). */
const now = new Date('2026-11-24T06:30:00Z')

describe('hoursOn and weekdayHours', () => {
  it('reads the weekday’s hours, Sunday first', () => {
    const week = [[1], [2], [3], [4], [5], [6], [7]]
    // 2026-11-22 is a Sunday, 2026-11-28 a Saturday.
    expect(hoursOn(venue({ weeklyHours: week }), '2026-11-22')).toEqual([1])
    expect(hoursOn(venue({ weeklyHours: week }), '2026-11-24')).toEqual([3])
    expect(hoursOn(venue({ weeklyHours: week }), '2026-11-28')).toEqual([7])
  })

  it('leaves out a date’s closed hours, and every hour of a day closed all day', () => {
    expect(hoursOn(venue(), '2026-11-25', exception({ closedHours: [8, 19] }))).toEqual(range(9, 19))
    expect(hoursOn(venue(), '2026-11-25', exception({ closedAllDay: true }))).toEqual([])
  })

  it('weekdayHours keeps the closed hours (availability lists them as closed), in order', () => {
    expect(weekdayHours(venue({ weeklyHours: Array(7).fill([21, 6, 7]) }), '2026-11-25')).toEqual([6, 7, 21])
  })
})

describe('capacityOn, fits, hourOf, isListed', () => {
  it('takes a date’s own places over the venue’s, 0 included', () => {
    expect(capacityOn(venue())).toBe(10)
    expect(capacityOn(venue(), exception({ capacity: 3 }))).toBe(3)
    expect(capacityOn(venue(), exception({ capacity: 0 }))).toBe(0)
    expect(capacityOn(venue(), exception({ closedHours: [9] }))).toBe(10)
  })

  it('fits wanted places in what is left, at least one', () => {
    expect(fits(10, 9, 1)).toBe(true)
    expect(fits(10, 9, 2)).toBe(false)
    expect(fits(10, 0, 0)).toBe(false)
  })

  it('reads HH:00 times only', () => {
    expect(hourOf('00:00')).toBe(0)
    expect(hourOf('23:00')).toBe(23)
    expect(hourOf('24:00')).toBeUndefined()
    expect(hourOf('09:30')).toBeUndefined()
    expect(hourOf('9:00')).toBeUndefined()
  })

  it('lists published and coming-soon venues only', () => {
    expect(isListed('published')).toBe(true)
    expect(isListed('coming_soon')).toBe(true)
    expect(isListed('draft')).toBe(false)
    expect(isListed('suspended')).toBe(false)
  })
})

describe('slotStatus', () => {
  const problem = (...args: Parameters<typeof slotStatus>) => slotStatus(...args).problem

  it('opens a slot in the venue’s hours, with its places left', () => {
    expect(slotStatus(venue(), '2026-11-25', 10, now, { taken: 4 })).toEqual({
      state: 'open',
      problem: null,
      capacity: 10,
      remaining: 6,
    })
  })

  it('treats draft, suspended and unknown venues as not found', () => {
    expect(problem(venue({ status: 'draft' }), '2026-11-25', 10, now)).toBe('GYM_NOT_FOUND')
    expect(problem(venue({ status: 'suspended' }), '2026-11-25', 10, now)).toBe('GYM_NOT_FOUND')
    expect(problem(undefined, '2026-11-25', 10, now)).toBe('GYM_NOT_FOUND')
  })

  it('does not sell a coming-soon venue yet', () => {
    expect(slotStatus(venue({ status: 'coming_soon' }), '2026-11-25', 10, now)).toMatchObject({
      state: 'closed',
      problem: 'COMING_SOON',
    })
  })

  it('refuses dates that do not exist, times not on the hour, and dates past the horizon', () => {
    expect(problem(venue(), '2026-02-30', 10, now)).toBe('INVALID_DATE')
    expect(problem(venue(), '25/11/2026', 10, now)).toBe('INVALID_DATE')
    expect(problem(venue(), '2026-11-25', undefined, now)).toBe('INVALID_TIME')
    expect(problem(venue(), '2026-11-25', 24, now)).toBe('INVALID_TIME')
    expect(problem(venue(), '2026-11-25', 9.5, now)).toBe('INVALID_TIME')
    expect(bookingHorizonDays).toBe(365)
    expect(problem(venue(), '2027-11-24', 10, now)).toBeNull()
    expect(problem(venue(), '2027-11-25', 10, now)).toBe('DATE_TOO_FAR')
  })

  it('refuses the slot under way and earlier ones, in Bahrain time', () => {
    expect(problem(venue(), '2026-11-24', 9, now)).toBe('SLOT_PAST')
    expect(problem(venue(), '2026-11-24', 10, now)).toBeNull()
    expect(problem(venue(), '2026-11-23', 18, now)).toBe('SLOT_PAST')
  })

  it('turns the day at midnight in Bahrain, 21:00 UTC', () => {
    const allDay = venue({ weeklyHours: Array.from({ length: 7 }, () => range(0, 24)) })
    // 20:59 UTC on the 24th is 23:59 in Bahrain, still the 24th: its 23:00 slot is under way.
    const beforeMidnight = new Date('2026-11-24T20:59:00Z')
    expect(problem(allDay, '2026-11-24', 23, beforeMidnight)).toBe('SLOT_PAST')
    expect(problem(allDay, '2026-11-25', 0, beforeMidnight)).toBeNull()
    // 21:00 UTC is 00:00 on the 25th in Bahrain: the 25th's 00:00 slot has started.
    const midnight = new Date('2026-11-24T21:00:00Z')
    expect(problem(allDay, '2026-11-25', 0, midnight)).toBe('SLOT_PAST')
    expect(problem(allDay, '2026-11-25', 1, midnight)).toBeNull()
    // The horizon counts from Bahrain's today too.
    expect(problem(allDay, '2027-11-25', 1, beforeMidnight)).toBe('DATE_TOO_FAR')
    expect(problem(allDay, '2027-11-25', 1, midnight)).toBeNull()
  })

  it('closes hours the venue does not sell, hours and days it closed, and slots with no places', () => {
    expect(problem(venue(), '2026-11-25', 7, now)).toBe('SLOT_CLOSED')
    expect(problem(venue(), '2026-11-25', 20, now)).toBe('SLOT_CLOSED')
    expect(problem(venue(), '2026-11-25', 10, now, { exception: exception({ closedHours: [10] }) })).toBe(
      'SLOT_CLOSED',
    )
    expect(
      problem(venue(), '2026-11-25', 11, now, { exception: exception({ closedHours: [10] }) }),
    ).toBeNull()
    expect(problem(venue(), '2026-11-25', 11, now, { exception: exception({ closedAllDay: true }) })).toBe(
      'SLOT_CLOSED',
    )
    expect(
      slotStatus(venue(), '2026-11-25', 11, now, { exception: exception({ capacity: 0 }) }),
    ).toMatchObject({
      state: 'closed',
      problem: 'SLOT_CLOSED',
      remaining: 0,
    })
  })

  it('follows a change of hours: 06:00 to 22:00 sells the 21:00 slot', () => {
    const longer = venue({ weeklyHours: Array.from({ length: 7 }, () => range(6, 22)) })
    expect(problem(venue(), '2026-11-25', 21, now)).toBe('SLOT_CLOSED')
    expect(problem(longer, '2026-11-25', 21, now)).toBeNull()
    expect(problem(longer, '2026-11-25', 6, now)).toBeNull()
    expect(problem(longer, '2026-11-25', 22, now)).toBe('SLOT_CLOSED')
  })

  it('counts places against the date’s capacity: more places, fewer places, full', () => {
    expect(slotStatus(venue(), '2026-11-25', 10, now, { taken: 10 })).toMatchObject({
      state: 'full',
      problem: 'SLOT_FULL',
      remaining: 0,
    })
    expect(
      slotStatus(venue(), '2026-11-25', 10, now, { exception: exception({ capacity: 15 }), taken: 10 }),
    ).toMatchObject({ state: 'open', capacity: 15, remaining: 5 })
    // Fewer places than already taken: the bookings stay, the slot shows full.
    expect(
      slotStatus(venue(), '2026-11-25', 10, now, { exception: exception({ capacity: 2 }), taken: 3 }),
    ).toMatchObject({ state: 'full', capacity: 2, remaining: 0 })
    expect(
      slotStatus(venue({ capacityPerSlot: 4 }), '2026-11-25', 10, now, { taken: 1, wanted: 3 }).state,
    ).toBe('open')
    expect(
      slotStatus(venue({ capacityPerSlot: 4 }), '2026-11-25', 10, now, { taken: 1, wanted: 4 }).problem,
    ).toBe('SLOT_FULL')
  })

  it('decides by the first rule that fails, in the order a visitor can act on', () => {
    // Past and closed: past first; coming soon before an impossible date.
    expect(problem(venue(), '2026-11-24', 7, now)).toBe('SLOT_PAST')
    expect(problem(venue({ status: 'coming_soon' }), '2026-02-30', 10, now)).toBe('COMING_SOON')
  })
})

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from }, (_, i) => from + i)
}
