import { describe, expect, it } from 'vitest'
import { splitBookings } from './bookings.ts'

const visit = (id: string, date: string, time = '09:00') => ({ id, date, time })
const ids = (list: { id: string }[]) => list.map((booking) => booking.id)

describe('splitting bookings into upcoming and past', () => {
  it('counts a booking today as upcoming, even at an earlier hour, and yesterday as past', () => {
    const { upcoming, past } = splitBookings(
      [visit('yesterday-late', '2026-03-09', '19:00'), visit('today-early', '2026-03-10', '08:00')],
      '2026-03-10',
    )
    expect(ids(upcoming)).toEqual(['today-early'])
    expect(ids(past)).toEqual(['yesterday-late'])
  })

  it('lists upcoming soonest first, by date and then time', () => {
    const { upcoming } = splitBookings(
      [
        visit('later-day', '2026-04-02', '08:00'),
        visit('same-day-late', '2026-04-01', '17:00'),
        visit('same-day-early', '2026-04-01', '09:00'),
      ],
      '2026-03-10',
    )
    expect(ids(upcoming)).toEqual(['same-day-early', 'same-day-late', 'later-day'])
  })

  it('lists past most recent first, by date and then time', () => {
    const { past } = splitBookings(
      [
        visit('older', '2025-12-31', '19:00'),
        visit('recent-early', '2026-03-01', '08:00'),
        visit('recent-late', '2026-03-01', '18:00'),
      ],
      '2026-03-10',
    )
    expect(ids(past)).toEqual(['recent-late', 'recent-early', 'older'])
  })

  it('compares whole dates across month and year ends, and leaves the input untouched', () => {
    const input = [visit('jan', '2027-01-01'), visit('dec', '2026-12-31')]
    const { upcoming, past } = splitBookings(input, '2027-01-01')
    expect(ids(upcoming)).toEqual(['jan'])
    expect(ids(past)).toEqual(['dec'])
    expect(ids(input)).toEqual(['jan', 'dec'])
    expect(splitBookings([], '2027-01-01')).toEqual({ upcoming: [], past: [] })
  })
})
