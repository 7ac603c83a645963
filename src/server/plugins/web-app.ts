import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { defaultLanguage, directionOf, isLanguage, type Language, languageCookie } from '../../shared/i18n.ts'
import { pageMeta } from '../../shared/page-meta.ts'
import { pageForPath } from '../../shared/routes.ts'
import { sendError } from './errors.ts'

const hashedAssetCache = 'public, max-age=31536000, immutable'

/**
 * Serves the built single-page app: hashed assets with long-lived caching (pre-compressed copies
 * when the build made them), and every page path with the app's HTML carrying that page's title,
 * description and language. Unknown paths get the same HTML with a 404 status and "not found"
 * metadata; unknown /api paths get a JSON 404.
 */
export const webAppPlugin = fp<{ distDir: string }>(async (app: FastifyInstance, options) => {
  const root = resolve(options.distDir)
  const indexPath = join(root, 'index.html')
  const template = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : undefined

  if (template) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      // We set cache-control ourselves: hashed files are immutable, the rest short-lived.
      cacheControl: false,
      setHeaders(res, filePath) {
        res.setHeader(
          'cache-control',
          filePath.includes('/assets/') ? hashedAssetCache : 'public, max-age=3600',
        )
      },
    })
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/'
    if (
      path === '/api' ||
      path.startsWith('/api/') ||
      !template ||
      !['GET', 'HEAD'].includes(request.method)
    ) {
      return sendError(reply, 404, { code: 'NOT_FOUND', message: `No route ${request.method} ${path}` })
    }
    const page = pageForPath(path)
    const language = requestLanguage(request)
    return reply
      .code(page ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(renderPage(template, page ?? 'notFound', language))
  })
})

function renderPage(template: string, page: Parameters<typeof pageMeta>[0], language: Language): string {
  const meta = pageMeta(page, language)
  const title = escapeHtml(meta.title)
  const description = escapeHtml(meta.description)
  return template
    .replace(/<html[^>]*>/, `<html lang="${language}" dir="${directionOf(language)}">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace(/(<meta name="description" content=")[^"]*(")/, `$1${description}$2`)
    .replace(/(<meta property="og:title" content=")[^"]*(")/, `$1${title}$2`)
    .replace(/(<meta property="og:description" content=")[^"]*(")/, `$1${description}$2`)
}

/** The visitor's chosen language (cookie), else their browser's preference, else English. */
function requestLanguage(request: FastifyRequest): Language {
  const cookie = request.headers.cookie?.match(new RegExp(`(?:^|;\\s*)${languageCookie}=([a-z]+)`))?.[1]
  if (isLanguage(cookie)) return cookie
  const accepted = request.headers['accept-language']?.trim().slice(0, 2).toLowerCase()
  return isLanguage(accepted) ? accepted : defaultLanguage
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
