import type { z } from 'zod'
import type { Permission } from '../permissions.ts'

/**
 * Every HTTP endpoint, declared once (docs/api.md, "Adding an endpoint"): its method, path, who may
 * call it and the zod schemas of what it takes and answers. The server registers its route from the
 * declaration (src/server/platform/http/endpoint.ts), the web app calls it through one (callApi in
 * src/web/lib/call-api.ts) and the hardening suites read the list (src/shared/endpoints/all.ts).
 *
 * This module imports zod's types only, never zod itself: a family whose path the app shell needs
 * keeps its method, path and access in a zod-free `*-routes.ts` module beside it (plain objects that
 * satisfy Route), so the shell's first download stays free of zod (see apiFetch).
 */
/** A zod schema, classic or mini (the shell-side forms use zod/mini). */
export type Schema = z.core.$ZodType

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * Who may call it: anyone (`public`), a signed-in account that is no guest session (`signedIn`), or an
 * account whose role grants the permission (docs/decisions/006-permission-names.md). The server's
 * guard comes from it; an endpoint whose answer also depends on the caller (their own booking, a
 * signed link) checks that in its handler.
 */
export type Access = 'public' | 'signedIn' | Permission

/**
 * The path params that name a thing anyone may see in a log (an id, a slug, a date). Any other
 * param, a link's `:token` first, is a bearer secret: the server's log writes it as `[redacted]`
 * (src/server/platform/http/log-privacy.ts), so a new link endpoint is kept out of the log unless
 * its param is added here on purpose.
 */
export const loggablePathParams: ReadonlySet<string> = new Set([
  'id',
  'userId',
  'orderId',
  'passId',
  'photoId',
  'chargeId',
  'date',
  'venue',
  'file',
])

/** An endpoint's method, path (`:name` for a param) and access: all a caller needs to reach it. */
export interface Route {
  readonly method: Method
  readonly path: string
  readonly access: Access
}

/** The zod schemas of what an endpoint takes and answers, by the names Fastify's route schema uses. */
export interface EndpointSchemas {
  readonly params?: Schema
  readonly querystring?: Schema
  readonly body?: Schema
  /** Request headers the endpoint reads (the checkout's Idempotency-Key). */
  readonly headers?: Schema
  /** By status code; the first 2xx is the answer callApi parses. */
  readonly response?: Readonly<Record<number, Schema>>
}

export type Endpoint = Route & EndpointSchemas

/** An endpoint with its schemas, a zod-free route's fields spread into it where the shell needs them. */
export function endpoint<const E extends Endpoint>(declared: E): E {
  return declared
}

/** The names of a path's `:params`: `'/api/gyms/:id'` has `id`. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never

export type ParamValues<R extends Route> = Record<PathParams<R['path']>, string | number>

/** A query's values; an empty or missing one is left out of the URL. */
export type QueryValues = Record<string, string | number | boolean | null | undefined>

/**
 * The URL of an endpoint: its `:params` filled in (each encoded), then its query in the order given.
 * `apiPath(gymAvailability, { id: 'vida' }, { date: '2026-12-03' })` is
 * `/api/gyms/vida/availability?date=2026-12-03`.
 */
export function apiPath<R extends Route>(declared: R, params?: ParamValues<R>, query?: QueryValues): string {
  const values = (params ?? {}) as Record<string, string | number>
  const path = declared.path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(String(values[name] ?? '')),
  )
  const search = Object.entries(query ?? {})
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join('&')
  return search ? `${path}?${search}` : path
}

/** The method and path that name an endpoint in route tables: `GET /api/gyms/:id`. */
export function routeKey(declared: { method: string; path: string }): string {
  return `${declared.method} ${declared.path}`
}

type SuccessSchema<E> = E extends { response: infer R }
  ? R extends { 200: infer S }
    ? S
    : R extends { 201: infer S }
      ? S
      : R extends { 202: infer S }
        ? S
        : undefined
  : undefined

/** What a successful call answers, as its response schema parses it; `unknown` where none is declared. */
export type EndpointAnswer<E> = SuccessSchema<E> extends Schema ? z.output<SuccessSchema<E>> : unknown
