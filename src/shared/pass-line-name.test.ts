import { describe, expect, it } from 'vitest'
import { legacyPassId, passLineName } from './cart.ts'

describe('a pass as a cart line names it', () => {
  it('joins its name and description, or gives the name alone when it has no description', () => {
    expect(passLineName('Gym Day Pass', 'Gym access, lockers and towels')).toBe(
      'Gym Day Pass - Gym access, lockers and towels',
    )
    expect(passLineName('Sunset swim', '')).toBe('Sunset swim')
    expect(passLineName('سباحة الغروب', '  ')).toBe('سباحة الغروب')
  })

  it('finds an old line’s pass by that name, with or without a description', () => {
    const passes = [
      { id: 'a', name: { en: 'Gym', ar: 'صالة' }, description: { en: 'Lockers', ar: 'خزائن' } },
      { id: 'b', name: { en: 'Pool', ar: 'مسبح' }, description: { en: '', ar: '' } },
    ]
    expect(legacyPassId({ passName: 'صالة - خزائن' }, passes)).toBe('a')
    expect(legacyPassId({ passName: 'Pool' }, passes)).toBe('b')
  })
})
