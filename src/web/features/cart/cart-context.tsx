import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react'
import { type CartItem, cartStorageKey, parseStoredCart } from '../../../shared/cart.ts'

interface CartContextValue {
  items: CartItem[]
  add(item: Omit<CartItem, 'id'>): CartItem
  remove(id: string): void
  clear(): void
}

const CartContext = createContext<CartContextValue | null>(null)

function readCart(): CartItem[] {
  try {
    return parseStoredCart(localStorage.getItem(cartStorageKey))
  } catch {
    return []
  }
}

/** The cart, saved to localStorage on every change, restored on load and kept in step across tabs. */
export function CartProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<CartItem[]>(readCart)

  useEffect(() => {
    try {
      localStorage.setItem(cartStorageKey, JSON.stringify(items))
    } catch {
      // Storage can be full or disabled; the cart still works for this visit.
    }
  }, [items])

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === cartStorageKey) setItems(parseStoredCart(event.newValue))
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [])

  const add = useCallback((item: Omit<CartItem, 'id'>) => {
    const line = { ...item, id: `${item.gymId}-${Date.now()}-${crypto.randomUUID().slice(0, 8)}` }
    setItems((current) => [...current, line])
    return line
  }, [])
  const remove = useCallback(
    (id: string) => setItems((current) => current.filter((item) => item.id !== id)),
    [],
  )
  const clear = useCallback(() => setItems([]), [])

  const value = useMemo(() => ({ items, add, remove, clear }), [items, add, remove, clear])
  return <CartContext value={value}>{children}</CartContext>
}

export function useCart(): CartContextValue {
  const value = useContext(CartContext)
  if (!value) throw new Error('useCart must be used within a CartProvider')
  return value
}
