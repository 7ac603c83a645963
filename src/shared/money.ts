/** Money is integer fils everywhere (1 BD = 1000 fils); it becomes text only at the edge. */
export const filsPerDinar = 1000

/** `14000` → `"BD 14.000"`. */
export function formatBhd(fils: number): string {
  if (!Number.isSafeInteger(fils)) throw new RangeError(`Not a whole number of fils: ${fils}`)
  const sign = fils < 0 ? '-' : ''
  const abs = Math.abs(fils)
  return `${sign}BD ${Math.floor(abs / filsPerDinar)}.${String(abs % filsPerDinar).padStart(3, '0')}`
}

/** The spec's PayPal conversion: USD = BHD × 2.65, rounded to cents. Returned as PayPal's decimal string. */
export function usdAmountForFils(fils: number): string {
  const cents = Math.round((fils * 265) / filsPerDinar)
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`
}

/** Parses a typed price such as "14", "14.5" or "14.250" into fils; undefined when it is not one. */
export function parseBhdToFils(text: string): number | undefined {
  const match = /^(\d{1,6})(?:\.(\d{0,3}))?$/.exec(text.trim())
  if (!match) return undefined
  return Number(match[1]) * filsPerDinar + Number((match[2] ?? '').padEnd(3, '0'))
}
