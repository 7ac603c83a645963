import { describe, expect, it } from 'vitest'
import type { SlotVenue } from '../catalog/slot-rules.ts'
import { hitBookings, slotHit, slotKey } from './impact.ts'

const venue = (hours: number[], capacityPerSlot = 10): SlotVenue => ({
  status: 'published',
  weeklyHours: Array.from({ length: 7 }, () => hours),
  capacityPerSlot,
})
const day = '2026-12-03'
const usual = { venue: venue([8, 9, 10]) }

describe('slotHit', () => {
  it('hits a booked slot that a change closes: its hour, its day, or no places', () => {
    expect(slotHit(day, 10, 1, usual, { venue: venue([8, 9]) })).toBe(true)
    expect(slotHit(day, 9, 1, usual, { venue: venue([8, 9]) })).toBe(false)
    expect(
      slotHit(day, 9, 1, usual, {
        ...usual,
        exception: { closedAllDay: true, closedHours: [], capacity: null },
      }),
    ).toBe(true)
    expect(
      slotHit(day, 9, 1, usual, {
        ...usual,
        exception: { closedAllDay: false, closedHours: [9], capacity: null },
      }),
    ).toBe(true)
    expect(
      slotHit(day, 9, 1, usual, {
        ...usual,
        exception: { closedAllDay: false, closedHours: [], capacity: 0 },
      }),
    ).toBe(true)
  })

  it('hits a slot whose places go below what is taken, not one that still fits', () => {
    expect(slotHit(day, 9, 6, usual, { venue: venue([8, 9, 10], 5) })).toBe(true)
    expect(slotHit(day, 9, 5, usual, { venue: venue([8, 9, 10], 5) })).toBe(false)
  })

  it('leaves alone empty slots, and slots already closed or over their places before the change', () => {
    expect(slotHit(day, 10, 0, usual, { venue: venue([8, 9]) })).toBe(false)
    expect(slotHit(day, 11, 2, usual, { venue: venue([8]) })).toBe(false)
    const over = { venue: venue([8, 9, 10], 3) }
    expect(slotHit(day, 9, 5, over, { venue: venue([8, 9, 10], 4) })).toBe(false)
    expect(slotHit(day, 9, 5, over, { venue: venue([8, 9, 10], 2) })).toBe(true)
  })
})

describe('hitBookings', () => {
  it('lists every booking of a hit slot, counting holds from the occupancy', () => {
    const bookings = [
      { id: 1, date: day, time: '09:00' },
      { id: 2, date: day, time: '09:00' },
      { id: 3, date: day, time: '10:00' },
    ]
    const fewer = () => ({ before: usual, after: { venue: venue([8, 9, 10], 2) } })
    // Two bookings fit in two places; a third place held by an unpaid order does not.
    expect(hitBookings(bookings, new Map(), fewer).map((b) => b.id)).toEqual([])
    expect(hitBookings(bookings, new Map([[slotKey(day, 9), 3]]), fewer).map((b) => b.id)).toEqual([1, 2])
  })
})
