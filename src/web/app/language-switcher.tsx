import { clsx } from 'clsx'
import { useTranslation } from 'react-i18next'

/** Switches between English and Arabic; the choice is saved and the layout mirrors. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation()
  const next = i18n.language === 'ar' ? 'en' : 'ar'
  return (
    <button
      type="button"
      lang={next}
      onClick={() => void i18n.changeLanguage(next)}
      aria-label={t('nav.switchLanguageLabel')}
      className={clsx(
        'rounded-full border border-brand-900/15 px-3 py-2 text-sm font-semibold text-brand-900 hover:bg-brand-50',
        // On an English page this one Arabic word is drawn in the system's Arabic font: in ours it
        // would download a 46 KB font file with every English page.
        next === 'ar' && 'font-[system-ui,sans-serif]',
      )}
    >
      {t('nav.switchLanguage')}
    </button>
  )
}
