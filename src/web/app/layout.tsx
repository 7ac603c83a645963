import { Suspense, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet, ScrollRestoration, useLocation } from 'react-router'
import { isLanguage } from '../../shared/i18n.ts'
import { type PageMeta, pageMeta } from '../../shared/page-meta.ts'
import { pageForPath } from '../../shared/routes.ts'
import { SessionLoading } from '../features/accounts/route-guards.tsx'
import { Footer } from './footer.tsx'
import { Header } from './header.tsx'

/** Every page's frame: skip link, header, the page, footer; plus the page's title and description. */
export function AppLayout() {
  usePageMeta()
  const { t } = useTranslation()
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-3 focus:top-3 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2"
      >
        {t('skipToContent')}
      </a>
      <Header />
      {/* At least a screen tall, so the footer starts below the fold and does not jump down (a
          layout shift) when the page's code and data arrive. */}
      <main id="main" tabIndex={-1} className="min-h-dvh flex-1 focus:outline-none">
        <Suspense fallback={<SessionLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  )
}

export function setDocumentMeta(meta: PageMeta) {
  document.title = meta.title
  document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description)
}

function usePageMeta() {
  const { pathname } = useLocation()
  const { i18n } = useTranslation()
  useEffect(() => {
    const page = pageForPath(pathname) ?? 'notFound'
    // A venue page names itself after the venue once it has loaded it.
    if (page === 'gym') return
    const language = isLanguage(i18n.language) ? i18n.language : 'en'
    setDocumentMeta(pageMeta(page, language))
  }, [pathname, i18n.language])
}
