import type { CartItem } from '../../../shared/cart.ts'
import type { Quote, QuoteLine } from '../../../shared/checkout.ts'
import { ApiError } from '../../lib/api-client.ts'

/**
 * Why a cart line cannot be booked, in one place for the checkout and the cart (docs/booking.md,
 * "When a slot fills during checkout"): the quote's own answer per line, or, until the quote is
 * asked again, what the refused order said of each line.
 */
export interface SummaryLine {
  item: CartItem
  /** The server's view of the line; undefined while quoting, or for an old cart line without a pass. */
  quoted: QuoteLine | undefined
  /** Why the line cannot be booked: an error code. */
  problem: string | undefined
  /** The venue's cap the line goes past, for SLOT_CAP_EXCEEDED and DAY_CAP_EXCEEDED. */
  limit?: number
  /** The places the slot has left, for PLACES_LEFT. */
  left?: number
  /** Named by a refused order just now: the visitor is told at once (an alert). */
  refused?: boolean
}

/** Pairs each cart line with its quote line (the quote answers the lines that have a pass, in order). */
export function summaryLines(items: CartItem[], quote: Quote | undefined): SummaryLine[] {
  let next = 0
  return items.map((item) => {
    if (!item.passId) return { item, quoted: undefined, problem: 'PASS_NOT_FOUND' }
    const quoted = quote?.lines[next++]
    const problem = quoted?.problem
    return { item, quoted, problem: problem?.code, limit: problem?.limit, left: problem?.left }
  })
}

/** Order refusals whose `items.<index>` fields name the cart lines they are about. */
export const lineRefusalCodes = ['ITEMS_UNAVAILABLE', 'SLOT_CAP_EXCEEDED', 'DAY_CAP_EXCEEDED', 'PLACES_LEFT']

/** Whether a failed order was refused for some of its lines, which the lines then name. */
export function isLineRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && lineRefusalCodes.includes(error.code)
}

/**
 * The lines with what a refused order said of them. The order's answer indexes the lines it was
 * sent, which are the lines with a pass, in order. A line the quote already marks keeps the
 * quote's reason (it has the venue's cap, and the places left for its own slot).
 */
export function withOrderRefusal(lines: SummaryLine[], error: unknown): SummaryLine[] {
  if (!isLineRefusal(error)) return lines
  let sent = 0
  return lines.map((line) => {
    if (!line.item.passId) return line
    const said = error.fields[`items.${sent++}`]
    if (!said) return line
    if (line.problem) return { ...line, refused: true }
    const left = said === 'PLACES_LEFT' ? Number(error.params.left ?? 0) : undefined
    return { ...line, problem: said, left, refused: true }
  })
}

/** Problems another time the same day can solve: the slot filled, or has too few places left. */
export function retimable(problem: string | undefined): boolean {
  return problem === 'SLOT_FULL' || problem === 'PLACES_LEFT'
}

/** What the lines still bookable come to, each its price × its people; undefined while quoting. */
export function bookableTotalFils(lines: SummaryLine[]): number | undefined {
  if (lines.some((line) => line.item.passId && !line.quoted)) return undefined
  return lines.reduce(
    (sum, { quoted, problem }) => sum + (quoted && !problem ? quoted.priceFils * quoted.quantity : 0),
    0,
  )
}

/** The cart lines with the server's price in place of the one saved when they were added. */
export function pricedItems(lines: SummaryLine[]): CartItem[] {
  return lines.map(({ item, quoted }) => (quoted ? { ...item, passPrice: quoted.price } : item))
}
