import { clsx } from 'clsx'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { NavLink, useLocation } from 'react-router'
import type { Permission } from '../../shared/permissions.ts'
import {
  type PageDefinition,
  type PageKey,
  pageKeys,
  pageManifest,
  pagePath,
} from '../../shared/route-manifest.ts'
import { useSession } from '../features/accounts/api.ts'

/**
 * The team's pages with a navigation label, the team's home first, from the route manifest: a page
 * added there with `nav` and its permission appears here for those it admits, and nowhere else.
 */
const teamPages = pageKeys
  .filter((key) => (pageManifest[key] as PageDefinition).nav)
  .sort((a, b) => Number(b === 'teamHome') - Number(a === 'teamHome'))

/** The team pages the viewer may use, each with its path and label key (team.json). */
export function useTeamPages(): { key: PageKey; path: string; label: string }[] {
  const session = useSession()
  return teamPages
    .filter((key) => session.can((pageManifest[key] as PageDefinition).access as Permission))
    .map((key) => ({
      key,
      path: pagePath(key as Exclude<PageKey, 'notFound'>),
      label: `nav.${(pageManifest[key] as PageDefinition).nav}`,
    }))
}

/** One navigation over every team page, shown above each of them; loaded only on those pages. */
export function TeamNav() {
  const { t } = useTranslation('team')
  const pages = useTeamPages()
  const list = useRef<HTMLUListElement>(null)
  const { pathname } = useLocation()
  // On a phone the list scrolls sideways: the current page's link is brought into view, on every
  // navigation and once the links are known.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation on purpose
  useEffect(() => {
    list.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' })
  }, [pathname, pages.length])
  if (pages.length < 2) return null
  return (
    <nav aria-label={t('nav.label')} className="border-b border-brand-900/10 bg-sand-50">
      <ul ref={list} className="container-page flex gap-1 overflow-x-auto py-2">
        {pages.map(({ key, path, label }) => (
          <li key={key} className="shrink-0">
            <NavLink
              to={path}
              end
              className={({ isActive }) =>
                clsx(
                  'inline-block rounded-full px-3 py-1.5 text-sm font-semibold whitespace-nowrap',
                  isActive ? 'bg-brand-800 text-white' : 'text-brand-900 hover:bg-brand-50',
                )
              }
            >
              {t(label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
