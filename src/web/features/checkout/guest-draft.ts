import type { GuestDetails } from '../../../shared/checkout.ts'

/**
 * What a guest typed into the checkout form, kept in sessionStorage so a reload or a trip back to
 * the cart does not lose it. The e-mail proof is never stored: it lives only in memory.
 */
const draftKey = 'checkout.guest'

export const emptyGuestDetails: GuestDetails = {
  firstName: '',
  lastName: '',
  email: '',
  confirmEmail: '',
  mobileNumber: '',
}

export function readGuestDraft(): GuestDetails {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(draftKey) ?? 'null')
    if (typeof saved !== 'object' || saved === null) return emptyGuestDetails
    const entries = Object.keys(emptyGuestDetails).map((field) => {
      const value = (saved as Record<string, unknown>)[field]
      return [field, typeof value === 'string' ? value.slice(0, 254) : '']
    })
    return Object.fromEntries(entries) as GuestDetails
  } catch {
    return emptyGuestDetails
  }
}

export function saveGuestDraft(details: Partial<GuestDetails>) {
  try {
    sessionStorage.setItem(draftKey, JSON.stringify({ ...emptyGuestDetails, ...details }))
  } catch {
    // Storage can be full or disabled; the form still works for this visit.
  }
}

export function clearGuestDraft() {
  try {
    sessionStorage.removeItem(draftKey)
  } catch {
    // Nothing was stored.
  }
}
