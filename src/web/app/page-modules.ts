import type { ComponentType } from 'react'
import { type PageKey, pageKeys, pageManifest } from '../../shared/route-manifest.ts'
import { type LazyPage, lazyPage } from './lazy-page.tsx'

/**
 * The browser's half of the route manifest (src/shared/route-manifest.ts): each page's code, loaded
 * on first visit from the module the manifest names, so its code and text stay out of the first
 * download. Keyed by the manifest's ids; route-manifest.test.ts checks that every module is here.
 */
export const pageModuleLoaders = import.meta.glob<Record<string, ComponentType>>([
  './*-page.tsx',
  '../features/*/pages/*-page.tsx',
  '!./message-page.tsx',
])

export const pageComponents = Object.fromEntries(
  pageKeys.map((key) => {
    const { module, component } = pageManifest[key]
    const load = pageModuleLoaders[moduleSpecifier(module)]
    const page = lazyPage(async () => {
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
