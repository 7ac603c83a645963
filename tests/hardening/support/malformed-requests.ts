import {
  type Draft,
  type Mutation,
  type MutationContext,
  type Mutations,
  mutation,
  setAt,
  walk,
} from './malformed-draft.ts'
import {
  badUrlPieces,
  brokenJson,
  crossOrigins,
  headerSafe,
  hostileStrings,
  junkQueries,
  megabyte,
  percentEncode,
  unstorableStrings,
  wrongTopLevelJson,
} from './malformed-values.ts'

const tenMegabytes = 'A'.repeat(10 * megabyte)
const deepArrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth)
const deepObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
const multipart = '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n'
const wrongContentTypes = [
  'text/plain',
  'text/html',
  'application/xml',
  'application/octet-stream',
  'application/jsonx',
  'application/vnd.api+json',
  'json',
  '*/*',
]

const sendRaw =
  (raw: string, contentType: string | null = 'application/json') =>
  (draft: Draft) => {
    draft.raw = raw
    draft.contentType = contentType
  }

/**
 * Breaks the body as text: JSON that does not parse or is no object, empty bodies, other content
 * types, deep nesting, huge bodies, prototype keys, a duplicate key. Every one of them, every time.
 */
export function bodyMutations({ shape, optional, freeText, pick }: MutationContext): Mutation[] {
  if (!shape.body) return []
  const json = JSON.stringify(shape.body)
  const withKey = (member: string) => (json === '{}' ? `{${member}}` : `{${member},${json.slice(1)}`)
  const fields = walk(shape.body)
  const must = [
    ...brokenJson.map((text) => mutation(`broken JSON: ${JSON.stringify(text)}`, sendRaw(text))),
    ...wrongTopLevelJson.map((text) => mutation(`JSON that is no object: ${text}`, sendRaw(text))),
    mutation('an empty body', sendRaw('')),
    mutation('a body of spaces', sendRaw('   \n')),
    mutation('no body and no content-type', (draft) => {
      draft.body = undefined
    }),
    ...wrongContentTypes.map((type) => mutation(`content-type ${type}`, sendRaw(json, type))),
    mutation('no content-type with a body', sendRaw(json, null)),
    mutation('a form instead of JSON', sendRaw(formEncoded(shape.body), 'application/x-www-form-urlencoded')),
    mutation('multipart instead of JSON', sendRaw(multipart, 'multipart/form-data; boundary=x')),
    mutation('10000-deep arrays as the body', sendRaw(deepArrays(10_000))),
    mutation('100000-deep arrays as the body', sendRaw(deepArrays(100_000))),
    mutation('10000-deep objects as the body', sendRaw(deepObjects(10_000))),
    mutation('an array of 100000 numbers', sendRaw(`[${'0,'.repeat(99_999)}0]`)),
    mutation('a 10 MB string as the body', sendRaw(JSON.stringify(tenMegabytes))),
    mutation('a 20 MB string as the body', sendRaw(`"${tenMegabytes}${tenMegabytes}"`)),
    mutation('__proto__ key', sendRaw(withKey('"__proto__":{"polluted":"yes","role":"admin"}'))),
    mutation('constructor.prototype key', sendRaw(withKey('"constructor":{"prototype":{"polluted":"yes"}}'))),
  ]
  const splice = (path: Array<string | number>, token: string, text: string) => (draft: Draft) => {
    setAt(path, token)(draft)
    draft.splices.push([token, text])
  }
  for (const { path, key, value } of fields) {
    if (typeof value === 'object' && value !== null)
      must.push(
        mutation(
          `__proto__ key inside ${key}`,
          splice(path, `__proto_${key}__`, '{"__proto__":{"polluted":"yes"}}'),
        ),
      )
  }
  for (const { path, key } of fields.slice(0, 3))
    must.push(mutation(`10000-deep arrays in ${key}`, splice(path, `__deep_${key}__`, deepArrays(10_000))))
  // JSON.parse keeps the last of two equal keys: the last one is the hostile one.
  for (const { key, value } of fields.filter(({ path }) => path.length === 1)) {
    if (typeof value !== 'string' || freeText.has(key) || optional.has(key)) continue
    const text = JSON.stringify(pick(Object.values(hostileStrings).filter((text) => text.trim() !== '')))
    must.push(
      mutation(
        `duplicate key ${key}, the last one hostile`,
        sendRaw(`${json.slice(0, -1)},"${key}":${text}}`),
      ),
    )
  }
  return must
}

/**
 * Breaks what is around the body: the method, the origin, path parameters, the query string and
 * the request's own headers (an Idempotency-Key, say). GET endpoints also get query junk that they
 * may ignore and answer normally.
 */
export function routeMutations({ shape, optional }: MutationContext): Mutations & { queryJunk: Mutation[] } {
  const must: Mutation[] = []
  const pool: Mutation[] = []
  const both = (...mutations: Mutation[]) => {
    must.push(...mutations)
    pool.push(...mutations)
  }
  const anyText = Object.entries({ ...hostileStrings, ...unstorableStrings })
  // Every other method: the endpoint's own is swapped for GET (a PUT endpoint is tried as GET).
  const methods = ['PUT', 'PATCH', 'DELETE', 'OPTIONS', shape.method === 'POST' ? 'GET' : 'POST']
  for (const method of methods.map((method) => (method === shape.method ? 'GET' : method)))
    must.push(
      mutation(`method ${method}`, (draft) => {
        draft.method = method
      }),
    )
  for (const origin of crossOrigins)
    must.push(
      mutation(`cross-origin: ${origin}`, (draft) => {
        draft.headers.origin = origin
      }),
    )
  must.push(
    mutation('no origin, sec-fetch-site cross-site', (draft) => {
      delete draft.headers.origin
      draft.headers['sec-fetch-site'] = 'cross-site'
    }),
  )
  for (const param of Object.keys(shape.params ?? {})) {
    const values: Array<[string, string]> = [
      ...anyText.map(([what, text]): [string, string] => [what, percentEncode(text)]),
      ...badUrlPieces.map((piece): [string, string] => [piece, piece]),
      ['empty', ''],
      ['1 KB', 'a'.repeat(1024)],
      ['100 KB', 'a'.repeat(100 * 1024)],
    ]
    for (const [what, text] of values)
      both(
        mutation(`path ${param}: ${what}`, (draft) => {
          draft.params[param] = text
        }),
      )
  }
  for (const key of Object.keys(shape.query ?? {})) {
    const values: Array<[string, string]> = [
      ...anyText.map(([what, text]): [string, string] => [what, `${key}=${percentEncode(text)}`]),
      ...badUrlPieces.map((piece): [string, string] => [piece, `${key}=${piece}`]),
      ['twice', `${key}=a&${key}=b`],
      ['as an array', `${key}[]=a`],
      ['as an object', `${key}[$gt]=`],
      ['1 MB', `${key}=${'a'.repeat(megabyte)}`],
      ...(optional.has(key) ? [] : [['missing', ''] as [string, string]]),
    ]
    for (const [what, query] of values)
      both(
        mutation(`query ${key}: ${what}`, (draft) => {
          draft.query = query
        }),
      )
  }
  for (const header of Object.keys(shape.headers ?? {})) {
    const values: Array<[string, string | string[] | undefined]> = [
      ['missing', undefined],
      ['empty', ''],
      ['1 KB', 'k'.repeat(1024)],
      ['1 MB', 'k'.repeat(megabyte)],
      ['twice', ['first-key-0001', 'second-key-0002']],
      ...Object.entries(hostileStrings).filter(([, text]) => headerSafe(text)),
    ]
    for (const [what, value] of values)
      both(
        mutation(`header ${header}: ${what}`, (draft) => {
          if (value === undefined) delete draft.headers[header]
          else draft.headers[header] = value
        }),
      )
  }
  const appendQuery = (query: string) => (draft: Draft) => {
    draft.query = draft.query ? `${draft.query}&${query}` : query
  }
  const queryJunk = Object.entries(junkQueries).map(([what, query]) => mutation(what, appendQuery(query)))
  if (shape.method === 'GET') {
    must.push(...queryJunk)
    for (const [what, text] of anyText)
      pool.push(
        mutation(
          `unknown query parameter: ${what}`,
          appendQuery(`${percentEncode(text)}=${percentEncode(text)}`),
        ),
      )
  }
  return { must, pool, queryJunk }
}

function formEncoded(body: Record<string, unknown>): string {
  return new URLSearchParams(Object.entries(body).map(([key, value]) => [key, String(value)])).toString()
}
