import { useTranslation } from 'react-i18next'

/**
 * The shared schemas give their messages in English, the spec's words. In Arabic they are looked
 * up in the accounts catalog's `errors` map, keyed by the English text.
 */
export function useErrorText() {
  const { t } = useTranslation('accounts')
  const map = t('errors', { returnObjects: true }) as Record<string, string> | string
  return (message: string) => (typeof map === 'object' ? (map[message] ?? message) : message)
}
