/**
 * A waiting list offer being booked (docs/booking.md, "Waiting list"): the offer page puts its line
 * in the cart and keeps the offer here, in sessionStorage, so checkout (and a reload of it) sends the
 * token with the order. Kept apart from the cart line: the cart's stored format stays as it is, and
 * an offer is only good in the tab its link was opened in, for as long as it is held.
 */
export interface HeldOffer {
  token: string
  gymId: string
  passId: string
  date: string
  time: string
}

const heldOfferKey = 'waitlist.offer'

function isHeldOffer(value: unknown): value is HeldOffer {
  const offer = value as Partial<HeldOffer> | null | undefined
  return ['token', 'gymId', 'passId', 'date', 'time'].every(
    (field) => typeof offer?.[field as keyof HeldOffer] === 'string',
  )
}

export function readHeldOffer(): HeldOffer | undefined {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(heldOfferKey) ?? 'null')
    return isHeldOffer(saved) ? saved : undefined
  } catch {
    return undefined
  }
}

export function keepHeldOffer(offer: HeldOffer) {
  try {
    sessionStorage.setItem(heldOfferKey, JSON.stringify(offer))
  } catch {
    // Storage off: the order still goes, without the held places (the server then books free ones).
  }
}

/** Forgets the offer: once its order is confirmed. */
export function forgetHeldOffer() {
  try {
    sessionStorage.removeItem(heldOfferKey)
  } catch {
    // Nothing kept.
  }
}

interface Line {
  gymId: string
  passId?: string | undefined
  date: string
  time: string
}

/** The offer's token when one of the lines books its slot; an offer for a line no longer in the cart goes unsent. */
export function heldOfferFor(lines: readonly Line[]): string | undefined {
  const offer = readHeldOffer()
  if (!offer) return undefined
  const booked = lines.some(
    (line) =>
      line.gymId === offer.gymId &&
      line.passId === offer.passId &&
      line.date === offer.date &&
      line.time === offer.time,
  )
  return booked ? offer.token : undefined
}
