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
