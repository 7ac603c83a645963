import { useTranslation } from 'react-i18next'
import { lineProblemCodes } from '../../../shared/checkout.ts'

type ProblemCode = (typeof lineProblemCodes)[number]

export function isProblemCode(text: string): text is ProblemCode {
  return (lineProblemCodes as readonly string[]).includes(text)
}

/**
 * The checkout catalog, plus `say`: the shared schemas and the server give their messages in the
 * spec's English words, which the catalog's `errors` map translates (keyed by the English text).
 */
export function useCheckoutText() {
  const { t, i18n } = useTranslation('checkout')
  const map = t('errors', { returnObjects: true }) as Record<string, string> | string
  const say = (message: string) => (typeof map === 'object' ? (map[message] ?? message) : message)
  /** Why a line cannot be booked: a known problem code, or the server's own words. */
  const problem = (reason: string) => (isProblemCode(reason) ? t(`problems.${reason}`) : say(reason))
  const language = i18n.language === 'ar' ? ('ar' as const) : ('en' as const)
  /**
   * An e-mail address inside an Arabic sentence, isolated (U+2068…U+2069) so that it stays one
   * left-to-right run instead of being split and reordered around the right-to-left words.
   */
  const isolated = (text: string) => (language === 'ar' ? `\u2068${text}\u2069` : text)
  return { t, say, problem, language, isolated }
}
