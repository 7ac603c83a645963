/** The browser's localStorage key for the cart (docs/product.md, "What is stored"). */
export const cartStorageKey = 'cart'

/**
 * The most people one line can carry (checkout's schema reads it from here). The venue's caps are
 * what really limit a party; this only bounds what a line can say before they are read.
 */
export const maxPartySize = 50

/**
 * A cart line as the browser keeps it (docs/product.md, "What is stored"). The ids are what counts: checkout sends
 * gymId, passId, date and time, and the server prices them again; the pages show the names the
 * catalog gives for those ids in the current language. The display fields (gymName, passName,
 * location, in the language the line was added in, and passPrice as seen then) stay for
 * compatibility with the spec's format and as a fallback while the catalog loads.
 */
export interface CartItem {
  id: string
  gymId: string
  passId?: string
  gymName: string
  passName: string
  passPrice: string
  date: string
  time: string
  location: string
  payAtVenueOnly: boolean
  /** How many people: a party books one line per pass, date and time. */
  quantity: number
}

const textFields = ['id', 'gymId', 'gymName', 'passName', 'passPrice', 'location'] as const

// A plain guard rather than a zod schema: the cart loads on every page, and this keeps zod out of
// the first download. The quantity is not checked: a line is kept and its quantity mended.
export function isCartItem(value: unknown): value is Omit<CartItem, 'quantity'> & { quantity?: unknown } {
  if (typeof value !== 'object' || value === null) return false
  const item = value as Record<string, unknown>
  return (
    textFields.every((field) => typeof item[field] === 'string' && (item[field] as string).length <= 500) &&
    (item.id as string).length > 0 &&
    (item.gymId as string).length > 0 &&
    (item.passId === undefined || typeof item.passId === 'string') &&
    typeof item.date === 'string' &&
    /^\d{4}-\d{2}-\d{2}$/.test(item.date) &&
    typeof item.time === 'string' &&
    /^\d{2}:00$/.test(item.time) &&
    typeof item.payAtVenueOnly === 'boolean'
  )
}

/**
 * A stored quantity as a number of people: none (a line saved before parties) is 1; a number-like
 * text is read; a fraction is rounded down; anything under 1, or not a number, is 1; past the most, the most.
 */
export function mendQuantity(value: unknown): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  if (typeof number !== 'number' || !Number.isFinite(number)) return 1
  return Math.min(maxPartySize, Math.max(1, Math.floor(number)))
}

/** Whether two lines book the same pass at the same venue, date and hour: one line with more people. */
export function sameBooking(a: Omit<CartItem, 'id' | 'quantity'>, b: Omit<CartItem, 'id' | 'quantity'>) {
  return (
    a.passId !== undefined &&
    a.gymId === b.gymId &&
    a.passId === b.passId &&
    a.date === b.date &&
    a.time === b.time
  )
}

/**
 * The lines with the same pass, date and time as one line (the first, keeping its id), their
 * people added up to the most a line can carry. A cart saved before parties kept one line per person.
 */
export function mergeLines(items: CartItem[]): CartItem[] {
  const merged: CartItem[] = []
  for (const item of items) {
    const index = merged.findIndex((line) => sameBooking(line, item))
    const line = merged[index]
    if (line) merged[index] = { ...line, quantity: Math.min(maxPartySize, line.quantity + item.quantity) }
    else merged.push(item)
  }
  return merged
}

/**
 * Reads a stored cart, keeping the valid lines and dropping anything damaged or from an old version;
 * a missing or bad quantity is mended, and lines for the same booking are merged.
 */
export function parseStoredCart(raw: string | null): CartItem[] {
  if (!raw) return []
  try {
    const value: unknown = JSON.parse(raw)
    if (!Array.isArray(value)) return []
    return mergeLines(
      value.filter(isCartItem).map((item) => ({ ...item, quantity: mendQuantity(item.quantity) })),
    )
  } catch {
    return []
  }
}

/**
 * A pass as a cart line, a booking and its e-mail name it: "name - description", or the name
 * alone when the pass has no description (a pass made from a venue application starts without one).
 */
export function passLineName(name: string, description: string): string {
  return description.trim() === '' ? name : `${name} - ${description}`
}

/**
 * The pass of a line saved before lines carried a passId, matched by the "name - description" text
 * it was saved with, in either language; undefined when no pass matches.
 */
export function legacyPassId(
  item: Pick<CartItem, 'passName'>,
  passes: { id: string; name: { en: string; ar: string }; description: { en: string; ar: string } }[],
): string | undefined {
  const saved = item.passName.trim()
  const match = passes.find((pass) =>
    (['en', 'ar'] as const).some(
      (language) => passLineName(pass.name[language], pass.description[language]) === saved,
    ),
  )
  return match?.id
}
