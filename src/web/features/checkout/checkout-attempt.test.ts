import { beforeEach, describe, expect, it } from 'vitest'
import { findAttempt, isConfirmed, keyFor, linesOf, recordOrder } from './checkout-attempt.ts'

const lines = linesOf([{ id: 'b-2' }, { id: 'a-1' }])
const venue = '{"paymentMethod":"venue"}'
const card = '{"paymentMethod":"card"}'

beforeEach(() => localStorage.clear())

describe('a checkout attempt', () => {
  it('is its cart lines, whatever their order', () => {
    expect(lines).toEqual(['a-1', 'b-2'])
  })

  it('keeps one key, in storage, so a reload, Back or another tab sends the same one', () => {
    const key = keyFor(lines, venue)
    expect(key).toMatch(/^[A-Za-z0-9_:-]{8,200}$/)
    // What a reloaded page or a second tab reads: the same storage.
    expect(JSON.parse(localStorage.getItem('checkout.attempts') ?? '[]')[0]).toMatchObject({ lines, key })
    expect(keyFor(lines, venue)).toBe(key)
  })

  it('keeps its key after a refusal or a lost answer, even for another request: no order is known to hold it', () => {
    const key = keyFor(lines, card)
    expect(keyFor(lines, venue)).toBe(key)
  })

  it('keeps its key once confirmed, so sending it again gets the first order back', () => {
    const key = keyFor(lines, venue)
    recordOrder(lines, { id: 'order-1', status: 'confirmed' })
    expect(isConfirmed(lines)).toBe(true)
    expect(keyFor(lines, venue)).toBe(key)
    expect(keyFor(lines, card)).toBe(key)
  })

  it('keeps its key for an unpaid card order paid again, and takes a new one to ask for something else', () => {
    const key = keyFor(lines, card)
    recordOrder(lines, { id: 'order-1', status: 'awaiting_payment' })
    expect(keyFor(lines, card)).toBe(key)
    const venueKey = keyFor(lines, venue)
    expect(venueKey).not.toBe(key)
    expect(findAttempt(lines)?.order).toBeUndefined()
  })

  it('takes a new key once its order has ended unpaid', () => {
    for (const status of ['expired', 'payment_failed'] as const) {
      const key = keyFor(lines, card)
      recordOrder(lines, { id: 'order-1', status })
      expect(keyFor(lines, card)).not.toBe(key)
    }
  })

  it('is apart from another cart’s, and a new cart starts a new one', () => {
    const key = keyFor(lines, venue)
    recordOrder(lines, { id: 'order-1', status: 'confirmed' })
    const other = linesOf([{ id: 'c-3' }])
    expect(keyFor(other, venue)).not.toBe(key)
    expect(isConfirmed(other)).toBe(false)
    expect(isConfirmed(lines)).toBe(true)
  })

  it('reads damaged storage as no attempt', () => {
    localStorage.setItem('checkout.attempts', '{"not":"a list"}')
    expect(findAttempt(lines)).toBeUndefined()
    expect(keyFor(lines, venue)).toMatch(/^[A-Za-z0-9_:-]{8,200}$/)
  })
})
