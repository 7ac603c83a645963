import { lazy, Suspense, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet, useLocation } from 'react-router'
import { isLanguage } from '../../shared/i18n.ts'
import { isTeamPage, matchPage } from '../../shared/route-manifest.ts'
import { ContentHydrated } from './content-hydrated.tsx'
import { ErrorBoundary } from './error-boundary.tsx'
import { Footer } from './footer.tsx'
import { Header } from './header.tsx'
import { useContentSlot } from './initial-slot.tsx'
import { pageComponents } from './page-modules.ts'
import { PageSkeleton } from './page-skeleton.tsx'
import { RouteErrorScreen } from './route-error.tsx'
import { useScrollRestoration } from './scroll-restoration.tsx'

/** The team navigation's code loads with the first team page, never for a visitor. */
const TeamNav = lazy(() => import('./team-nav.tsx').then((module) => ({ default: module.TeamNav })))

/** Every page's frame: skip link, header, the page, footer; plus the page's title and description. */
export function AppLayout() {
  usePageMeta()
  useScrollRestoration()
  const { t } = useTranslation()
  const { pathname } = useLocation()
  // The server draws a team page as a skeleton, not knowing who is signed in: the navigation comes
  // with the page, once the browser draws it, so hydration matches what the server sent.
  const drawn = useContentSlot().slot === 'page'
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-3 focus:top-3 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2"
      >
        {t('skipToContent')}
      </a>
      <Header />
      {drawn && isTeamPage(matchPage(pathname).page) && (
        <Suspense fallback={null}>
          <TeamNav />
        </Suspense>
      )}
      {/* At least a screen tall, so the footer starts below the fold and does not jump down (a
          layout shift) when the page's code and data arrive. */}
      <main id="main" tabIndex={-1} className="min-h-dvh flex-1 focus:outline-none">
        {/* A failing page keeps the header and footer; moving to another page clears the error. */}
        <ErrorBoundary
          fallbackRender={({ error }) => <RouteErrorScreen error={error} />}
          resetKeys={[pathname]}
        >
          <Content />
        </ErrorBoundary>
      </main>
      <Footer />
    </div>
  )
}

/** The page, or what the server drew in its place (src/web/app/initial-slot.tsx). */
function Content() {
  const { t } = useTranslation()
  const { slot, error } = useContentSlot()
  if (slot === 'skeleton') return <PageSkeleton />
  if (slot === 'notFound') return <pageComponents.notFound />
  if (slot === 'error') return <RouteErrorScreen error={new Error(error ?? t('errors.serverFailed'))} />
  return (
    <Suspense fallback={<PageSkeleton />}>
      <Outlet />
      <ContentHydrated />
    </Suspense>
  )
}

function usePageMeta() {
  const { pathname } = useLocation()
  const { i18n } = useTranslation()
  useEffect(() => {
    const language = isLanguage(i18n.language) ? i18n.language : 'en'
    let current = true
    void import('./document-meta.ts').then(({ showPageMeta }) => {
      if (current) showPageMeta(pathname, language)
    })
    return () => {
      current = false
    }
  }, [pathname, i18n.language])
}
