import type { ReactElement } from 'react'
import { matchRoutes, type RouteObject, useRoutes } from 'react-router'
import { type PageDefinition, type PageKey, pageKeys, pageManifest } from '../shared/route-manifest.ts'
import { AppLayout } from './app/layout.tsx'
import { isLazyPage } from './app/lazy-page.tsx'
import { pageComponents } from './app/page-modules.ts'
import { RequireAuth, RequirePermission } from './features/accounts/route-guards.tsx'

/**
 * The route table, made from the route manifest (src/shared/route-manifest.ts): each page lazily
 * loaded, behind the guard its `access` names. The app uses React Router's declarative routes, not
 * its data router: nothing here uses loaders or actions, and the data router alone weighs 17 KiB
 * gzipped on the first page (docs/decisions/015).
 */
function pageRoute(key: PageKey): RouteObject {
  const Page = pageComponents[key]
  const { path, access }: PageDefinition = pageManifest[key]
  const route = { path, element: <Page />, handle: key }
  if (!access) return route
  const guard = access === 'signedIn' ? <RequireAuth /> : <RequirePermission permission={access} />
  return { element: guard, children: [route] }
}

/** The layout (header, footer, and an error boundary that keeps them when a page fails) around every page. */
export const routes: RouteObject[] = [{ element: <AppLayout />, children: pageKeys.map(pageRoute) }]

export function AppRoutes({ table = routes }: { table?: RouteObject[] }) {
  return useRoutes(table)
}

/** Loads the code of the page at `pathname`, so that it renders (server) or hydrates (browser) in one pass. */
export async function preloadPage(pathname: string, table: RouteObject[] = routes): Promise<void> {
  const matches = matchRoutes(table, pathname) ?? []
  await Promise.all(
    matches
      .map((match) => (match.route.element as ReactElement | undefined)?.type)
      .filter(isLazyPage)
      .map((page) => page.preload()),
  )
}
