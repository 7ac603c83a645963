import { describe, expect, it } from 'vitest'
import { hourRanges, mapLinks } from './opening-hours.ts'

describe('hourRanges', () => {
  it('reads the slots 08:00 to 19:00 as open 08:00–20:00', () => {
    expect(hourRanges([8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19])).toEqual([
      { from: '08:00', to: '20:00' },
    ])
  })

  it('splits a day with a break, ignores order and repeats, and ends the last slot at 24:00', () => {
    expect(hourRanges([23, 6, 7, 7, 14, 15])).toEqual([
      { from: '06:00', to: '08:00' },
      { from: '14:00', to: '16:00' },
      { from: '23:00', to: '24:00' },
    ])
  })

  it('has no range on a closed day', () => {
    expect(hourRanges([])).toEqual([])
  })
})

describe('mapLinks', () => {
  it('points the maps app at the coordinates, with no key and no tiles', () => {
    expect(mapLinks({ latitude: 26.2361, longitude: 50.5831 })).toEqual({
      open: 'https://www.google.com/maps/search/?api=1&query=26.2361,50.5831',
      directions: 'https://www.google.com/maps/dir/?api=1&destination=26.2361,50.5831',
    })
  })
})
