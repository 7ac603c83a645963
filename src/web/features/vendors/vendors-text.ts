import { useTranslation } from 'react-i18next'

/**
 * The vendors catalog, with the shared schema's English messages looked up in its `errors` map
 * (so they read in Arabic too), and e-mail addresses isolated inside Arabic sentences.
 */
export function useVendorsText() {
  const { t, i18n } = useTranslation('vendors')
  const messages = t('errors', { returnObjects: true }) as Record<string, string> | string
  const say = (message?: string) =>
    message ? (typeof messages === 'object' ? (messages[message] ?? message) : message) : undefined
  const language = i18n.language === 'ar' ? ('ar' as const) : ('en' as const)
  /** U+2068…U+2069 keep an address one left-to-right run instead of reordering it around Arabic words. */
  const isolated = (text: string) => (language === 'ar' ? `\u2068${text}\u2069` : text)
  return { t, say, language, isolated }
}
