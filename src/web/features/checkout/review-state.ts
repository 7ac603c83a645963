import { type CartItem, isCartItem, mendQuantity } from '../../../shared/cart.ts'
import { type PaymentMethod, paymentMethods } from '../../../shared/payment-methods.ts'

/** What the checkout page hands the review page in the navigation state (docs/product.md, "Pages"). */
export interface BookingDetails {
  /** The cart lines, with the server's current prices. */
  items: CartItem[]
  guestDetails: { firstName: string; lastName: string; email: string; mobileNumber: string }
  paymentMethod: PaymentMethod
  /** The quote's total, in fils. */
  totalAmount: number
  /** The guest's e-mail proof, which the order needs. */
  proof: string
}

const guestFields = ['firstName', 'lastName', 'email', 'mobileNumber'] as const

/** The booking details from `location.state`, or undefined when there are none (or they are damaged). */
export function readBookingDetails(state: unknown): BookingDetails | undefined {
  const details = (state as { bookingDetails?: Partial<BookingDetails> } | null)?.bookingDetails
  if (typeof details !== 'object' || details === null) return undefined
  const guest = details.guestDetails as Record<string, unknown> | undefined
  const valid =
    Array.isArray(details.items) &&
    details.items.length > 0 &&
    details.items.every(isCartItem) &&
    typeof guest === 'object' &&
    guest !== null &&
    guestFields.every((field) => typeof guest[field] === 'string') &&
    paymentMethods.includes(details.paymentMethod as PaymentMethod) &&
    Number.isSafeInteger(details.totalAmount) &&
    typeof details.proof === 'string'
  if (!valid) return undefined
  // A review opened from a history entry made before parties has lines without their people.
  const items = (details.items as unknown[]).filter(isCartItem)
  return {
    ...(details as BookingDetails),
    items: items.map((item) => ({ ...item, quantity: mendQuantity(item.quantity) })),
  }
}
