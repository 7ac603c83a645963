import { useTranslation } from 'react-i18next'

/**
 * A moment (an ISO instant from the API) as a date, or a date and time, in Bahrain, in the visitor's
 * language with the digits 0–9 the whole site uses.
 */
export function useInstantText() {
  const { i18n } = useTranslation()
  const locale = i18n.language === 'ar' ? 'ar-BH-u-nu-latn' : 'en-GB'
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Asia/Bahrain' })
  const dateTime = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Bahrain',
  })
  return {
    date: (iso: string) => date.format(new Date(iso)),
    dateTime: (iso: string) => dateTime.format(new Date(iso)),
  }
}
