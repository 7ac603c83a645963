/**
 * The countries a venue application may name, by ISO 3166 code, Bahrain first: the marketplace
 * lists venues in Bahrain and its GCC neighbours (docs/decisions/043).
 */
export const countryLabels = {
  BH: { en: 'Bahrain', ar: 'البحرين' },
  SA: { en: 'Saudi Arabia', ar: 'السعودية' },
  AE: { en: 'United Arab Emirates', ar: 'الإمارات العربية المتحدة' },
  KW: { en: 'Kuwait', ar: 'الكويت' },
  QA: { en: 'Qatar', ar: 'قطر' },
  OM: { en: 'Oman', ar: 'عُمان' },
} as const

export type CountryCode = keyof typeof countryLabels
export const countryCodes = Object.keys(countryLabels) as [CountryCode, ...CountryCode[]]
export const defaultCountry: CountryCode = 'BH'

/** A stored country in a language: a code by its name, text from before the codes as it was typed. */
export function countryName(stored: string, language: 'en' | 'ar'): string {
  return Object.hasOwn(countryLabels, stored) ? countryLabels[stored as CountryCode][language] : stored
}
