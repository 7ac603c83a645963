import { testOrigin } from '../../support/accounts.ts'

/** A well-formed request to one endpoint, before it is broken. */
export interface RequestShape {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
  /** As the app registers it, e.g. /api/gyms/:id */
  route: string
  params?: Record<string, string>
  query?: Record<string, string>
  body?: Record<string, unknown>
  /** A body that is no JSON (an uploaded image's bytes), with its content type. */
  raw?: { payload: Buffer; contentType: string }
  headers?: Record<string, string>
  /** Other methods the same path serves: sending one of them instead is no malformed request. */
  alsoServes?: readonly string[]
}

export interface EndpointInputs {
  /** A well-formed request; `n` makes it unique where it must be (an e-mail address, a key). */
  base(n: number): RequestShape
  /** Body or query fields a request may leave out and still be well-formed. */
  optional?: readonly string[]
  /** String fields that take any text within their length, so hostile text in them is no error. */
  freeText?: readonly string[]
  /** Fields for which null is an answer ("not rated yet"), so null in them is no error. */
  nullable?: readonly string[]
}

export interface MalformedRequest {
  method: string
  url: string
  headers: Record<string, string | string[]>
  payload?: string | Buffer
}

export interface MalformedCase {
  label: string
  request: MalformedRequest
}

export type Path = Array<string | number>

/** A request being broken: mutations change it, `build` turns it into what is sent. */
export interface Draft {
  method: string
  params: Record<string, string>
  query: string
  body: unknown
  /** The body's text (or bytes) as sent, instead of `body` as JSON. */
  raw?: string | Buffer
  /** null: no content-type header. */
  contentType?: string | null
  headers: Record<string, string | string[]>
  /** JSON text spliced in where the body holds the placeholder string (too deep to stringify). */
  splices: Array<[string, string]>
}

export interface Mutation {
  label: string
  apply(draft: Draft): void
}

export const mutation = (label: string, apply: (draft: Draft) => void): Mutation => ({ label, apply })

/** What an endpoint's mutations are made from. */
export interface MutationContext {
  shape: RequestShape
  optional: Set<string>
  freeText: Set<string>
  nullable: Set<string>
  /** A seeded choice: the same for the same seed. */
  pick<T>(list: readonly T[]): T
}

/** The mutations every case gets one of for sure, and those the rest of the cases are drawn from. */
export interface Mutations {
  must: Mutation[]
  pool: Mutation[]
}

/** The endpoint's request as it should be sent, unbroken. */
export function wellFormed(inputs: EndpointInputs, n: number): MalformedRequest {
  return build(inputs, n, []).request
}

export function build(inputs: EndpointInputs, n: number, mutations: Mutation[]): MalformedCase {
  const shape = inputs.base(n)
  const draft: Draft = {
    method: shape.method,
    params: { ...shape.params },
    query: new URLSearchParams(shape.query).toString(),
    body: shape.body === undefined ? undefined : structuredClone(shape.body),
    raw: shape.raw?.payload,
    contentType: shape.raw?.contentType,
    // Our own origin, as the site's pages send it: else the same-origin check refuses before validation.
    headers: { origin: testOrigin, ...shape.headers },
    splices: [],
  }
  for (const change of mutations) change.apply(draft)
  let payload = draft.raw ?? (draft.body === undefined ? undefined : JSON.stringify(draft.body))
  for (const [token, text] of draft.splices)
    if (typeof payload === 'string') payload = payload.replace(JSON.stringify(token), () => text)
  const headers = { ...draft.headers }
  if (payload !== undefined && draft.contentType !== null)
    headers['content-type'] ??= draft.contentType ?? 'application/json'
  const path = shape.route.replace(/:(\w+)/g, (_, param: string) => draft.params[param] ?? '')
  return {
    label: mutations.map((change) => change.label).join(' + '),
    request: { method: draft.method, url: draft.query ? `${path}?${draft.query}` : path, headers, payload },
  }
}

/** Every value inside a body, with its path (items.0.gymId); containers come before their contents. */
export function walk(value: unknown, path: Path = []): Array<{ path: Path; key: string; value: unknown }> {
  const here = path.length > 0 ? [{ path, key: path.join('.'), value }] : []
  if (value === null || typeof value !== 'object') return here
  const entries = Array.isArray(value) ? value.map((item, i) => [i, item] as const) : Object.entries(value)
  return [...here, ...entries.flatMap(([key, item]) => walk(item, [...path, key]))]
}

const parentOf = (body: unknown, path: Path) =>
  path.slice(0, -1).reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], body)

export function setAt(path: Path, value: unknown) {
  return (draft: Draft) => {
    const parent = parentOf(draft.body, path)
    // Strings are immutable: only objects need a copy of their own.
    const copy = typeof value === 'object' && value !== null ? structuredClone(value) : value
    if (parent && typeof parent === 'object')
      (parent as Record<string | number, unknown>)[path.at(-1) ?? ''] = copy
  }
}

export function deleteAt(path: Path) {
  return (draft: Draft) => {
    const parent = parentOf(draft.body, path)
    const last = path.at(-1)
    if (Array.isArray(parent) && typeof last === 'number') parent.splice(last, 1)
    else if (parent && typeof parent === 'object' && last !== undefined)
      delete (parent as Record<string, unknown>)[last]
  }
}
