import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { todayInBahrain } from '../../../shared/bahrain-time.ts'
import type { Language } from '../../../shared/i18n.ts'
import { type PageKey, pageDefinition } from '../../../shared/route-manifest.ts'

type ServerSlot = 'page' | 'skeleton' | 'notFound' | 'error'
interface Slot {
  slot: ServerSlot
  error?: string
}

/**
 * What the web app's server entry (src/web/entry-server.tsx, built into dist/ssr/) offers. Declared
 * here by shape, so the server does not import the web app's code.
 */
export interface PageRenderer {
  pageQueries(url: URL): { path: string; fallback?: string }[]
  renderPage(
    url: URL,
    language: Language,
    data: unknown[],
    slot?: Slot,
  ): Promise<{ html: string; namespaces: string[] }>
  serverState(url: URL, language: Language, data: unknown[], namespaces: string[], slot?: Slot): unknown
  /** The inline script that holds a visitor's early taps until the app has started (docs/decisions/018). */
  earlyEventsScript: string
}

/** The server entry built beside the web app (`<dist>/../ssr/entry-server.js`), if there is one. */
export async function loadPageRenderer(webDistDir: string): Promise<PageRenderer | undefined> {
  const entry = join(resolve(webDistDir), '..', 'ssr', 'entry-server.js')
  if (!existsSync(entry)) return undefined
  return (await import(pathToFileURL(entry).href)) as PageRenderer
}

export interface RenderedRoot {
  /** Replaces the template's empty `<div id="root"></div>`. */
  root: string
  /** The page is drawn whole (not a skeleton): its code can wait until it is on screen. */
  complete: boolean
  /** 404 for the not-found page, 500 for the error screen. */
  status: number
}

const cacheSize = 200

/**
 * Renders every page's first screen on the server, as the route manifest says
 * (src/shared/route-manifest.ts, docs/decisions/015 and 018): the pages that are the same for every
 * visitor whole, with the data the page would ask the API for, fetched through the app's own
 * routes (so it is exactly what the browser would get); the others as the layout around a skeleton;
 * an unknown page as the not-found page; a page whose data or rendering failed as the error screen.
 * The markup is kept per page, language, Bahrain date and data, so a page is rendered again only
 * when its data changes. Undefined only when even the error screen could not be rendered: the
 * browser then draws the page.
 */
export function serverRender(app: FastifyInstance, renderer: PageRenderer) {
  const cache = new Map<string, { html: string; namespaces: string[] }>()
  const render = async (url: URL, language: Language, data: unknown[], slot: Slot, answers: string[]) => {
    const key = createHash('sha256')
      .update(
        [language, url.pathname, url.search, todayInBahrain(), slot.slot, slot.error, ...answers].join('\0'),
      )
      .digest('base64')
    let rendered = cache.get(key)
    if (!rendered) {
      rendered = await renderer.renderPage(url, language, data, slot)
      if (cache.size >= cacheSize) cache.delete(cache.keys().next().value as string)
      cache.set(key, rendered)
    }
    const state = renderer.serverState(url, language, data, rendered.namespaces, slot)
    // The browser's entry starts the app at once for a skeleton (src/web/boot.ts).
    const skeleton = slot.slot === 'skeleton' ? ' data-skeleton' : ''
    const root = `<div id="root">${rendered.html}</div><script type="application/json" id="server-state"${skeleton}>${jsonForHtml(
      state,
    )}</script>`
    return { root }
  }
  // `log` is the request's, so a failure is logged with its request id.
  return async (
    page: PageKey,
    url: URL,
    language: Language,
    log: FastifyBaseLogger = app.log,
  ): Promise<RenderedRoot | undefined> => {
    const whole = pageDefinition(page).render === 'page'
    try {
      if (page === 'notFound') {
        return { ...(await render(url, language, [], { slot: 'notFound' }, [])), complete: true, status: 404 }
      }
      if (!whole) {
        return {
          ...(await render(url, language, [], { slot: 'skeleton' }, [])),
          complete: false,
          status: 200,
        }
      }
      const get = (path: string) =>
        app.inject({ method: 'GET', url: path, headers: { accept: 'application/json' } })
      // A refused request with a fallback shows the fallback's answer (route-manifest.ts `fallback`).
      const answers = await Promise.all(
        renderer.pageQueries(url).map(async (query) => {
          const answer = await get(query.path)
          return answer.statusCode === 400 && query.fallback ? get(query.fallback) : answer
        }),
      )
      const failed = answers.find((answer) => answer.statusCode >= 500)
      if (failed) throw new Error(failed.json<{ error?: { message?: string } }>().error?.message)
      // Data the API refuses (400) with no fallback is the page's own business: the browser draws it and says so.
      if (answers.some((answer) => answer.statusCode !== 200)) {
        return {
          ...(await render(url, language, [], { slot: 'skeleton' }, [])),
          complete: false,
          status: 200,
        }
      }
      const bodies = answers.map((answer) => answer.body)
      const data = answers.map((answer) => answer.json())
      return { ...(await render(url, language, data, { slot: 'page' }, bodies)), complete: true, status: 200 }
    } catch (error) {
      log.error({ err: error, url: url.pathname }, 'server rendering failed; the error screen is sent')
      try {
        // The screen says so in the visitor's language (errors.serverFailed): no server detail is shown.
        const slot = { slot: 'error' as const }
        return { ...(await render(url, language, [], slot, [])), complete: true, status: 500 }
      } catch {
        return undefined
      }
    }
  }
}

/** JSON inside a `<script>` data block: `<` is escaped so no text can close the tag. */
function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}
