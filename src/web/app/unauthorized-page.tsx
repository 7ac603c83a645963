import { useTranslation } from 'react-i18next'
import { pagePath } from '../../shared/route-manifest.ts'
import { ButtonLink } from '../components/ui/button.tsx'
import { MessagePage } from './message-page.tsx'

/** Where a signed-in visitor lands when a page needs a permission their role does not have. */
export function UnauthorizedPage() {
  const { t } = useTranslation()
  return (
    <MessagePage
      heading={t('unauthorized.heading')}
      icon={
        <svg viewBox="0 0 24 24" className="size-10" aria-hidden="true">
          <rect
            x="5"
            y="10.5"
            width="14"
            height="10"
            rx="2"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          />
          <path d="M8.5 10.5V8a3.5 3.5 0 0 1 7 0v2.5" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      }
    >
      <p>{t('unauthorized.body')}</p>
      <p>{t('unauthorized.whatNext')}</p>
      <div className="flex flex-wrap justify-center gap-3 pt-2">
        <ButtonLink to={pagePath('home')}>{t('unauthorized.home')}</ButtonLink>
        <ButtonLink to={pagePath('contact')} variant="secondary">
          {t('unauthorized.contact')}
        </ButtonLink>
      </div>
    </MessagePage>
  )
}
