import { createContext, type ReactNode, useContext, useMemo, useState, useSyncExternalStore } from 'react'
import {
  type CartItem,
  cartStorageKey,
  maxPartySize,
  mendQuantity,
  parseStoredCart,
  sameBooking,
} from '../../../shared/cart.ts'

/** A line to add: one person unless it says how many. */
export type NewCartLine = Omit<CartItem, 'id' | 'quantity'> & { quantity?: number }

interface CartStore {
  subscribe(listener: () => void): () => void
  getSnapshot(): CartItem[]
  /** Adds a line, or raises the people of the line already booking that pass, date and time. */
  add(item: NewCartLine): CartItem
  remove(id: string): void
  clear(): void
  /** Gives a line saved before lines carried a passId the pass the catalog matched it to. */
  attachPass(id: string, passId: string): void
  /**
   * Moves a line to another hour of its day (its slot filled): it joins the line already booking
   * that hour, if there is one, as adding it would.
   */
  retime(id: string, time: string): void
}

interface CartContextValue extends Omit<CartStore, 'subscribe' | 'getSnapshot'> {
  items: CartItem[]
}

const CartContext = createContext<CartStore | null>(null)

function readCart(): CartItem[] {
  try {
    return parseStoredCart(localStorage.getItem(cartStorageKey))
  } catch {
    return []
  }
}

/** The cart in localStorage, read on first use, saved on every change and kept in step across tabs. */
function createCartStore(): CartStore {
  let items: CartItem[] | undefined
  const listeners = new Set<() => void>()
  const current = () => {
    items ??= readCart()
    return items
  }
  const notify = () => {
    for (const listener of listeners) listener()
  }
  const set = (next: CartItem[]) => {
    items = next
    try {
      localStorage.setItem(cartStorageKey, JSON.stringify(next))
    } catch {
      // Storage can be full or disabled; the cart still works for this visit.
    }
    notify()
  }
  // Another tab changed the cart (or cleared storage).
  const onStorage = (event: StorageEvent) => {
    if (event.key !== cartStorageKey && event.key !== null) return
    items = parseStoredCart(event.newValue)
    notify()
  }
  return {
    subscribe(listener) {
      if (listeners.size === 0) window.addEventListener('storage', onStorage)
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
        if (listeners.size === 0) window.removeEventListener('storage', onStorage)
      }
    },
    getSnapshot: current,
    add(item) {
      const quantity = mendQuantity(item.quantity)
      const same = current().find((line) => sameBooking(line, item))
      if (same) {
        // The newest choice's names and price, the people of both; the line keeps its place and id.
        const raised = {
          ...same,
          ...item,
          id: same.id,
          quantity: Math.min(maxPartySize, same.quantity + quantity),
        }
        set(current().map((line) => (line.id === same.id ? raised : line)))
        return raised
      }
      const line = { ...item, quantity, id: `${item.gymId}-${Date.now()}-${crypto.randomUUID().slice(0, 8)}` }
      set([...current(), line])
      return line
    },
    remove: (id) => set(current().filter((item) => item.id !== id)),
    clear: () => set([]),
    retime(id, time) {
      const line = current().find((item) => item.id === id)
      if (!line || line.time === time) return
      const moved = { ...line, time }
      const same = current().find((item) => item.id !== id && sameBooking(item, moved))
      if (!same) return set(current().map((item) => (item.id === id ? moved : item)))
      const quantity = Math.min(maxPartySize, same.quantity + line.quantity)
      set(
        current()
          .filter((item) => item.id !== id)
          .map((item) => (item.id === same.id ? { ...same, quantity } : item)),
      )
    },
    attachPass(id, passId) {
      const items = current()
      if (!items.some((item) => item.id === id && !item.passId)) return
      set(items.map((item) => (item.id === id && !item.passId ? { ...item, passId } : item)))
    },
  }
}

// What the server rendered with: it has no cart. While hydrating, React shows this first, so the
// page matches its HTML, and then the saved cart.
const serverCart: CartItem[] = []
const serverSnapshot = () => serverCart

export function CartProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createCartStore)
  return <CartContext value={store}>{children}</CartContext>
}

export function useCart(): CartContextValue {
  const store = useContext(CartContext)
  if (!store) throw new Error('useCart must be used within a CartProvider')
  const items = useSyncExternalStore(store.subscribe, store.getSnapshot, serverSnapshot)
  // One object per cart state, so pages can list it in effects' dependencies.
  return useMemo(
    () => ({
      items,
      add: store.add,
      remove: store.remove,
      clear: store.clear,
      attachPass: store.attachPass,
      retime: store.retime,
    }),
    [items, store],
  )
}
