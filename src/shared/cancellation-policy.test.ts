import { describe, expect, it } from 'vitest'
import { cancellationPolicy, describeCancellation, visitStart } from './cancellation-policy.ts'

// Thursday 26 November 2026, 10:00 in Bahrain (07:00 UTC), 24 hours' notice: free until Wed 25/11 10:00.
const visit = { date: '2026-11-26', time: '10:00' }

describe('cancellation policy', () => {
  it('starts a visit at its hour in Bahrain time', () => {
    expect(visitStart(visit).toISOString()).toBe('2026-11-26T07:00:00.000Z')
  })

  it('is free until the second before the deadline, in Bahrain time', () => {
    const lastFreeSecond = new Date('2026-11-25T06:59:59Z')
    const deadline = new Date('2026-11-25T07:00:00Z')
    expect(cancellationPolicy(visit, 24, lastFreeSecond)).toEqual({ deadline, free: true })
    expect(cancellationPolicy(visit, 24, deadline).free).toBe(false)
    expect(cancellationPolicy(visit, 24, new Date('2026-11-25T07:00:01Z')).free).toBe(false)
  })

  it('says so in English and Arabic, with the Bahrain weekday, date and hour', () => {
    const before = new Date('2026-11-24T12:00:00Z')
    expect(describeCancellation(visit, 24, before, 'en')).toBe('Free cancellation until Wed 25/11/2026 10:00')
    expect(describeCancellation(visit, 24, before, 'ar')).toBe('إلغاء مجاني حتى الأربعاء 25/11/2026 10:00')
    const after = new Date('2026-11-25T07:00:00Z')
    expect(describeCancellation(visit, 24, after, 'en')).toBe('Non-refundable')
    expect(describeCancellation(visit, 24, after, 'ar')).toBe('غير قابل للاسترداد')
  })

  it('crosses midnight in Bahrain, not in UTC', () => {
    // A 01:00 visit with 2 hours' notice: free until 23:00 the evening before (20:00 UTC).
    const early = { date: '2026-11-26', time: '01:00' }
    expect(describeCancellation(early, 2, new Date('2026-11-25T10:00:00Z'), 'en')).toBe(
      'Free cancellation until Wed 25/11/2026 23:00',
    )
  })
})
