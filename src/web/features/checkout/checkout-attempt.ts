import { useSyncExternalStore } from 'react'
import { z } from 'zod'
import { type Order, orderStatuses } from '../../../shared/checkout.ts'

/**
 * A checkout attempt: one cart's lines (their ids, fresh each time a line is added to the cart) and
 * the Idempotency-Key that places their order. The key belongs to the attempt, not to a page, so Back,
 * a reload or a second tab that sends the order again gets the first order back from the server
 * (docs/decisions/027). Kept in localStorage, shared by the site's tabs like the cart: ids, keys and
 * order states only, nothing about the visitor.
 */
const storageKey = 'checkout.attempts'
/** Enough for every cart a visitor books in a while; the oldest are forgotten first. */
const kept = 20

const attemptSchema = z.object({
  lines: z.array(z.string()),
  key: z.string(),
  /** The order request last sent under the key. */
  body: z.string().optional(),
  /** The order the server placed under the key, and its state when last heard of. */
  order: z.object({ id: z.string(), status: z.enum(orderStatuses) }).optional(),
})
export type Attempt = z.infer<typeof attemptSchema>
const attemptsSchema = z.array(attemptSchema)

const sameLines = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((line, index) => line === b[index])

/**
 * The attempt's identity: its cart lines' ids, in a fixed order, each with its people when more than
 * one (a line whose people change is another booking, under a key of its own; a line of one keeps
 * the id alone, as attempts saved before parties have it).
 */
export function linesOf(items: readonly { id: string; quantity?: number }[]): string[] {
  return items.map((item) => ((item.quantity ?? 1) > 1 ? `${item.id}*${item.quantity}` : item.id)).sort()
}

/** The stored attempts; undefined when storage is disabled. */
function readRaw(): string | null | undefined {
  try {
    return localStorage.getItem(storageKey)
  } catch {
    return undefined
  }
}

function parse(raw: string | null | undefined): Attempt[] {
  try {
    const parsed = attemptsSchema.safeParse(JSON.parse(raw ?? '[]'))
    return parsed.success ? parsed.data : []
  } catch {
    return []
  }
}

// Storage can be full or disabled: then attempts last as long as the page does.
let memory: Attempt[] = []

function readAll(): Attempt[] {
  const raw = readRaw()
  return raw === undefined ? memory : parse(raw)
}

function writeAll(attempts: Attempt[]) {
  memory = attempts.slice(0, kept)
  try {
    localStorage.setItem(storageKey, JSON.stringify(memory))
  } catch {
    // Kept in memory above.
  }
  notify()
}

function update(lines: string[], change: (attempt: Attempt | undefined) => Attempt): Attempt {
  const all = readAll()
  const next = change(all.find((attempt) => sameLines(attempt.lines, lines)))
  writeAll([next, ...all.filter((attempt) => !sameLines(attempt.lines, lines))])
  return next
}

/** The attempt for these cart lines, if one has started. */
export function findAttempt(lines: string[]): Attempt | undefined {
  return readAll().find((attempt) => sameLines(attempt.lines, lines))
}

const ended = (status: Order['status'] | undefined) => status === 'expired' || status === 'payment_failed'

/**
 * The key to send this order request with. It is the attempt's key, made when the attempt starts,
 * whatever was answered before: a refused request stores nothing at the server, and a request whose
 * answer was lost must be sent again under its key. The only new key is for an attempt whose
 * order cannot be confirmed any more under the old one: that order ended (its hold ran out, its
 * payment failed), or it is an unpaid card order and the visitor now asks for something else (pay at
 * the venue, another language), which the server would refuse under the old key; the unpaid order
 * then runs out by itself.
 */
export function keyFor(lines: string[], body: string): string {
  return update(lines, (attempt) => {
    const renew =
      !attempt ||
      ended(attempt.order?.status) ||
      (attempt.order?.status === 'awaiting_payment' && attempt.body !== body)
    if (renew) return { lines, key: crypto.randomUUID(), body }
    return { ...attempt, body }
  }).key
}

/** What the server answered: the attempt's order and its state. A confirmed order ends the attempt. */
export function recordOrder(lines: string[], order: Pick<Order, 'id' | 'status'>) {
  update(lines, (attempt) => ({
    ...(attempt ?? { lines, key: crypto.randomUUID() }),
    order: { id: order.id, status: order.status },
  }))
}

/** Whether these cart lines were booked already, in this tab or another. */
export function isConfirmed(lines: string[]): boolean {
  return findAttempt(lines)?.order?.status === 'confirmed'
}

const listeners = new Set<() => void>()
function notify() {
  for (const listener of listeners) listener()
}

function onStorage(event: StorageEvent) {
  if (event.key === storageKey || event.key === null) notify()
}

// A page restored from the back/forward cache kept its memory from before it was left: another tab
// (or this one, on another page) may have booked its cart since.
function onPageShow(event: PageTransitionEvent) {
  if (event.persisted) notify()
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    window.addEventListener('storage', onStorage)
    window.addEventListener('pageshow', onPageShow)
  }
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0) {
      window.removeEventListener('storage', onStorage)
      window.removeEventListener('pageshow', onPageShow)
    }
  }
}

/**
 * Whether the order of these cart lines is confirmed, kept in step with other tabs and with a page
 * coming back from the back/forward cache. The server renders no checkout: it says no.
 */
export function useConfirmedElsewhere(items: readonly { id: string }[]): boolean {
  const lines = linesOf(items)
  return useSyncExternalStore(
    subscribe,
    () => lines.length > 0 && isConfirmed(lines),
    () => false,
  )
}
