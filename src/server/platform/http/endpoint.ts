import type { preHandlerHookHandler, RouteShorthandOptions } from 'fastify'
import type { Access, Endpoint } from '../../../shared/endpoints/define.ts'
import { requirePermission, requireUser } from '../identity/guards.ts'

/** The route's own extras beside its declaration: OpenAPI words, rate limit, body limit, hooks. */
export interface EndpointExtras extends Omit<RouteShorthandOptions, 'schema' | 'preHandler'> {
  schema?: {
    tags?: string[]
    summary?: string
    description?: string
    hide?: boolean
    /**
     * The declared params made again with the server's clock, where they check a date against today:
     * the same shape, so the handler's types are the declaration's.
     */
    params?: Endpoint['params']
  }
  /** Runs after the access guard. */
  preHandler?: preHandlerHookHandler | preHandlerHookHandler[]
}

type DeclaredSchemas<E extends Endpoint> = Pick<
  E,
  Extract<keyof E, 'params' | 'querystring' | 'body' | 'headers' | 'response'>
>

/** The guard an access asks for; platform/http/team-access.ts moves it ahead of validation on team routes. */
function accessGuard(access: Access): preHandlerHookHandler | undefined {
  if (access === 'public') return undefined
  return (access === 'signedIn' ? requireUser() : requirePermission(access)) as preHandlerHookHandler
}

/**
 * A route's options from its declaration (src/shared/endpoints): method, URL, request and response
 * schemas, and the access guard its declared access asks for. Spread into `app.route` with the
 * handler, whose request and reply are typed from the declaration's schemas:
 *
 *     app.route({ ...fromEndpoint(gymDetail, { schema: { tags: ['catalog'] } }), handler: ... })
 */
export function fromEndpoint<const E extends Endpoint>(declared: E, extras: EndpointExtras = {}) {
  const { method, path, access, params, querystring, body, headers, response } = declared
  const schemas = Object.fromEntries(
    Object.entries({ params, querystring, body, headers, response }).filter(
      ([, schema]) => schema !== undefined,
    ),
  ) as DeclaredSchemas<E>
  const guard = accessGuard(access)
  const own = extras.preHandler === undefined ? [] : [extras.preHandler].flat()
  const preHandler = guard ? [guard, ...own] : own
  return {
    ...extras,
    method,
    url: path,
    schema: { ...schemas, ...extras.schema } as DeclaredSchemas<E> &
      Omit<NonNullable<EndpointExtras['schema']>, 'params'>,
    ...(preHandler.length > 0 ? { preHandler } : {}),
  }
}
