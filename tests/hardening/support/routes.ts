import type { FastifyInstance } from 'fastify'

export interface AppRoute {
  method: string
  /** As registered, e.g. /api/gyms/:id or /api/auth/* */
  url: string
}

/** better-auth's catch-all, and the sub-paths of it that the site uses (each must be covered). */
export const authCatchAll = '/api/auth/*'
export const authSubPaths = [
  'POST /api/auth/sign-in/email',
  'POST /api/auth/sign-up/email',
  'POST /api/auth/sign-in/anonymous',
  'POST /api/auth/request-password-reset',
  'POST /api/auth/reset-password',
  'GET /api/auth/reset-password/:token',
  'POST /api/auth/send-verification-email',
  'GET /api/auth/verify-email',
  'POST /api/auth/sign-out',
] as const

/**
 * Every /api route the app serves, read from Fastify's own route tree (`printRoutes`), so a new
 * endpoint shows up here without anyone listing it. HEAD is left out: Fastify adds it to every GET.
 * Each tree line is a node: its depth is its indentation (4 characters a level), its path is its
 * ancestors' text followed by its own, and the methods in brackets mark a route.
 */
export function apiRoutes(app: FastifyInstance): AppRoute[] {
  return registeredRoutes(app).filter((route) => route.url.startsWith('/api'))
}

/** Every route the app serves, whatever its path, HEAD left out: read as apiRoutes reads them. */
export function registeredRoutes(app: FastifyInstance): AppRoute[] {
  const routes: AppRoute[] = []
  const prefixes: string[] = []
  for (const line of app.printRoutes().split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line)
    if (!match) continue
    const depth = (match[1] ?? '').length / 4
    prefixes.length = depth
    const url = [...prefixes, match[2]].join('')
    prefixes.push(match[2] ?? '')
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.push({ method, url })
    }
  }
  return routes
}

export const routeKey = ({ method, url }: AppRoute) => `${method} ${url}`

/**
 * What a test must cover: every route the app serves, with the auth catch-all replaced by the
 * sub-paths the site uses. Compared with the keys a test does cover, it names what is missing
 * (a new endpoint) and what is stale (a removed one).
 */
export function requiredKeys(app: FastifyInstance): string[] {
  return apiRoutes(app)
    .flatMap((route) =>
      route.url === authCatchAll
        ? authSubPaths.filter((key) => key.startsWith(`${route.method} `))
        : [routeKey(route)],
    )
    .sort()
}
