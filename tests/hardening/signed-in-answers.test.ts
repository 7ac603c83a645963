import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { teamPrefixes } from '../../src/server/platform/http/team-access.ts'
import { cookieFrom, register, testOrigin, testPassword } from '../support/accounts.ts'
import { FakeVision } from '../support/fake-vision.ts'
import type { TestApp } from '../support/test-app.ts'
import { type EndpointSpec, endpointSpecs } from './support/endpoints.ts'
import { createHardeningApp, type HardeningContext, prepareContext } from './support/hardening-app.ts'
import { build, type Draft, type MalformedRequest, mutation, wellFormed } from './support/malformed-draft.ts'

/**
 * What the API answers depends on who calls, and what a browser may keep of it: every answer made
 * for a signed-in caller is `no-store`, the public catalog keeps its caching, and the team's
 * endpoints settle who is calling before they read what was sent.
 */
const vision = new FakeVision()
let t: TestApp
let context: HardeningContext
let staffCookie: string
const specs = endpointSpecs(() => context)

beforeAll(async () => {
  await vision.start()
  t = await createHardeningApp(vision)
  context = await prepareContext(t)
  staffCookie = await staffAccount('signed-in-answers-staff@example.bh')
})
afterAll(async () => {
  await t?.close()
  await vision.stop()
})

/** A staff account, registered from an address of its own: the context's used up the shared one's. */
async function staffAccount(email: string): Promise<string> {
  const remoteAddress = '10.78.0.1'
  await register(t, email, testPassword, remoteAddress)
  await t.database.db
    .updateTable('users')
    .set({ email_verified: true, role: 'staff' })
    .where('email', '=', email)
    .execute()
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password: testPassword },
    headers: { origin: testOrigin },
    remoteAddress,
  })
  return cookieFrom(signIn)
}

let addresses = 0
/** An address per request, so no per-address limit answers in the endpoint's place. */
function send(request: MalformedRequest) {
  addresses++
  return t.app.inject({ ...request, remoteAddress: `10.77.${(addresses >> 8) & 255}.${addresses & 255}` })
}

const hasSession = (headers: Record<string, string | string[]>) =>
  /session_token=/.test(String(headers.cookie ?? ''))

describe('answers to a signed-in caller', () => {
  it('are never stored, on every endpoint that reads the session', async () => {
    const checked: string[] = []
    const problems: string[] = []
    for (const spec of specs) {
      const request = wellFormed(spec, 3_000_000)
      if (!hasSession(request.headers)) continue
      const answer = await send(request)
      checked.push(spec.key)
      if (answer.statusCode !== spec.control)
        problems.push(
          `${spec.key}: ${answer.statusCode} instead of ${spec.control}: ${answer.body.slice(0, 200)}`,
        )
      else if (!/\bno-store\b/.test(String(answer.headers['cache-control'])))
        problems.push(`${spec.key}: cache-control ${answer.headers['cache-control'] ?? '(none)'}`)
    }
    expect(problems).toEqual([])
    // The team's endpoints and the account's own: far more than a handful.
    expect(checked.length).toBeGreaterThan(40)
    expect(checked).toContain('GET /api/admin/venues/:id/photos')
  })

  it('leave the public catalog’s caching alone, signed in or not', async () => {
    for (const url of ['/api/gyms', '/api/gyms/manama-marina-hotel']) {
      const anonymous = await send({ method: 'GET', url, headers: {} })
      const signedIn = await send({ method: 'GET', url, headers: { cookie: context.userCookie } })
      expect(anonymous.statusCode, url).toBe(200)
      expect(anonymous.headers['cache-control'], url).toMatch(/max-age|no-cache/)
      expect(anonymous.headers['cache-control'], url).not.toMatch(/no-store/)
      expect(signedIn.headers['cache-control'], url).toBe(anonymous.headers['cache-control'])
    }
  })
})

describe('the team’s endpoints', () => {
  // The key is the method and the route as the app registers it.
  const team = specs.filter((spec) =>
    teamPrefixes.some((prefix) => spec.key.split(' ')[1]?.startsWith(prefix)),
  )

  /** Requests broken in their body, query and path, sent as `cookie` (none: anonymous). */
  function brokenRequests(spec: EndpointSpec, cookie: string | undefined): Array<[string, MalformedRequest]> {
    const as = (draft: Draft) => {
      delete draft.headers.cookie
      if (cookie) draft.headers.cookie = cookie
    }
    const shape = spec.base(0)
    const breakages = [
      mutation('nothing else broken', () => {}),
      mutation('unknown fields and wrong types in the body', (draft) => {
        draft.body = { unexpected: true, venueId: 42, date: [] }
      }),
      mutation('broken JSON', (draft) => {
        draft.raw = '{"date": '
        draft.contentType = 'application/json'
      }),
      mutation('junk in the query', (draft) => {
        draft.query = Object.keys(shape.query ?? { x: '' })
          .map((key) => `${key}=0000-00-00`)
          .join('&')
      }),
      mutation('junk in the path', (draft) => {
        for (const param of Object.keys(draft.params)) draft.params[param] = 'not-an-id-0000-00-00'
      }),
    ]
    return breakages
      .filter(({ label }) => shape.method !== 'GET' || !/body|JSON/.test(label))
      .map((breakage) => {
        const { label, request } = build(spec, 5_000_000, [mutation('as the caller', as), breakage])
        return [label, request]
      })
  }

  async function expectRefused(who: string, cookie: string | undefined, status: number, code: string) {
    const problems: string[] = []
    for (const spec of team) {
      for (const [label, request] of brokenRequests(spec, cookie)) {
        const answer = await send(request)
        const answered = answer.json().error?.code
        if (answer.statusCode !== status || answered !== code)
          problems.push(`${spec.key} (${label}) as ${who}: ${answer.statusCode} ${answer.body.slice(0, 160)}`)
      }
    }
    expect(problems).toEqual([])
  }

  it('answer 401 to a caller who is not signed in, however the request is broken', async () => {
    expect(team.length).toBeGreaterThan(30)
    await expectRefused('anonymous', undefined, 401, 'SIGN_IN_REQUIRED')
  })

  it('answer 403 to an account without the team’s permissions, however the request is broken', async () => {
    await expectRefused('a plain user', context.userCookie, 403, 'FORBIDDEN')
  })

  it('answer 403 to a team member without that endpoint’s permission, before reading the request', async () => {
    const usersAndSettings = team.filter((spec) => /\/api\/admin\/(users|holidays|settings)/.test(spec.key))
    expect(usersAndSettings.length).toBeGreaterThan(5)
    const problems: string[] = []
    for (const spec of usersAndSettings)
      for (const [label, request] of brokenRequests(spec, staffCookie)) {
        const answer = await send(request)
        if (answer.statusCode !== 403)
          problems.push(`${spec.key} (${label}): ${answer.statusCode} ${answer.body}`)
      }
    expect(problems).toEqual([])
  })
})
