import {
  apiPath,
  type Endpoint,
  type EndpointAnswer,
  type ParamValues,
  type PathParams,
  type QueryValues,
  type Route,
  type Schema,
} from '../../shared/endpoints/define.ts'
import { apiFetch } from './api-client.ts'

/*
 * Calls by declaration (src/shared/endpoints), beside apiFetch rather than in its module: the app
 * shell loads apiFetch, and keeps this out of its first download.
 */

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
type CallInput<E extends Route> = ([PathParams<E['path']>] extends [never]
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

/** The first 2xx response schema of an endpoint, which callApi parses the answer with. */
function successSchema(declared: Route | Endpoint): Schema | undefined {
  const response = 'response' in declared ? declared.response : undefined
  if (!response) return undefined
  const code = Object.keys(response)
    .map(Number)
    .find((status) => status >= 200 && status < 300)
  return code === undefined ? undefined : response[code]
}
