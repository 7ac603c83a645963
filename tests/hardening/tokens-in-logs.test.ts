import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { routeTablePaths } from '../../src/server/app.ts'
import { declaredEndpoints } from '../../src/shared/endpoints/all.ts'
import { loggablePathParams } from '../../src/shared/endpoints/define.ts'
import { pageDefinition, pageKeys } from '../../src/shared/route-manifest.ts'
import { testOrigin } from '../support/accounts.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

/** Every line the server logs, as written to its destination. */
const lines: string[] = []
let t: TestApp

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: testOrigin, LOG_LEVEL: 'debug' }, () => ({
    logDestination: { write: (text: string) => void lines.push(text) },
  }))
}, 120_000)
afterAll(async () => t?.close())

/** A token as a link carries one (`<id>.<signature>`), different each time so each is found apart. */
const aToken = () =>
  `${100_000 + Math.floor(Math.random() * 900_000)}.${randomBytes(24).toString('base64url')}`

/** A path whose params are filled: the secret ones with a fresh token, the others with `1`. */
function filled(path: string, tokens: string[]): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    if (loggablePathParams.has(name)) return '1'
    const token = aToken()
    tokens.push(token)
    return token
  })
}

const tokened = (path: string) =>
  [...path.matchAll(/:(\w+)/g)].some((match) => !loggablePathParams.has(match[1] as string))

describe('no link token reaches the log', () => {
  it('the route table has link endpoints and pages, and the log reads its paths', () => {
    const endpoints = declaredEndpoints.filter((declared) => tokened(declared.path))
    const pages = pageKeys.filter((key) => tokened(pageDefinition(key).path))
    expect(endpoints.map((declared) => declared.path)).toContain('/api/invitations/:token/accept')
    expect(pages.map((key) => pageDefinition(key).path)).toContain('/reviews/:token')
    for (const declared of endpoints) expect(routeTablePaths).toContain(declared.path)
  })

  it('requesting every tokened endpoint and page, as sent and with a trailing slash', async () => {
    const tokens: string[] = []
    const requests = [
      ...declaredEndpoints
        .filter((declared) => tokened(declared.path))
        .map((declared) => ({ method: declared.method, path: declared.path })),
      ...pageKeys
        .filter((key) => tokened(pageDefinition(key).path))
        .map((key) => ({ method: 'GET' as const, path: pageDefinition(key).path })),
      { method: 'GET' as const, path: '/api/auth/reset-password/:token' },
    ]
    for (const { method, path } of requests)
      for (const url of [filled(path, tokens), `${filled(path, tokens)}/`, `${filled(path, tokens)}?x=1`])
        await t.app.inject({
          method,
          url,
          headers: { origin: testOrigin, 'content-type': 'application/json' },
          ...(method === 'GET' ? {} : { payload: '{}' }),
        })
    // Tokens in a query: the e-mail verification link, the newsletter's unsubscribe link, and the
    // page Tap sends a payer back to, with its signed `t`.
    for (const url of [
      '/api/auth/verify-email?token=',
      '/newsletter/unsubscribe?a=1&token=',
      '/checkout/orders/0b6f3c1e-7a52-4a8e-9d61-2f4c8e1a9b07/result?tap_id=chg_TS01&t=',
    ]) {
      const token = aToken()
      tokens.push(token)
      await t.app.inject({ method: 'GET', url: `${url}${token}` })
    }

    const log = lines.join('')
    // The requests were logged, their tokens written `[redacted]`…
    expect(log).toContain('/api/manage/[redacted]/cancel')
    expect(log).toContain('/reviews/[redacted]/')
    expect(log).toContain('/api/invitations/[redacted]/accept')
    expect(log).toContain('/api/auth/reset-password/[redacted]')
    // …and no token is anywhere in them, nor its signature alone.
    const leaked = tokens.filter(
      (token) => log.includes(token) || log.includes(token.split('.')[1] as string),
    )
    expect(leaked).toEqual([])
  }, 120_000)
})
