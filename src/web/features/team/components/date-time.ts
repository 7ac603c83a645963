import { useTranslation } from 'react-i18next'

/** A moment as a date and time in Bahrain, in the visitor's language. */
export function useDateTime() {
  const { i18n } = useTranslation()
  const format = new Intl.DateTimeFormat(i18n.language === 'ar' ? 'ar-BH' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Bahrain',
  })
  return (iso: string) => format.format(new Date(iso))
}
