import { act, render, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { beforeEach, describe, expect, it } from 'vitest'
import { cartStorageKey } from '../../../shared/cart.ts'
import { CartProvider, useCart } from './cart-context.tsx'

const line = {
  gymId: 'gym-1',
  passId: 'pass-1',
  gymName: 'Vida Beach Hotel',
  passName: 'Day pass - pool and gym',
  passPrice: 'BD 14.000',
  date: '2026-12-01',
  time: '09:00',
  location: 'Bahrain Bay',
  payAtVenueOnly: true,
}
const wrapper = ({ children }: { children: ReactNode }) => <CartProvider>{children}</CartProvider>

beforeEach(() => localStorage.clear())

function Orphan() {
  useCart()
  return null
}

describe('the cart', () => {
  it('cannot be used outside its provider', () => {
    expect(() => render(<Orphan />)).toThrow('useCart must be used within a CartProvider')
  })

  it('adds, removes and clears lines, saving each change under "cart"', () => {
    const { result } = renderHook(() => useCart(), { wrapper })
    let first = { id: '' }
    act(() => {
      first = result.current.add(line)
      result.current.add({ ...line, time: '10:00' })
    })
    expect(result.current.items).toHaveLength(2)
    expect(JSON.parse(localStorage.getItem(cartStorageKey) ?? '[]')).toHaveLength(2)
    act(() => result.current.remove(first.id))
    expect(result.current.items.map((item) => item.time)).toEqual(['10:00'])
    act(() => result.current.clear())
    expect(localStorage.getItem(cartStorageKey)).toBe('[]')
  })

  it('restores the saved cart and drops damaged lines', () => {
    localStorage.setItem(
      cartStorageKey,
      JSON.stringify([{ ...line, id: 'a' }, { id: 'b', gymId: 3 }, 'junk']),
    )
    const { result } = renderHook(() => useCart(), { wrapper })
    expect(result.current.items.map((item) => item.id)).toEqual(['a'])
  })

  it('adds the same pass, date and time again as more people on its line, not a second line', () => {
    const { result } = renderHook(() => useCart(), { wrapper })
    let first = { id: '' }
    act(() => {
      first = result.current.add({ ...line, quantity: 2 })
      result.current.add({ ...line, quantity: 2 })
      result.current.add(line)
      result.current.add({ ...line, time: '10:00' })
      result.current.add({ ...line, passId: 'kids-day' })
    })
    expect(
      result.current.items.map((item) => [item.id === first.id, item.time, item.passId, item.quantity]),
    ).toEqual([
      [true, '09:00', 'pass-1', 5],
      [false, '10:00', 'pass-1', 1],
      [false, '09:00', 'kids-day', 1],
    ])
    expect(JSON.parse(localStorage.getItem(cartStorageKey) ?? '[]')[0]).toMatchObject({ quantity: 5 })
  })

  it('reads a saved line without a quantity as one person, and mends a bad quantity instead of failing', () => {
    const saved = [
      { ...line, id: 'none' },
      { ...line, id: 'zero', time: '10:00', quantity: 0 },
      { ...line, id: 'negative', time: '11:00', quantity: -3 },
      { ...line, id: 'fraction', time: '12:00', quantity: 2.7 },
      { ...line, id: 'huge', time: '13:00', quantity: 10_000 },
      { ...line, id: 'text', time: '14:00', quantity: 'two' },
      { ...line, id: 'digits', time: '15:00', quantity: '3' },
      { ...line, id: 'infinite', time: '16:00', quantity: null },
      { ...line, id: 'object', time: '17:00', quantity: { n: 2 } },
    ]
    localStorage.setItem(cartStorageKey, JSON.stringify(saved))
    const { result } = renderHook(() => useCart(), { wrapper })
    expect(Object.fromEntries(result.current.items.map((item) => [item.id, item.quantity]))).toEqual({
      none: 1,
      zero: 1,
      negative: 1,
      fraction: 2,
      huge: 50,
      text: 1,
      digits: 3,
      infinite: 1,
      object: 1,
    })
  })

  it('merges lines saved one per person into one line with their people', () => {
    localStorage.setItem(
      cartStorageKey,
      JSON.stringify([
        { ...line, id: 'a' },
        { ...line, id: 'b', time: '10:00' },
        { ...line, id: 'c' },
        { ...line, id: 'd', quantity: 2 },
      ]),
    )
    const { result } = renderHook(() => useCart(), { wrapper })
    expect(result.current.items.map((item) => [item.id, item.quantity])).toEqual([
      ['a', 4],
      ['b', 1],
    ])
  })

  it('starts empty when storage holds something that is not a cart', () => {
    localStorage.setItem(cartStorageKey, '{not json')
    const { result } = renderHook(() => useCart(), { wrapper })
    expect(result.current.items).toEqual([])
  })

  it('follows a change made in another tab', () => {
    const { result } = renderHook(() => useCart(), { wrapper })
    const saved = JSON.stringify([{ ...line, id: 'other-tab' }])
    localStorage.setItem(cartStorageKey, saved)
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: cartStorageKey, newValue: saved }))
    })
    expect(result.current.items.map((item) => item.id)).toEqual(['other-tab'])
  })
})
