import { dehydrate, QueryClient, type QueryKey } from '@tanstack/react-query'
import { createInstance, type Resource } from 'i18next'
import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router'
import { defaultLanguage, type Language, languages } from '../shared/i18n.ts'
import { venueIdFromPath } from '../shared/routes.ts'
import { AppShell } from './app/app-shell.tsx'
import type { ServerState } from './app/server-state.ts'
import { gymQuery, gymsQuery } from './features/catalog/api.ts'
import { AppRoutes, preloadPage } from './router.tsx'

/**
 * Server rendering of the public pages, so that a visitor sees the page before the app's code has
 * run (docs/decisions/015). Built by `vite build --ssr` into dist/ssr/ and loaded by the API server
 * (src/server/plugins/server-render.ts), which fetches the data through its own routes.
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

export interface PageQuery {
  queryKey: QueryKey
  /** The API path whose JSON answer is the query's data. */
  path: string
}

/** The API answers a page shows as it opens, under the query keys the page reads them by. */
export function pageQueries(url: URL): PageQuery[] {
  if (url.pathname === '/gyms') return [gymsQuery(url.searchParams.get('search')?.trim() ?? '')]
  const venueId = venueIdFromPath(url.pathname)
  return venueId ? [gymQuery(venueId)] : []
}

export interface RenderedPage {
  /** The markup that goes inside `<div id="root">`. */
  html: string
  /** The message catalogs the page used. */
  namespaces: string[]
}

/** Renders the page at `url` in `language`, with `data` holding the answer for each of its `pageQueries`. */
export async function renderPage(url: URL, language: Language, data: unknown[]): Promise<RenderedPage> {
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
  await preloadPage(url.pathname)
  const html = renderToString(
    <AppShell i18n={i18n} queryClient={queryClientWith(url, data)}>
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
): ServerState {
  return { language, queries: dehydrate(queryClientWith(url, data)), namespaces }
}

function queryClientWith(url: URL, data: unknown[]): QueryClient {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  pageQueries(url).forEach((query, index) => {
    queryClient.setQueryData(query.queryKey, data[index])
  })
  return queryClient
}
