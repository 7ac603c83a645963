import { useLocation, useNavigate } from 'react-router'
import { type Order, orderSchema } from '../../../shared/checkout.ts'

/**
 * The order confirmed on a history entry, kept in the entry's own state. Back, Forward, a reload
 * and a duplicated tab bring that state back with the entry, so the submit step it was shows the
 * confirmation again instead of a form that would book a second time. The state lives and dies with
 * the tab, like the rest of the checkout's details.
 */
export function confirmedOnEntry(state: unknown): Order | undefined {
  const kept = (state as { confirmedOrder?: unknown } | null)?.confirmedOrder
  const parsed = orderSchema.safeParse(kept)
  return parsed.success && parsed.data.status === 'confirmed' ? parsed.data : undefined
}

/** Keeps a just-confirmed order on the page's history entry, alongside what its state held. */
export function useKeepOnEntry() {
  const { pathname, search, hash, state } = useLocation()
  const navigate = useNavigate()
  return (order: Order) => {
    const kept = typeof state === 'object' && state !== null ? state : {}
    void navigate({ pathname, search, hash }, { replace: true, state: { ...kept, confirmedOrder: order } })
  }
}
