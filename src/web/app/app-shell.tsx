import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { i18n as I18n } from 'i18next'
import { type ReactNode, StrictMode, Suspense, useEffect } from 'react'
import { I18nextProvider } from 'react-i18next'
import { adoptEarlyTyping, replayEarlyEvents } from '../early-events.ts'
import { CartProvider } from '../features/cart/cart-context.tsx'
import { contentHydrated } from './content-hydrated.tsx'
import { ErrorBoundary } from './error-boundary.tsx'
import { type InitialSlot, InitialSlotProvider } from './initial-slot.tsx'
import { RouteErrorScreen } from './route-error.tsx'

const noSlot: InitialSlot = { slot: 'page', pathname: '' }
/** How long held taps wait for the content area's hydration (measured: up to 0.6 s on a 4× slower CPU). */
const contentWaitMs = 3000

interface AppShellProps {
  i18n: I18n
  queryClient: QueryClient
  /** The router: BrowserRouter in the browser, StaticRouter on the server. */
  children: ReactNode
  /** What the server drew in the first page's content area; by default the page itself. */
  initialSlot?: InitialSlot
}

/** The providers around the routes, the same on the server and in the browser so that hydration matches. */
export function AppShell({ i18n, queryClient, children, initialSlot = noSlot }: AppShellProps) {
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <ErrorBoundary fallbackRender={({ error }) => <RouteErrorScreen error={error} standalone />}>
          <QueryClientProvider client={queryClient}>
            <CartProvider>
              <InitialSlotProvider value={initialSlot}>
                <Suspense>{children}</Suspense>
              </InitialSlotProvider>
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
 * server-rendered page is only HTML. Then does what the visitor did in the meantime
 * (src/web/early-events.ts), once the page's own effects have settled its state and its content
 * has been hydrated (for at most `contentWaitMs`): first the fields take what was typed (once React
 * has hydrated them), and once the app has drawn that, the held taps and submits are replayed, so
 * a submit sends what the visitor sees in the form.
 */
function AppReady() {
  useEffect(() => {
    document.documentElement.dataset.appReady = ''
    let active = true
    const content = Promise.race([
      contentHydrated,
      new Promise((resolve) => setTimeout(resolve, contentWaitMs)),
    ])
    let next = setTimeout(() => {
      void content.then(adoptEarlyTyping).finally(() => {
        if (active) next = setTimeout(replayEarlyEvents, 0)
      })
    }, 0)
    return () => {
      active = false
      clearTimeout(next)
    }
  }, [])
  return null
}
