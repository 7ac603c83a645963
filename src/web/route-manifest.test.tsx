import type { ReactElement } from 'react'
import type { RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'
import { isTeamPage, pageKeys, pageManifest } from '../shared/route-manifest.ts'
import { isLazyPage } from './app/lazy-page.tsx'
import { moduleSpecifier, pageComponents, pageModuleLoaders } from './app/page-modules.ts'
import { teamPageModuleLoaders } from './app/team-pages.ts'
import { routes } from './router.tsx'

/** Every route under the layout, flattened through the guards, with its path and page. */
function pageRoutes(
  table: RouteObject[],
  guards: string[] = [],
): { path?: string; page: unknown; guards: string[] }[] {
  return table.flatMap((route) => {
    const element = route.element as ReactElement | undefined
    const type = element?.type as { name?: string } | undefined
    if (route.children) {
      const guard = type?.name && type.name !== 'AppLayout' ? [type.name] : []
      return pageRoutes(route.children, [...guards, ...guard])
    }
    return [{ path: route.path, page: element?.type, guards }]
  })
}

describe('the route manifest and the router', () => {
  it('have the same pages, each at its path, loaded from its module', async () => {
    const table = pageRoutes(routes)
    expect(table.map((route) => route.path).sort()).toEqual(
      pageKeys.map((key) => pageManifest[key].path).sort(),
    )
    for (const key of pageKeys) {
      const route = table.find((entry) => entry.path === pageManifest[key].path)
      expect(route?.page, key).toBe(pageComponents[key])
      expect(isLazyPage(route?.page), key).toBe(true)
      // A team page's module is in the team's own table, which visitors never load; any other in the public one.
      const module = moduleSpecifier(pageManifest[key].module)
      const [own, other] = isTeamPage(key)
        ? [teamPageModuleLoaders, pageModuleLoaders]
        : [pageModuleLoaders, teamPageModuleLoaders]
      expect(Object.keys(own), key).toContain(module)
      expect(Object.keys(other), key).not.toContain(module)
    }
    // Each page's module exports the component the manifest names.
    await Promise.all(pageKeys.map((key) => pageComponents[key].preload()))
  }, 120_000)

  it('has a lazily loaded page for every id of the manifest, and no other', () => {
    expect(Object.keys(pageComponents).sort()).toEqual([...pageKeys].sort())
  })

  it('puts the pages the manifest restricts behind their guard', () => {
    const table = pageRoutes(routes)
    const guarded = (path: string) => table.find((route) => route.path === path)?.guards
    expect(guarded(pageManifest.bookings.path)).toEqual(['RequireAuth'])
    expect(guarded(pageManifest.vendorApplications.path)).toEqual(['RequirePermission'])
    expect(guarded(pageManifest.home.path)).toEqual([])
  })
})
