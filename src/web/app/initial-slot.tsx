import { createContext, type ReactNode, useContext, useEffect, useState } from 'react'
import { useLocation } from 'react-router'
import type { ServerSlot } from './server-state.ts'

export interface InitialSlot {
  slot: ServerSlot
  /** The path the server drew the slot for: moving elsewhere shows the routes' page. */
  pathname: string
  error?: string
}

const InitialSlotContext = createContext<InitialSlot>({ slot: 'page', pathname: '' })

export function InitialSlotProvider({ value, children }: { value: InitialSlot; children: ReactNode }) {
  return <InitialSlotContext.Provider value={value}>{children}</InitialSlotContext.Provider>
}

/**
 * What the layout draws in its content area. On the page the server drew, it starts as the
 * server's slot, so hydration matches; a skeleton then gives way to the page once hydrated, and a
 * not-found or error screen stays until the visitor moves to another page.
 */
export function useContentSlot(): { slot: ServerSlot; error?: string } {
  const initial = useContext(InitialSlotContext)
  const { pathname } = useLocation()
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  if (pathname !== initial.pathname) return { slot: 'page' }
  if (initial.slot === 'skeleton' && hydrated) return { slot: 'page' }
  return initial
}
