/** The browser's localStorage key for the cart (docs/product.md, "What is stored"). */
export const cartStorageKey = 'cart'

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
}

const textFields = ['id', 'gymId', 'gymName', 'passName', 'passPrice', 'location'] as const

// A plain guard rather than a zod schema: the cart loads on every page, and this keeps zod out of
// the first download.
export function isCartItem(value: unknown): value is CartItem {
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

/** Reads a stored cart, keeping the valid lines and dropping anything damaged or from an old version. */
export function parseStoredCart(raw: string | null): CartItem[] {
  if (!raw) return []
  try {
    const value: unknown = JSON.parse(raw)
    return Array.isArray(value) ? value.filter(isCartItem) : []
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
