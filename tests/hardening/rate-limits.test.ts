import type { LightMyRequestResponse } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { authAttemptLimits, authLimitWindowMs } from '../../src/server/features/accounts/auth-rate-limits.ts'
import { contactRateLimit } from '../../src/server/features/contact/routes.ts'
import { guestCodeLimits } from '../../src/server/features/guest-verification/rate-limits.ts'
import { newsletterRateLimit } from '../../src/server/features/newsletter/routes.ts'
import { scanRateLimit } from '../../src/server/features/scan/routes.ts'
import { vendorApplicationRateLimit } from '../../src/server/features/vendors/routes.ts'
import { apiErrorSchema } from '../../src/shared/api-error.ts'
import { otpResendSeconds } from '../../src/shared/checkout.ts'
import { testOrigin, testPassword } from '../support/accounts.ts'
import { guest } from '../support/checkout.ts'
import { FakeVision } from '../support/fake-vision.ts'
import type { TestApp } from '../support/test-app.ts'
import { createHardeningApp, tinyPngBase64, vendorApplication } from './support/hardening-app.ts'
import { freshLine, idempotencyKey } from './support/visits.ts'

const vision = new FakeVision()
let t: TestApp
let png: string

beforeAll(async () => {
  await vision.start()
  t = await createHardeningApp(vision)
  png = await tinyPngBase64()
})
afterAll(async () => {
  await t?.close()
  await vision.stop()
})

let addresses = 0
/** A client address no request has used yet. */
const freshIp = () => {
  addresses++
  return `10.66.${(addresses >> 8) & 255}.${addresses & 255}`
}
let unique = 0
const next = () => ++unique

const post = (url: string, payload: object, ip: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { origin: testOrigin, ...headers },
    remoteAddress: ip,
  })

const errorShape = z.strictObject({ error: apiErrorSchema.shape.error.strict() })

/** A 429 in the API's error shape, with a retry-after within the limit's window. */
function expectRefused(answer: LightMyRequestResponse, windowMs: number) {
  expect(answer.statusCode, answer.body).toBe(429)
  expect(errorShape.safeParse(answer.json()).success, answer.body).toBe(true)
  expect(answer.json().error.code).toBe('TOO_MANY_ATTEMPTS')
  const retryAfter = Number(answer.headers['retry-after'])
  expect(retryAfter).toBeGreaterThan(0)
  expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000)
}

interface Limited {
  max: number
  windowMs: number
  /** What a request under the limit answers: it has been served. */
  served: number
  send(n: number, ip: string): Promise<LightMyRequestResponse>
}

/** `max` requests from one address are served; the next is refused; another address is still served. */
async function expectPerIpLimit({ max, windowMs, served, send }: Limited) {
  const ip = freshIp()
  const under: number[] = []
  for (let sent = 0; sent < max; sent += 20) {
    const batch = Array.from({ length: Math.min(20, max - sent) }, () => send(next(), ip))
    under.push(...(await Promise.all(batch)).map((answer) => answer.statusCode))
  }
  expect(under).toEqual(Array(max).fill(served))
  expectRefused(await send(next(), ip), windowMs)
  expect((await send(next(), freshIp())).statusCode).toBe(served)
}

/** Requests naming one account, each from an address of its own: `max` are served, then refused. */
async function expectPerAccountLimit({ max, windowMs, served, send }: Limited) {
  const account = next()
  for (let i = 0; i < max; i++) expect((await send(account, freshIp())).statusCode).toBe(served)
  const ip = freshIp()
  expectRefused(await send(account, ip), windowMs)
  // The same address may still ask about another account.
  expect((await send(next(), ip)).statusCode).toBe(served)
}

/** Each rate-limited auth endpoint: a request about account `n`, and what it answers when served. */
const authRequests: Record<
  string,
  { served: number; send(n: number, ip: string): Promise<LightMyRequestResponse> }
> = {
  '/api/auth/sign-in/email': {
    // Nobody has this account: served means "wrong e-mail or password", not "too many attempts".
    served: 401,
    send: (n, ip) =>
      post('/api/auth/sign-in/email', { email: `nobody-${n}@example.bh`, password: testPassword }, ip),
  },
  '/api/auth/sign-up/email': {
    served: 200,
    send: (n, ip) =>
      post(
        '/api/auth/sign-up/email',
        { email: `sign-up-${n}@example.bh`, password: testPassword, name: 'Sara' },
        ip,
      ),
  },
  '/api/accounts/register': {
    served: 201,
    send: (n, ip) => {
      const email = `register-${n}@example.bh`
      const form = { firstName: 'Sara', lastName: 'Ali', email, confirmEmail: email }
      return post(
        '/api/accounts/register',
        { ...form, password: testPassword, confirmPassword: testPassword },
        ip,
      )
    },
  },
  '/api/auth/request-password-reset': {
    served: 200,
    send: (n, ip) =>
      post(
        '/api/auth/request-password-reset',
        { email: `reset-${n}@example.bh`, redirectTo: '/reset-password' },
        ip,
      ),
  },
  '/api/auth/send-verification-email': {
    served: 200,
    send: (n, ip) => post('/api/auth/send-verification-email', { email: `verify-${n}@example.bh` }, ip),
  },
  '/api/auth/reset-password': {
    // A made-up token: served means "invalid token"; the token is what the per-account limit counts.
    served: 400,
    send: (n, ip) =>
      post('/api/auth/reset-password', { token: `made-up-${n}`, newPassword: testPassword }, ip),
  },
}

describe('sign-in, sign-up, password reset and activation links (auth-rate-limits.ts)', () => {
  it('has a request for every limited path', () => {
    expect(Object.keys(authRequests).sort()).toEqual(Object.keys(authAttemptLimits).sort())
  })

  for (const [path, { perIp, perAccount }] of Object.entries(authAttemptLimits)) {
    it(`${path}: ${perIp} per IP address and ${perAccount} per account in 15 minutes`, async () => {
      const request = authRequests[path]
      if (!request) throw new Error(`No request for ${path}`)
      await expectPerIpLimit({ max: perIp, windowMs: authLimitWindowMs, ...request })
      await expectPerAccountLimit({ max: perAccount, windowMs: authLimitWindowMs, ...request })
    })
  }

  it('refuses even the right password once an account has had its attempts', async () => {
    const email = 'targeted@example.bh'
    await post('/api/auth/sign-up/email', { email, password: testPassword, name: 'Target' }, freshIp())
    await t.database.db
      .updateTable('users')
      .set({ email_verified: true })
      .where('email', '=', email)
      .execute()
    const signIn = () => post('/api/auth/sign-in/email', { email, password: testPassword }, freshIp())
    const { perAccount } = authAttemptLimits['/api/auth/sign-in/email'] ?? { perAccount: 0 }
    for (let i = 0; i < perAccount; i++) expect((await signIn()).statusCode).toBe(200)
    expectRefused(await signIn(), authLimitWindowMs)
  })
})

describe('guest e-mail codes (guest-verification/rate-limits.ts)', () => {
  const { sendPerIp, sendPerAddress, verifyPerIp } = guestCodeLimits
  const sendCode = (email: string, ip: string) => post('/api/guest-verification/send-code', { email }, ip)

  it(`sends ${sendPerIp.max} codes per IP address`, async () => {
    await expectPerIpLimit({
      max: sendPerIp.max,
      windowMs: sendPerIp.timeWindow,
      served: 202,
      send: (n, ip) => sendCode(`code-${n}@example.bh`, ip),
    })
  })

  it(`sends ${sendPerAddress.max} codes per address, a minute or more apart`, async () => {
    const email = `one-address-${next()}@example.bh`
    for (let i = 0; i < sendPerAddress.max; i++) {
      expect((await sendCode(email, freshIp())).statusCode).toBe(202)
      // As if the minute between two codes had passed.
      await sql`UPDATE guest_email_codes
                   SET created_at = created_at - make_interval(secs => ${otpResendSeconds + 1})
                 WHERE email = ${email}`.execute(t.database.db)
    }
    const refused = await sendCode(email, freshIp())
    expectRefused(refused, sendPerAddress.timeWindow)
    expect(refused.json().error.message).toMatch(/^Too many verification codes requested/)
  })

  it(`checks ${verifyPerIp.max} codes per IP address`, async () => {
    await expectPerIpLimit({
      max: verifyPerIp.max,
      windowMs: verifyPerIp.timeWindow,
      // A wrong code: served, and refused as wrong.
      served: 400,
      send: (n, ip) =>
        post('/api/guest-verification/verify-code', { email: `guess-${n}@example.bh`, code: '123456' }, ip),
    })
  })
})

describe('forms and services open to anyone', () => {
  it(`takes ${contactRateLimit.max} contact messages per IP address`, async () => {
    await expectPerIpLimit({
      ...limitOf(contactRateLimit),
      served: 201,
      send: (n, ip) =>
        post(
          '/api/contact',
          { name: 'Sara', email: `c-${n}@example.bh`, subject: 'Hours', message: 'Open Friday?' },
          ip,
        ),
    })
  })

  it(`takes ${vendorApplicationRateLimit.max} venue applications per IP address`, async () => {
    await expectPerIpLimit({
      ...limitOf(vendorApplicationRateLimit),
      served: 201,
      send: (n, ip) => post('/api/vendor-applications', vendorApplication(`limited-${n}`), ip),
    })
  })

  it(`takes ${newsletterRateLimit.max} newsletter sign-ups per IP address`, async () => {
    await expectPerIpLimit({
      ...limitOf(newsletterRateLimit),
      served: 201,
      send: (n, ip) => post('/api/newsletter', { email: `news-${n}@example.bh` }, ip),
    })
  })

  it(`scans ${scanRateLimit.max} photos per IP address, and a refused one never reaches the model`, async () => {
    const calls = vision.requests.length
    await expectPerIpLimit({
      ...limitOf(scanRateLimit),
      served: 200,
      send: (_n, ip) => post('/api/scan', { imageBase64: png }, ip),
    })
    // The served ones, and the one from the other address; not the refused one.
    expect(vision.requests.length - calls).toBe(scanRateLimit.max + 1)
  })

  it('places the configured number of orders per IP address in 10 minutes', async () => {
    await expectPerIpLimit({
      max: t.config.CHECKOUT_ORDERS_PER_IP,
      windowMs: 10 * 60_000,
      served: 201,
      send: (_n, ip) => {
        const body = { items: [freshLine()], paymentMethod: 'venue', guest: guest(t) }
        return post('/api/checkout/orders', body, ip, { 'idempotency-key': idempotencyKey() })
      },
    })
  })
})

function limitOf({ max, timeWindow }: { max: number; timeWindow: number }) {
  return { max, windowMs: timeWindow }
}
