import { useTranslation } from 'react-i18next'
import { pagePath } from '../../shared/route-manifest.ts'
import { ButtonLink } from '../components/ui/button.tsx'
import { MessagePage } from './message-page.tsx'

export function NotFoundPage() {
  const { t } = useTranslation()
  return (
    <MessagePage
      heading={t('notFound.heading')}
      icon={
        <svg viewBox="0 0 24 24" className="size-10" aria-hidden="true">
          <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M16 16l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      }
    >
      <p>{t('notFound.body')}</p>
      <div className="flex flex-wrap justify-center gap-3 pt-2">
        <ButtonLink to={pagePath('home')}>{t('notFound.home')}</ButtonLink>
        <ButtonLink to={pagePath('gyms')} variant="secondary">
          {t('notFound.gyms')}
        </ButtonLink>
      </div>
    </MessagePage>
  )
}
