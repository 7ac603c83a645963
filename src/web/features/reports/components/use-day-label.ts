import { useTranslation } from 'react-i18next'

/** `2026-12-01` → "Tue 1 Dec" (English) or its Arabic, in Western digits as the rest of the site. */
export function useDayLabel() {
  const { i18n } = useTranslation()
  const format = new Intl.DateTimeFormat(i18n.language === 'ar' ? 'ar-BH-u-nu-latn' : 'en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  })
  return (date: string) => format.format(new Date(`${date}T00:00:00Z`))
}

/** `2026-11` → "November 2026", or its Arabic. */
export function useMonthLabel() {
  const { i18n } = useTranslation()
  const format = new Intl.DateTimeFormat(i18n.language === 'ar' ? 'ar-BH-u-nu-latn' : 'en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })
  return (month: string) => format.format(new Date(`${month}-01T00:00:00Z`))
}
