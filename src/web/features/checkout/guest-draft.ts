import type { GuestDetails } from '../../../shared/checkout.ts'
import { type PaymentMethod, paymentMethods } from '../../../shared/payment-methods.ts'

/**
 * What a visitor chose at checkout, kept in sessionStorage (this tab only, gone when it closes) so
 * Back, Forward and a reload do not lose it: the guest's typed details and the payment choice. The
 * e-mail proof is kept apart, and only while it is valid (use-email-verification.ts).
 */
const draftKey = 'checkout.guest'
const paymentKey = 'checkout.payment'

export const emptyGuestDetails: GuestDetails = {
  firstName: '',
  lastName: '',
  email: '',
  confirmEmail: '',
  mobileNumber: '',
}

/** Reads a JSON value from sessionStorage; undefined when absent, damaged, or storage is off. */
export function readSession(key: string): unknown {
  try {
    return JSON.parse(sessionStorage.getItem(key) ?? 'null') ?? undefined
  } catch {
    return undefined
  }
}

export function writeSession(key: string, value: unknown) {
  try {
    if (value === undefined) sessionStorage.removeItem(key)
    else sessionStorage.setItem(key, JSON.stringify(value))
  } catch {
    // Storage can be full or disabled; the page still works for this visit.
  }
}

export function readGuestDraft(): GuestDetails {
  const saved = readSession(draftKey)
  if (typeof saved !== 'object' || saved === null) return emptyGuestDetails
  const entries = Object.keys(emptyGuestDetails).map((field) => {
    const value = (saved as Record<string, unknown>)[field]
    return [field, typeof value === 'string' ? value.slice(0, 254) : '']
  })
  return Object.fromEntries(entries) as GuestDetails
}

export function saveGuestDraft(details: Partial<GuestDetails>) {
  writeSession(draftKey, { ...emptyGuestDetails, ...details })
}

/** The payment method last picked in this tab; card when none was. */
export function readPaymentChoice(): PaymentMethod {
  const saved = readSession(paymentKey)
  return paymentMethods.includes(saved as PaymentMethod) ? (saved as PaymentMethod) : 'card'
}

export function savePaymentChoice(method: PaymentMethod) {
  writeSession(paymentKey, method)
}

/** Forgets the checkout's choices: once booked, the next checkout starts fresh. */
export function clearGuestDraft() {
  writeSession(draftKey, undefined)
  writeSession(paymentKey, undefined)
}
