import type { Language } from './i18n.ts'
import { westernNumber } from './normalise/digits.ts'

/** Money is integer fils everywhere (1 BD = 1000 fils); it becomes text only at the edge. */
export const filsPerDinar = 1000

/**
 * `14000` → `"BD 14.000"` (the spec's English), or in Arabic `"14.000 د.ب"`, the amount first and
 * Bahrain's own abbreviation of the dinar after it, as Bahraini shops and banks write it. Western
 * digits in both, as the rest of the site uses (docs/decisions/019).
 */
export function formatBhd(fils: number, language: Language = 'en'): string {
  if (!Number.isSafeInteger(fils)) throw new RangeError(`Not a whole number of fils: ${fils}`)
  const sign = fils < 0 ? '-' : ''
  const abs = Math.abs(fils)
  const amount = `${sign}${Math.floor(abs / filsPerDinar)}.${String(abs % filsPerDinar).padStart(3, '0')}`
  return language === 'ar' ? `${amount} ${arabicDinar}` : `BD ${amount}`
}

/** Bahrain's Arabic abbreviation of the dinar (دينار بحريني). */
export const arabicDinar = 'د.ب'

/**
 * A price the API or a stored cart line carries as the spec's text ("BD 14.000"), written for the
 * language; text that is not such a price is returned as it is.
 */
export function localizeBhd(text: string, language: Language): string {
  const fils = /^-?BD \d/.test(text) ? parseBhdToFils(text.replace(/^(-?)BD /, '')) : undefined
  if (fils === undefined) return text
  return formatBhd(text.startsWith('-') ? -fils : fils, language)
}

/**
 * Parses a typed price such as "14", "14.5" or "14.250" into fils; undefined when it is not one.
 * Arabic-Indic and Persian digits and the Arabic decimal separator ("١٤٫٢٥٠") are read too.
 */
export function parseBhdToFils(text: string): number | undefined {
  const match = /^(\d{1,6})(?:\.(\d{0,3}))?$/.exec(westernNumber(text).trim())
  if (!match) return undefined
  return Number(match[1]) * filsPerDinar + Number((match[2] ?? '').padEnd(3, '0'))
}
