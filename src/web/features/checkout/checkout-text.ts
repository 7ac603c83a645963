import { useTranslation } from 'react-i18next'

/** The checkout catalog, and e-mail addresses isolated inside Arabic sentences. */
export function useCheckoutText() {
  const { t, i18n } = useTranslation('checkout')
  const language = i18n.language === 'ar' ? ('ar' as const) : ('en' as const)
  /**
   * An e-mail address inside an Arabic sentence, isolated (U+2068…U+2069) so that it stays one
   * left-to-right run instead of being split and reordered around the right-to-left words.
   */
  const isolated = (text: string) => (language === 'ar' ? `\u2068${text}\u2069` : text)
  return { t, language, isolated }
}
