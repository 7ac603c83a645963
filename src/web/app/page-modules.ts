import type { ComponentType } from 'react'
import { isTeamPage, type PageKey, pageKeys, pageManifest } from '../../shared/route-manifest.ts'
import { type LazyPage, lazyPage } from './lazy-page.tsx'

type PageModuleLoaders = Record<string, () => Promise<Record<string, ComponentType>>>

/**
 * The browser's half of the route manifest (src/shared/route-manifest.ts): each page's code, loaded
 * on first visit from the module the manifest names, so its code and text stay out of the first
 * download. These are the pages anyone may see; the team's are listed in ./team-pages.ts, a chunk
 * loaded with the first team page (the patterns after `!` are its). Keyed by the manifest's ids;
 * route-manifest.test.tsx checks that every module is in the half its access says.
 */
export const pageModuleLoaders: PageModuleLoaders = import.meta.glob<Record<string, ComponentType>>([
  './*-page.tsx',
  '../features/*/pages/*-page.tsx',
  '!./message-page.tsx',
  '!./lazy-page.tsx',
  '!../features/team/pages/*-page.tsx',
  '!../features/desk/pages/*-page.tsx',
  '!../features/reports/pages/*-page.tsx',
  '!../features/venue-admin/pages/*-page.tsx',
  '!../features/vendors/pages/vendor-application-page.tsx',
  '!../features/vendors/pages/vendor-applications-page.tsx',
  '!../features/bookings/pages/stuck-refunds-page.tsx',
  '!../features/reviews/pages/team-reviews-page.tsx',
])

/** The team's pages' loaders: a chunk of their own, fetched when a team page is first shown. */
export async function teamPageModuleLoaders(): Promise<PageModuleLoaders> {
  return (await import('./team-pages.ts')).teamPageModuleLoaders
}

export const pageComponents = Object.fromEntries(
  pageKeys.map((key) => {
    const { module, component } = pageManifest[key]
    const page = lazyPage(async () => {
      const loaders = isTeamPage(key) ? await teamPageModuleLoaders() : pageModuleLoaders
      const load = loaders[moduleSpecifier(module)]
      if (!load) throw new Error(`The route manifest names ${module}, which is not a page module`)
      const loaded = (await load())[component]
      if (!loaded) throw new Error(`${module} has no export ${component}`)
      return loaded
    })
    return [key, page]
  }),
) as Record<PageKey, LazyPage>

/** The glob's key for a module named relative to src/web/. */
export function moduleSpecifier(module: string): string {
  return module.startsWith('app/') ? `./${module.slice('app/'.length)}` : `../${module}`
}
