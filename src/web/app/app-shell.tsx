import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { i18n as I18n } from 'i18next'
import { type ReactNode, StrictMode, Suspense, useEffect } from 'react'
import { ErrorBoundary } from 'react-error-boundary'
import { I18nextProvider } from 'react-i18next'
import { CartProvider } from '../features/cart/cart-context.tsx'
import { RouteErrorScreen } from './route-error.tsx'

interface AppShellProps {
  i18n: I18n
  queryClient: QueryClient
  /** The router: BrowserRouter in the browser, StaticRouter on the server. */
  children: ReactNode
}

/** The providers around the routes, the same on the server and in the browser so that hydration matches. */
export function AppShell({ i18n, queryClient, children }: AppShellProps) {
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <ErrorBoundary fallbackRender={({ error }) => <RouteErrorScreen error={error} standalone />}>
          <QueryClientProvider client={queryClient}>
            <CartProvider>
              <Suspense>{children}</Suspense>
              <AppReady />
            </CartProvider>
          </QueryClientProvider>
        </ErrorBoundary>
      </I18nextProvider>
    </StrictMode>
  )
}

/**
 * Marks `<html data-app-ready>` once the app has drawn or hydrated the page: before that, a
 * server-rendered page is only HTML. The browser tests wait for it before they act.
 */
function AppReady() {
  useEffect(() => {
    document.documentElement.dataset.appReady = ''
  }, [])
  return null
}
