import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { FastifyInstance } from 'fastify'
import { todayInBahrain } from '../../shared/bahrain-time.ts'
import type { Language } from '../../shared/i18n.ts'
import type { PageKey } from '../../shared/page-meta.ts'

/**
 * What the web app's server entry (src/web/entry-server.tsx, built into dist/ssr/) offers. Declared
 * here by shape, so the server does not import the web app's code.
 */
export interface PageRenderer {
  pageQueries(url: URL): { path: string }[]
  renderPage(url: URL, language: Language, data: unknown[]): Promise<{ html: string; namespaces: string[] }>
  serverState(url: URL, language: Language, data: unknown[], namespaces: string[]): unknown
}

/**
 * Public pages whose first screen is the same for every visitor, rendered into their HTML so it is
 * drawn before the app's code has run (docs/decisions/015). The rest depend on the visitor's session
 * or cart, and are drawn by the app in the browser; so is the FAQ, whose accordion (Radix) sets
 * inline styles that the Content-Security-Policy refuses in HTML (React sets them from script).
 */
const renderedPages = new Set<PageKey>(['home', 'gyms', 'gym', 'about', 'terms'])

/** The server entry built beside the web app (`<dist>/../ssr/entry-server.js`), if there is one. */
export async function loadPageRenderer(webDistDir: string): Promise<PageRenderer | undefined> {
  const entry = join(resolve(webDistDir), '..', 'ssr', 'entry-server.js')
  if (!existsSync(entry)) return undefined
  return (await import(pathToFileURL(entry).href)) as PageRenderer
}

export interface RenderedRoot {
  /** Replaces the template's empty `<div id="root"></div>`. */
  root: string
}

const cacheSize = 200

/**
 * Renders a page's first screen with the data the page would ask the API for, fetched through the
 * app's own routes (so it is exactly what the browser would get). The markup is kept per page,
 * language, Bahrain date and data, so a page is rendered again only when its data changes.
 * Undefined when the page is not rendered on the server or its data could not be had: the browser
 * then draws it as before.
 */
export function serverRender(app: FastifyInstance, renderer: PageRenderer) {
  const cache = new Map<string, { html: string; namespaces: string[] }>()
  return async (page: PageKey, url: URL, language: Language): Promise<RenderedRoot | undefined> => {
    if (!renderedPages.has(page)) return undefined
    try {
      const answers = await Promise.all(
        renderer
          .pageQueries(url)
          .map((query) =>
            app.inject({ method: 'GET', url: query.path, headers: { accept: 'application/json' } }),
          ),
      )
      if (answers.some((answer) => answer.statusCode !== 200)) return undefined
      const key = createHash('sha256')
        .update(
          [language, url.pathname, url.search, todayInBahrain(), ...answers.map((a) => a.body)].join('\0'),
        )
        .digest('base64')
      const data = answers.map((answer) => answer.json())
      let rendered = cache.get(key)
      if (!rendered) {
        rendered = await renderer.renderPage(url, language, data)
        if (cache.size >= cacheSize) cache.delete(cache.keys().next().value as string)
        cache.set(key, rendered)
      }
      const state = renderer.serverState(url, language, data, rendered.namespaces)
      return {
        root: `<div id="root">${rendered.html}</div><script type="application/json" id="server-state">${jsonForHtml(
          state,
        )}</script>`,
      }
    } catch (error) {
      app.log.error(
        { err: error, url: url.pathname },
        'server rendering failed; the browser renders the page',
      )
      return undefined
    }
  }
}

/** JSON inside a `<script>` data block: `<` is escaped so no text can close the tag. */
function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}
