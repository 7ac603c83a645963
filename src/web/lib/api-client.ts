import {
  apiPath,
  type EndpointAnswer,
  type ParamValues,
  type PathParams,
  type QueryValues,
  type Route,
  successSchema,
} from '../../shared/endpoints/define.ts'

/**
 * A failed API call, carrying the server's error code (worded by useErrorText), its English
 * message, each field's own code, the params its text needs, and details.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly details?: string | readonly unknown[],
    readonly params: Record<string, string | number> = {},
  ) {
    super(message)
  }
}

/**
 * Fetches JSON from our API. A non-2xx answer becomes an ApiError with the server's message. Pass
 * `parse` (a shared zod schema's parse, say) to check the answer's shape; the shell's own calls
 * skip it so that zod stays out of the first download.
 */
export async function apiFetch<T>(
  path: string,
  init?: RequestInit & { parse?: (body: unknown) => T },
): Promise<T> {
  const { parse, ...requestInit } = init ?? {}
  const response = await fetch(path, {
    ...requestInit,
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      ...(requestInit.body ? { 'content-type': 'application/json' } : {}),
      ...requestInit.headers,
    },
  })
  const body: unknown = await response.json().catch(() => undefined)
  if (!response.ok) {
    const error = (
      body as
        | {
            error?: {
              code?: unknown
              message?: unknown
              fields?: unknown
              details?: unknown
              params?: unknown
            }
          }
        | undefined
    )?.error
    if (error && typeof error.code === 'string' && typeof error.message === 'string') {
      throw new ApiError(
        response.status,
        error.code,
        error.message,
        (error.fields ?? {}) as Record<string, string>,
        typeof error.details === 'string' || Array.isArray(error.details) ? error.details : undefined,
        (error.params ?? {}) as Record<string, string | number>,
      )
    }
    throw new ApiError(
      response.status,
      'HTTP_ERROR',
      'Unable to fetch data. The request could not be resolved.',
    )
  }
  return parse ? parse(body) : (body as T)
}

/** What a declared schema takes (zod's standard-schema input type); anything where none is declared. */
type SchemaInput<E, K extends string> = E extends { [key in K]: infer S }
  ? S extends { '~standard': { types?: { input: infer I } } }
    ? I
    : unknown
  : unknown

interface Parser<T> {
  parse(value: unknown): T
}

/** What a call to an endpoint sends: its path's params, its query and its body, as it declares them. */
export type CallInput<E extends Route> = ([PathParams<E['path']>] extends [never]
  ? { params?: undefined }
  : { params: ParamValues<E> }) & {
  query?: SchemaInput<E, 'querystring'> & QueryValues
  body?: SchemaInput<E, 'body'>
  headers?: Record<string, string>
}

/**
 * Calls an endpoint declared in src/shared/endpoints: the method and path come from the declaration,
 * the body goes as JSON, and the answer is parsed with its success response schema where the
 * declaration has one. A zod-free route (the shell's) answers unparsed, as `T`.
 */
export function callApi<E extends Route, T = EndpointAnswer<E>>(
  declared: E,
  ...[input]: [PathParams<E['path']>] extends [never] ? [input?: CallInput<E>] : [input: CallInput<E>]
): Promise<T> {
  const schema = successSchema(declared)
  const { params, query, body, headers } = (input ?? {}) as {
    params?: ParamValues<E>
    query?: QueryValues
    body?: unknown
    headers?: Record<string, string>
  }
  return apiFetch<T>(apiPath(declared, params, query), {
    method: declared.method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    ...(headers ? { headers } : {}),
    // Every zod schema, classic or mini, has its own parse: calling it keeps zod out of this module.
    ...(schema ? { parse: (answer: unknown) => (schema as unknown as Parser<T>).parse(answer) } : {}),
  })
}
