import { hydrate, QueryClient } from '@tanstack/react-query'
import { setNonce } from 'get-nonce'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { AppShell } from './app/app-shell.tsx'
import { pageComponents } from './app/page-modules.ts'
import { type ServerState, serverStateElementId } from './app/server-state.ts'
import { initI18n } from './i18n.ts'
import { AppRoutes, preloadPage } from './router.tsx'

/**
 * Starts the app. Pages the server rendered are hydrated: their HTML is already on screen, so the
 * page's code, text and data are loaded first and the app then attaches to that HTML without
 * redrawing it. A page the server drew as a skeleton (docs/decisions/018) hydrates the layout at
 * once, and its page replaces the skeleton when its code has arrived.
 */
async function start() {
  const root = document.getElementById('root')
  if (!root) throw new Error('The page has no #root element')
  // The page's nonce for the <style> a dialog adds to lock the page's scrolling (the CSP's style-src).
  const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content
  if (nonce) setNonce(nonce)
  const serverState = readServerState()
  const { i18n, started } = initI18n(serverState?.language, serverState?.text)
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: true } },
  })
  const slot = serverState && {
    slot: serverState.slot,
    pathname: window.location.pathname,
    error: serverState.error,
  }
  const app = (
    <AppShell i18n={i18n} queryClient={queryClient} initialSlot={slot}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppShell>
  )
  if (!serverState) {
    createRoot(root).render(app)
    return
  }
  hydrate(queryClient, serverState.queries)
  const page = preloadPage(window.location.pathname)
  await Promise.all([
    serverState.slot === 'page' && page,
    serverState.slot === 'notFound' && pageComponents.notFound.preload(),
    // The page's text came with it: nothing to fetch.
    started,
  ])
  hydrateRoot(root, app)
}

function readServerState(): ServerState | undefined {
  const text = document.getElementById(serverStateElementId)?.textContent
  if (!text) return undefined
  try {
    return JSON.parse(text) as ServerState
  } catch {
    return undefined
  }
}

void start()
