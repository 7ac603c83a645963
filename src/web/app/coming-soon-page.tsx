import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { isLanguage } from '../../shared/i18n.ts'
import { pageHeading } from '../../shared/page-meta.ts'
import { pageForPath } from '../../shared/routes.ts'
import { ButtonLink } from '../components/ui/button.tsx'
import { MessagePage } from './message-page.tsx'

/** The body of a page whose feature is still being built: its real title, and where to go meanwhile. */
export function ComingSoonPage() {
  const { t, i18n } = useTranslation()
  const { pathname } = useLocation()
  const language = isLanguage(i18n.language) ? i18n.language : 'en'
  const title = pageHeading(pageForPath(pathname) ?? 'notFound', language)
  return (
    <MessagePage
      heading={title}
      icon={
        <svg viewBox="0 0 24 24" className="size-10" aria-hidden="true">
          <circle cx="12" cy="12" r="8.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M12 7.5V12l3 2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      }
    >
      <p className="text-lg font-semibold text-brand-700">{t('comingSoon.heading')}</p>
      <p>{t('comingSoon.body')}</p>
      <div className="flex flex-wrap justify-center gap-3 pt-2">
        <ButtonLink to="/gyms">{t('comingSoon.gyms')}</ButtonLink>
        <ButtonLink to="/contact" variant="secondary">
          {t('comingSoon.contact')}
        </ButtonLink>
      </div>
    </MessagePage>
  )
}
