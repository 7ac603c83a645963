import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { directionOf, type Language } from '../../../shared/i18n.ts'
import { type PageMeta, pageMeta } from '../../../shared/page-meta.ts'
import { matchPage, type PageKey, pageDefinition } from '../../../shared/route-manifest.ts'
import { nameRouteForMetrics } from '../metrics/http-metrics.ts'
import { compressBody, preferredEncoding } from './content-encoding.ts'
import { sendError } from './errors.ts'
import { type PageImage, pagePreloads } from './page-preloads.ts'
import { compilePageTemplate, type SlotValues } from './page-template.ts'
import { withoutDocumentHeaders, withPageNonce } from './security.ts'
import type { RenderedRoot } from './server-render.ts'

const hashedAssetCache = 'public, max-age=31536000, immutable'

/**
 * Serves the built single-page app: hashed assets with long-lived caching (pre-compressed copies
 * when the build made them), and every page path with the app's HTML carrying that page's title,
 * description and language. Unknown paths get the same HTML with a 404 status and "not found"
 * metadata; unknown /api paths get a JSON 404.
 */
export interface VenuePageMeta extends PageMeta {
  /** schema.org description of the venue, written into the page as JSON-LD. */
  structuredData: object
}

interface WebAppOptions {
  distDir: string
  /** Serve the build's *.map files: in development only, production keeps its source to itself. */
  sourceMaps: boolean
  /** Title, description and structured data of a venue page; undefined for an unknown venue. */
  venueMeta(id: string, language: Language): Promise<VenuePageMeta | undefined>
  /** The image a page shows largest as it opens, preloaded with its HTML. */
  pageImage?(page: PageKey, url: URL): Promise<PageImage | undefined>
  /** The page's first screen rendered on the server (server-render.ts); undefined leaves it to the browser. */
  render?(
    page: PageKey,
    url: URL,
    language: Language,
    log: FastifyBaseLogger,
  ): Promise<RenderedRoot | undefined>
  /** The inline script, first in every page, that holds early taps until the app has started (docs/decisions/018). */
  earlyEventsScript?: string
}

export const webAppPlugin = fp<WebAppOptions>(async (app: FastifyInstance, options) => {
  const root = resolve(options.distDir)
  const indexPath = join(root, 'index.html')
  const template = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : undefined
  const renderPage = template ? compilePageTemplate(template) : undefined
  const preloads = pagePreloads(root)

  if (template) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      // A route per file the visitor asks for: the compressed copies are found beside each file,
      // and a route for each of them too would only lengthen every start.
      globIgnore: ['**/*.gz', '**/*.br', '.vite/**', ...(options.sourceMaps ? [] : ['**/*.map'])],
      // The build manifest (.vite/) is for the server, not for visitors.
      dotfiles: 'ignore',
      allowedPath: (path) => options.sourceMaps || !path.endsWith('.map'),
      // We set cache-control ourselves: hashed files are immutable, the rest short-lived.
      cacheControl: false,
      setHeaders(reply, filePath) {
        const hashed = filePath.includes('/assets/')
        reply.header('cache-control', hashed ? hashedAssetCache : 'public, max-age=3600')
        if (hashed) withoutDocumentHeaders(reply.raw, filePath)
      },
    })
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/'
    if (
      path === '/api' ||
      path.startsWith('/api/') ||
      !renderPage ||
      !['GET', 'HEAD'].includes(request.method)
    ) {
      return sendError(reply, 404, 'NOT_FOUND', { params: { method: request.method, path } })
    }
    const language = request.language
    const url = new URL(request.url, 'http://localhost')
    const match = matchPage(url.pathname)
    const venueId = match.page === 'gym' ? match.params.id : undefined
    const venue = venueId ? await options.venueMeta(venueId, language) : undefined
    // An unknown venue is an unknown page: drawn as "Page not found", with a 404.
    const page: PageKey = venueId && !venue ? 'notFound' : match.page
    const meta = venue ?? pageMeta(page, language)
    if (page !== 'notFound') nameRouteForMetrics(request, pageDefinition(page).path)
    const image = page === 'notFound' ? undefined : await options.pageImage?.(page, url)
    const rendered = await options.render?.(page, url, language, request.log)
    const nonce = randomBytes(16).toString('base64')
    const policy = reply.raw.getHeader('content-security-policy')
    if (typeof policy === 'string')
      reply.raw.setHeader('content-security-policy', withPageNonce(policy, nonce))
    const hints = `<meta name="csp-nonce" content="${nonce}">${preloads(page, url, language, image, rendered)}`
    const early = options.earlyEventsScript
      ? `<script nonce="${nonce}">${options.earlyEventsScript.replace(/<\//g, () => '<\\/')}</script>`
      : ''
    const html = renderPage(pageSlots(meta, language, hints, early, venue?.structuredData, rendered))
    reply
      .code(rendered?.status ?? (page === 'notFound' ? 404 : 200))
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8')
    // This handler is no route, so @fastify/compress leaves its answers alone: compress here.
    const encoding = preferredEncoding(request.headers['accept-encoding'])
    if (!encoding) return reply.send(html)
    return reply.header('content-encoding', encoding).send(await compressBody(html, encoding))
  })
})

/** The page's slots, each escaped for its place; joined into the template without any replacing. */
function pageSlots(
  meta: PageMeta,
  language: Language,
  hints: string,
  early: string,
  structuredData?: object,
  rendered?: RenderedRoot,
): SlotValues {
  const title = escapeHtml(meta.title)
  const description = escapeHtml(meta.description)
  return {
    htmlTag: `<html lang="${language}" dir="${directionOf(language)}">`,
    afterCharset: early,
    title,
    description,
    ogTitle: title,
    ogDescription: description,
    headEnd: `${hints}${structuredData ? jsonLdScript(structuredData) : ''}`,
    ...(rendered ? { root: rendered.root } : {}),
  }
}

/** A JSON-LD data block: not executed, so the CSP allows it; `<` is escaped so text cannot end the tag. */
function jsonLdScript(data: object): string {
  return `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
