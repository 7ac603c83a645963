import { useTranslation } from 'react-i18next'
import { formatBhd, localizeBhd } from '../../shared/money.ts'

/**
 * Prices in the visitor's language: "BD 14.000" in English, "14.000 د.ب" in Arabic. Takes fils, or
 * the spec's price text that the API and stored cart lines carry.
 */
export function useMoney() {
  const { i18n } = useTranslation()
  const language = i18n.language === 'ar' ? 'ar' : 'en'
  return (price: number | string) =>
    typeof price === 'number' ? formatBhd(price, language) : localizeBhd(price, language)
}
