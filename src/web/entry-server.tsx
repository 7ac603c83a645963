import { dehydrate, QueryClient } from '@tanstack/react-query'
import { createInstance, type Resource } from 'i18next'
import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router'
import { defaultLanguage, type Language, languages } from '../shared/i18n.ts'
import { type PageRequest, pageRequests } from '../shared/route-manifest.ts'
import { AppShell } from './app/app-shell.tsx'
import { pageComponents } from './app/page-modules.ts'
import type { ServerSlot, ServerState } from './app/server-state.ts'
import { captureEarlyEvents } from './early-events.ts'
import { AppRoutes, preloadPage } from './router.tsx'

/**
 * The inline script the server puts first in every page's `<head>` (docs/decisions/018). Made here,
 * not beside the function, so that the browser's bundles, which only replay, leave its source out.
 */
export const earlyEventsScript = `(${captureEarlyEvents.toString()})()`

/**
 * Server rendering of the public pages, so that a visitor sees the page before the app's code has
 * run (docs/decisions/015). Built by `vite build --ssr` into dist/ssr/ and loaded by the API server
 * (src/server/platform/http/server-render.ts), which fetches the data through its own routes.
 */

// On the server every catalog is at hand: a page renders in one pass, in any language.
const catalogs = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', {
  eager: true,
  import: 'default',
})
const resources: Resource = {}
for (const [file, catalog] of Object.entries(catalogs)) {
  const [, language, namespace] = /\.\/locales\/(\w+)\/([\w-]+)\.json$/.exec(file) ?? []
  if (language && namespace) resources[language] = { ...resources[language], [namespace]: catalog }
}

/** The API answers a page shows as it opens (the route manifest's `requests`), for the server to fetch. */
export function pageQueries(url: URL): PageRequest[] {
  return pageRequests(url)
}

export interface RenderedPage {
  /** The markup that goes inside `<div id="root">`. */
  html: string
  /** The message catalogs the page used. */
  namespaces: string[]
}

/** What the server draws in the content area, and the error screen's text for `error`. */
export interface Slot {
  slot: ServerSlot
  error?: string
}

/**
 * Renders the page at `url` in `language`, with `data` holding the answer for each of its
 * `pageQueries`: the whole page, or the layout around a skeleton, the not-found page or the error
 * screen (`slot`).
 */
export async function renderPage(
  url: URL,
  language: Language,
  data: unknown[],
  { slot, error }: Slot = { slot: 'page' },
): Promise<RenderedPage> {
  const i18n = createInstance()
  await i18n.init({
    lng: language,
    fallbackLng: defaultLanguage,
    supportedLngs: [...languages],
    resources,
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  })
  if (slot === 'page') await preloadPage(url.pathname)
  if (slot === 'notFound') await pageComponents.notFound.preload()
  const html = renderToString(
    <AppShell
      i18n={i18n}
      queryClient={queryClientWith(url, data)}
      initialSlot={{ slot, pathname: url.pathname, error }}
    >
      <StaticRouter location={`${url.pathname}${url.search}`}>
        <AppRoutes />
      </StaticRouter>
    </AppShell>,
  )
  // react-i18next records each namespace a component asked for on the instance.
  const used = (i18n as { reportNamespaces?: { getUsedNamespaces(): string[] } }).reportNamespaces
  return { html, namespaces: used?.getUsedNamespaces() ?? [] }
}

/**
 * What the browser needs to hydrate a rendered page. Made for each answer rather than kept with the
 * markup, so the data counts as fresh from now and the browser does not fetch it again at once.
 */
export function serverState(
  url: URL,
  language: Language,
  data: unknown[],
  namespaces: string[],
  { slot, error }: Slot = { slot: 'page' },
): ServerState {
  const text = Object.fromEntries(
    [...new Set(['common', ...namespaces])].map((namespace) => [
      namespace,
      resources[language]?.[namespace] ?? {},
    ]),
  ) as ServerState['text']
  return { language, queries: dehydrate(queryClientWith(url, data)), text, slot, error }
}

function queryClientWith(url: URL, data: unknown[]): QueryClient {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  pageQueries(url).forEach((query, index) => {
    if (data[index] !== undefined) queryClient.setQueryData(query.queryKey, data[index])
  })
  return queryClient
}
