import { bombPngHeader } from '../../support/photos.ts'
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
  outOfRangeDates,
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
  (raw: string | Buffer, contentType: string | null = 'application/json') =>
  (draft: Draft) => {
    draft.raw = raw
    draft.contentType = contentType
  }

/**
 * Breaks the body as text: JSON that does not parse or is no object, empty bodies, other content
 * types, deep nesting, huge bodies, prototype keys, a duplicate key. Every one of them, every time.
 */
export function bodyMutations({ shape, optional, freeText, pick }: MutationContext): Mutation[] {
  if (!shape.body && !shape.raw) return []
  const json = JSON.stringify(shape.body ?? {})
  const withKey = (member: string) => (json === '{}' ? `{${member}}` : `{${member},${json.slice(1)}`)
  const fields = walk(shape.body)
  const must = [
    ...brokenJson.map((text) => mutation(`broken JSON: ${JSON.stringify(text)}`, sendRaw(text))),
    ...wrongTopLevelJson.map((text) => mutation(`JSON that is no object: ${text}`, sendRaw(text))),
    mutation('an empty body', sendRaw('')),
    mutation('a body of spaces', sendRaw('   \n')),
    mutation('no body and no content-type', (draft) => {
      draft.body = undefined
      draft.raw = undefined
      draft.contentType = undefined
    }),
    ...wrongContentTypes.map((type) => mutation(`content-type ${type}`, sendRaw(json, type))),
    mutation('no content-type with a body', sendRaw(json, null)),
    mutation(
      'a form instead of JSON',
      sendRaw(formEncoded(shape.body ?? {}), 'application/x-www-form-urlencoded'),
    ),
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
  if (shape.raw) must.push(...imageMutations(shape.raw))
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

/** An upload's bytes that are no photo, or no photo the site takes, sent as the photo's type. */
function imageMutations({ payload, contentType }: { payload: Buffer; contentType: string }): Mutation[] {
  const as = (what: string, bytes: Buffer, type = contentType) => mutation(what, sendRaw(bytes, type))
  const zeroed = Buffer.from(payload)
  zeroed.fill(0, 0, 16)
  return [
    as('HTML as the image', Buffer.from('<!doctype html><script>alert(1)</script>')),
    as(
      'SVG as the image',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    ),
    as('a PDF as the image', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF')),
    as('a GIF as the image', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')),
    as('the image cut short', payload.subarray(0, 64)),
    as('the image without its first bytes', payload.subarray(16)),
    as('the image with its signature zeroed', zeroed),
    as('the image header only', payload.subarray(0, 33)),
    as('a 20000 × 20000 PNG header', bombPngHeader(), 'image/png'),
    as('the image as application/octet-stream', payload, 'application/octet-stream'),
    as('the image as image/gif', payload, 'image/gif'),
    as('the image as image/svg+xml', payload, 'image/svg+xml'),
    as('the image as JSON', payload, 'application/json'),
  ]
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
  const served = new Set([shape.method, ...(shape.alsoServes ?? [])])
  const otherMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].filter(
    (method) => !served.has(method),
  )
  for (const method of otherMethods)
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
  for (const [param, value] of Object.entries(shape.params ?? {})) {
    const values: Array<[string, string]> = [
      ...outOfRangeDates(value).map((date): [string, string] => [date, date]),
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
  for (const [key, value] of Object.entries(shape.query ?? {})) {
    // The other parameters stay, so the date is the one thing wrong (the desk's list needs its venue).
    for (const date of outOfRangeDates(value))
      both(
        mutation(`query ${key}: ${date}`, (draft) => {
          const query = new URLSearchParams(draft.query)
          query.set(key, date)
          draft.query = query.toString()
        }),
      )
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
