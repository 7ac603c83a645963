import { useTranslation } from 'react-i18next'

/** Picks the visitor's language from a `{en, ar}` pair that the API sends. */
export function useLocalized() {
  const { i18n } = useTranslation()
  const language = i18n.language === 'ar' ? 'ar' : 'en'
  return (text: { en: string; ar: string }) => text[language]
}
