import { useTranslation } from 'react-i18next'
import { useErrorText } from '../../lib/error-text.ts'

/**
 * The vendors catalog, with `errorText` wording the form's error codes (useErrorText), and e-mail
 * addresses isolated inside Arabic sentences.
 */
export function useVendorsText() {
  const { t, i18n } = useTranslation('vendors')
  const errorText = useErrorText()
  const language = i18n.language === 'ar' ? ('ar' as const) : ('en' as const)
  /** U+2068…U+2069 keep an address one left-to-right run instead of reordering it around Arabic words. */
  const isolated = (text: string) => (language === 'ar' ? `\u2068${text}\u2069` : text)
  return { t, errorText, language, isolated }
}
