import type { CodeSplittingGroup } from 'rolldown'

/**
 * The pages a visitor most often arrives on, whose first download the pages bench measures
 * (docs/decisions/018). Their code is fetched after the first paint over HTTP/1.1's six
 * connections, where each file costs a round trip: left to itself the bundler cuts what they share
 * into some twenty files of a few hundred bytes each.
 */
const visitorPages: Record<string, string> = {
  home: 'src/web/features/home/pages/home-page.tsx',
  venues: 'src/web/features/catalog/pages/venues-page.tsx',
  venue: 'src/web/features/catalog/pages/venue-page.tsx',
}
const appStart = 'src/web/main.tsx'

/** A page's name, `app` or `entry` for the modules the search stops at. */
function rootOf(id: string, context: ModuleInfoOf): string | undefined {
  const page = Object.keys(visitorPages).find((name) => id.endsWith(visitorPages[name] as string))
  if (page) return page
  if (id.endsWith(appStart)) return 'app'
  if (context.getModuleInfo(id)?.isEntry) return 'entry'
  return undefined
}

type ModuleInfoOf = Parameters<Extract<CodeSplittingGroup['name'], (...args: never[]) => unknown>>[1]

/**
 * Chunk groups that give each of those pages a few files. The app's start is one (`app-modules`:
 * main.tsx and its modules), with what all three pages import: each loads it anyway. Its chunk is
 * the one index.html's entry imports, which the server and the benches find as that entry's dynamic
 * import (main.tsx is no chunk of its own). The rest of the pages' code is grouped
 * by which of them import it: a module two of them import goes with the others those two import,
 * one page's with that page's. A page loads no other page's code; a page outside the three loads
 * the group of a module it shares with them once the app has started, and so some of their code.
 *
 * The groups run from the most shared to the least, so a module's imports are placed before it is
 * (they are imported by at least the same pages): each chunk imports only chunks shared more widely,
 * and none imports one that imports it. Code loaded later (a dialog, the carousel's engine), the
 * entry's (boot.ts, before the first paint) and the team's are left to the bundler.
 */
export function visitorPageGroups(): CodeSplittingGroup[] {
  const reached = new Map<string, Set<string>>()
  /** Which page roots (or `app`, `entry`) reach a module through static imports. */
  const rootsOf = (id: string, context: ModuleInfoOf): Set<string> => {
    const known = reached.get(id)
    if (known) return known
    const roots = new Set<string>()
    const seen = new Set([id])
    const queue = [id]
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
      const root = rootOf(next, context)
      if (root) {
        roots.add(root)
        continue
      }
      for (const importer of context.getModuleInfo(next)?.importers ?? [])
        if (!seen.has(importer)) {
          seen.add(importer)
          queue.push(importer)
        }
    }
    reached.set(id, roots)
    return roots
  }
  const app: CodeSplittingGroup = {
    name: (id, context) => {
      if (id.endsWith(appStart)) return 'app-modules'
      if (rootOf(id, context)) return null
      const roots = rootsOf(id, context)
      if (roots.has('entry')) return null
      const everyPage = Object.keys(visitorPages).every((page) => roots.has(page))
      return roots.has('app') || everyPage ? 'app-modules' : null
    },
    includeDependenciesRecursively: false,
  }
  const shared = (count: number): CodeSplittingGroup => ({
    name: (id, context) => {
      if (rootOf(id, context)) return null
      const roots = rootsOf(id, context)
      if (roots.has('app') || roots.has('entry')) return null
      const pages = Object.keys(visitorPages).filter((page) => roots.has(page))
      return pages.length === count ? `visitor-${pages.join('-')}` : null
    },
    includeDependenciesRecursively: false,
  })
  const pageCount = Object.keys(visitorPages).length
  const counts = Array.from({ length: pageCount - 1 }, (_, index) => pageCount - 1 - index)
  return [app, ...counts.map(shared)]
}
