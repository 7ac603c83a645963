/** The languages the product speaks. English is the default; Arabic is laid out right to left. */
export const languages = ['en', 'ar'] as const
export type Language = (typeof languages)[number]
export const defaultLanguage: Language = 'en'

/** The cookie (and localStorage key) holding the visitor's language, read by the server for page metadata. */
export const languageCookie = 'lang'

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value)
}

export function directionOf(language: Language): 'ltr' | 'rtl' {
  return language === 'ar' ? 'rtl' : 'ltr'
}
