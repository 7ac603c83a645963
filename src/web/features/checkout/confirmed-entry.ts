import { type Order, orderSchema } from '../../../shared/checkout.ts'

/**
 * An order confirmed on a history entry of the checkout, kept in the entry's own state by the
 * checkout before orders had a page of their own: such an entry, brought back by Back, Forward or
 * a reload, moves to the order's page instead of showing a form that would book a second time.
 */
export function confirmedOnEntry(state: unknown): Order | undefined {
  const kept = (state as { confirmedOrder?: unknown } | null)?.confirmedOrder
  const parsed = orderSchema.safeParse(kept)
  return parsed.success && parsed.data.status === 'confirmed' ? parsed.data : undefined
}
