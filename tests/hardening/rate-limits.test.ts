import { randomUUID } from 'node:crypto'
import type { LightMyRequestResponse } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  authAttemptLimits,
  authLimitWindowMs,
  defaultAuthLimit,
} from '../../src/server/domain/accounts/auth-rate-limits.ts'
import { guestCodeLimits } from '../../src/server/domain/guest-verification/rate-limits.ts'
import { reviewSubmitLimits } from '../../src/server/domain/reviews/rate-limits.ts'
import {
  cancelRateLimit,
  changeDateRateLimit,
  manageLinkRateLimit,
} from '../../src/server/domain/visits/rate-limits.ts'
import { deleteAccountRateLimit } from '../../src/server/routes/account.ts'
import { tapReturnRateLimit, tapWebhookRateLimit } from '../../src/server/routes/checkout.ts'
import { contactRateLimit } from '../../src/server/routes/contact.ts'
import { redeemRateLimit } from '../../src/server/routes/desk.ts'
import { newsletterRateLimit } from '../../src/server/routes/newsletter.ts'
import { receiptPdfRateLimit } from '../../src/server/routes/receipts.ts'
import { scanRateLimit } from '../../src/server/routes/scan.ts'
import { vendorApplicationRateLimit } from '../../src/server/routes/vendor-applications.ts'
import { apiErrorSchema } from '../../src/shared/api-error.ts'
import { otpResendSeconds } from '../../src/shared/checkout.ts'
import { register, signedInUser, testOrigin, testPassword } from '../support/accounts.ts'
import { guest } from '../support/checkout.ts'
import { FakeVision } from '../support/fake-vision.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'
import { createHardeningApp, tinyPngBase64, vendorApplication } from './support/hardening-app.ts'
import { unknownVisitToken } from './support/reviews.ts'
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
  // The guest code's limits name what was asked too often: codes sent, or codes guessed.
  expect(['TOO_MANY_ATTEMPTS', 'TOO_MANY_CODES', 'TOO_MANY_GUESSES']).toContain(answer.json().error.code)
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
  // A hundred at a time would take long one by one; a few (registering one address) must not race.
  const size = max > 20 ? 20 : 1
  for (let sent = 0; sent < max; sent += size) {
    const batch = Array.from({ length: Math.min(size, max - sent) }, () => send(account, freshIp()))
    expect((await Promise.all(batch)).map((answer) => answer.statusCode)).toEqual(batch.map(() => served))
  }
  const ip = freshIp()
  expectRefused(await send(account, ip), windowMs)
  // The same address may still ask about another account.
  expect((await send(next(), ip)).statusCode).toBe(served)
}

/**
 * Each auth path with limits of its own: a request about account `n`, and what it answers when
 * served. Sign-in sends the address with a trailing space: better-auth refuses it as malformed (400)
 * before hashing any password, so a hundred of them are cheap, and our limits count it against
 * the account it names all the same.
 */
const authRequests: Record<
  string,
  { served: number; send(n: number, ip: string): Promise<LightMyRequestResponse> }
> = {
  '/api/auth/sign-in/email': {
    served: 400,
    send: (n, ip) =>
      post('/api/auth/sign-in/email', { email: `nobody-${n}@example.bh `, password: testPassword }, ip),
  },
  '/api/accounts/register': {
    served: 201,
    send: (n, ip) => register(t, `register-${n}@example.bh`, testPassword, ip),
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
  '/api/auth/change-password': {
    // Nobody signed in: served means "sign in first".
    served: 401,
    send: (_n, ip) =>
      post('/api/auth/change-password', { currentPassword: testPassword, newPassword: testPassword }, ip),
  },
  '/api/auth/sign-in/anonymous': {
    // Each served one is a new guest account.
    served: 200,
    send: (_n, ip) => post('/api/auth/sign-in/anonymous', {}, ip),
  },
}

/** Requests naming one account from one address: `max` are served, then refused; others are not. */
async function expectPerAccountFromOneIpLimit({ max, windowMs, served, send }: Limited) {
  const [account, ip] = [next(), freshIp()]
  for (let i = 0; i < max; i++) expect((await send(account, ip)).statusCode).toBe(served)
  expectRefused(await send(account, ip), windowMs)
  expect((await send(account, freshIp())).statusCode, 'the account from another address').toBe(served)
  expect((await send(next(), ip)).statusCode, 'another account from this address').toBe(served)
}

describe('sign-in, registration, password reset and activation links (auth-rate-limits.ts)', () => {
  it('has a request for every limited path', () => {
    expect(Object.keys(authRequests).sort()).toEqual(Object.keys(authAttemptLimits).sort())
  })

  for (const [path, { perIp, perAccount, perAccountFromOneIp }] of Object.entries(authAttemptLimits)) {
    const rules = [
      `${perIp} per IP address`,
      ...(perAccountFromOneIp ? [`${perAccountFromOneIp} per account from one address`] : []),
      ...(perAccount ? [`${perAccount} per account`] : []),
    ]
    it(`${path}: ${rules.join(', ')} in 15 minutes`, async () => {
      const request = authRequests[path]
      if (!request) throw new Error(`No request for ${path}`)
      await expectPerIpLimit({ max: perIp, windowMs: authLimitWindowMs, ...request })
      if (perAccountFromOneIp)
        await expectPerAccountFromOneIpLimit({
          max: perAccountFromOneIp,
          windowMs: authLimitWindowMs,
          ...request,
        })
      if (perAccount)
        await expectPerAccountLimit({ max: perAccount, windowMs: authLimitWindowMs, ...request })
    })
  }

  it(`gives every other /api/auth/* path ${defaultAuthLimit.perIp} requests per IP address`, async () => {
    for (const [method, url] of [
      ['GET', '/api/auth/get-session'],
      ['POST', '/api/auth/sign-out'],
      ['GET', '/api/auth/verify-email?token=made-up'],
    ] as const) {
      const served = (
        await t.app.inject({ method, url, headers: { origin: testOrigin }, remoteAddress: freshIp() })
      ).statusCode
      await expectPerIpLimit({
        max: defaultAuthLimit.perIp,
        windowMs: authLimitWindowMs,
        served,
        send: (_n, ip) => t.app.inject({ method, url, headers: { origin: testOrigin }, remoteAddress: ip }),
      })
    }
  })

  it('locks a guesser out of an account, never the owner: the right password from elsewhere gets in', async () => {
    const email = 'targeted@example.bh'
    expect((await register(t, email, testPassword, freshIp())).statusCode).toBe(201)
    await t.database.db
      .updateTable('users')
      .set({ email_verified: true })
      .where('email', '=', email)
      .execute()
    const signIn = (password: string, ip: string) => post('/api/auth/sign-in/email', { email, password }, ip)
    const attacker = freshIp()
    const { perAccountFromOneIp = 0 } = authAttemptLimits['/api/auth/sign-in/email'] ?? { perIp: 0 }
    for (let i = 0; i < perAccountFromOneIp; i++)
      expect((await signIn(`wrong-guess-${i}`, attacker)).statusCode).toBe(401)
    expectRefused(await signIn(testPassword, attacker), authLimitWindowMs)
    const owner = await signIn(testPassword, freshIp())
    expect(owner.statusCode, owner.body).toBe(200)
  })

  it('stops guessing one account from many addresses at the per-account ceiling, right password included', async () => {
    const email = 'sprayed@example.bh'
    expect((await register(t, email, testPassword, freshIp())).statusCode).toBe(201)
    await t.database.db
      .updateTable('users')
      .set({ email_verified: true })
      .where('email', '=', email)
      .execute()
    const { perAccount = 0 } = authAttemptLimits['/api/auth/sign-in/email'] ?? { perIp: 0 }
    // Cheap malformed attempts (see authRequests), each from an address of its own.
    for (let sent = 0; sent < perAccount; sent += 20) {
      const batch = Array.from({ length: Math.min(20, perAccount - sent) }, () =>
        post('/api/auth/sign-in/email', { email: `${email} `, password: 'wrong-guess' }, freshIp()),
      )
      expect((await Promise.all(batch)).map((answer) => answer.statusCode)).toEqual(batch.map(() => 400))
    }
    expectRefused(
      await post('/api/auth/sign-in/email', { email, password: testPassword }, freshIp()),
      authLimitWindowMs,
    )
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

  it(`checks ${deleteAccountRateLimit.max} passwords to delete an account per IP address`, async () => {
    const { cookie } = await signedInUser(t, 'delete-limit@example.bh')
    await expectPerIpLimit({
      ...limitOf(deleteAccountRateLimit),
      // A wrong password each time: refused with 400 while under the limit, and nothing is deleted.
      served: 400,
      send: (n, ip) => post('/api/account/delete', { password: `wrong-${n}` }, ip, { cookie }),
    })
  })

  it(`checks ${redeemRateLimit.max} desk scans a minute per IP address`, async () => {
    // Two accounts in turn, so neither reaches its own limit: the address's is what refuses.
    const cookies = [
      (await signedInUser(t, 'desk-limit@example.bh', 'manager')).cookie,
      (await signedInUser(t, 'desk-limit-2@example.bh', 'manager')).cookie,
    ]
    await expectPerIpLimit({
      ...limitOf(redeemRateLimit),
      // A reference nobody holds: answered `invalid`, and nothing is kept.
      served: 200,
      send: (n, ip) =>
        post(
          '/api/desk/redeem',
          { venueId: 'manama-marina-hotel', text: 'DP-2222-2222', entry: 'keyboard', nonce: randomUUID() },
          ip,
          { cookie: cookies[n % 2] as string },
        ),
    })
  })

  it(`checks ${redeemRateLimit.max} desk scans a minute per account, from however many addresses`, async () => {
    // Account `n` is a manager signed in on first use: one account from fresh addresses, then another.
    const cookies = new Map<number, Promise<string>>()
    const cookieOf = (n: number) => {
      if (!cookies.has(n))
        cookies.set(
          n,
          signedInUser(t, `desk-account-limit-${n}@example.bh`, 'manager').then((user) => user.cookie),
        )
      return cookies.get(n) as Promise<string>
    }
    await expectPerAccountLimit({
      ...limitOf(redeemRateLimit),
      served: 200,
      send: async (n, ip) =>
        post(
          '/api/desk/redeem',
          { venueId: 'manama-marina-hotel', text: 'DP-2222-2222', entry: 'keyboard', nonce: randomUUID() },
          ip,
          { cookie: await cookieOf(n) },
        ),
    })
  })

  it(`takes ${cancelRateLimit.max} cancellations per IP address`, async () => {
    const { cookie } = await signedInUser(t, 'cancel-limit@example.bh')
    await expectPerIpLimit({
      ...limitOf(cancelRateLimit),
      // A booking nobody holds: 404 while under the limit, and nothing is cancelled.
      served: 404,
      send: (_n, ip) => post('/api/bookings/999999/cancel', {}, ip, { cookie }),
    })
  })

  it(`takes ${changeDateRateLimit.max} moves of a visit per IP address`, async () => {
    const { cookie } = await signedInUser(t, 'change-limit@example.bh')
    await expectPerIpLimit({
      ...limitOf(changeDateRateLimit),
      // A booking nobody holds: 404 while under the limit, and nothing moves.
      served: 404,
      send: (_n, ip) =>
        post('/api/bookings/999999/change-date', { date: '2026-12-09', time: '10:00' }, ip, { cookie }),
    })
  })

  it(`opens a guest's receipt ${manageLinkRateLimit.max} times a minute per IP address, as every guest link`, async () => {
    // A well-formed link that opens nothing: a guesser's, answered 404 until the limit.
    const forged = `1.1.${'A'.repeat(43)}`
    await expectPerIpLimit({
      max: manageLinkRateLimit.max,
      windowMs: manageLinkRateLimit.timeWindow,
      served: 404,
      send: (_n, ip) =>
        t.app.inject({
          url: `/api/manage/${forged}/receipt`,
          remoteAddress: ip,
        }),
    })
  })

  it(`makes ${receiptPdfRateLimit.max} receipt PDFs per IP address on a guest's link in 10 minutes`, async () => {
    // A well-formed link that opens nothing: answered 404 until the limit (below the link's own).
    const forged = `1.1.${'B'.repeat(43)}`
    await expectPerIpLimit({
      ...limitOf(receiptPdfRateLimit),
      served: 404,
      send: (_n, ip) => t.app.inject({ url: `/api/manage/${forged}/receipt.pdf`, remoteAddress: ip }),
    })
  })

  it(`makes ${receiptPdfRateLimit.max} receipt PDFs per IP address for a signed-in account`, async () => {
    const { cookie } = await signedInUser(t, 'receipt-limit@example.bh')
    await expectPerIpLimit({
      ...limitOf(receiptPdfRateLimit),
      // An order the account does not have: 404 while under the limit.
      served: 404,
      send: (_n, ip) =>
        t.app.inject({
          url: `/api/orders/${randomUUID()}/receipt.pdf`,
          headers: { cookie },
          remoteAddress: ip,
        }),
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

  it(`takes ${tapWebhookRateLimit.max} Tap webhooks a minute per IP address, signed or not`, async () => {
    await expectPerIpLimit({
      ...limitOf(tapWebhookRateLimit),
      // The test mode signs nothing: every webhook here is refused for its signature, and counted.
      served: 401,
      send: (n, ip) => post('/api/payments/tap/webhook', { id: `chg_${n}`, status: 'CAPTURED' }, ip),
    })
  })

  it(`answers ${tapReturnRateLimit.max} payment results per IP address in 10 minutes`, async () => {
    await expectPerIpLimit({
      ...limitOf(tapReturnRateLimit),
      // No order of that id: nothing is asked of Tap.
      served: 404,
      send: (_n, ip) =>
        post(
          `/api/checkout/orders/${randomUUID()}/tap-return`,
          { tapId: 'chg_x', token: 'x'.repeat(43) },
          ip,
        ),
    })
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

describe('verified reviews (reviews/rate-limits.ts)', () => {
  const { perIp, perVisitAndClient, perAccount } = reviewSubmitLimits
  // Five stars are not a number of stars: refused, once the limits have let it through.
  const tryReview = (token: string, ip: string, cookie?: string) =>
    post(`/api/reviews/${token}`, { stars: 'five' }, ip, cookie ? { cookie } : {})

  it(`takes ${perIp.max} reviews per IP address`, async () => {
    await expectPerIpLimit({
      ...limitOf(perIp),
      served: 400,
      send: (n, ip) => tryReview(unknownVisitToken(t, n), ip),
    })
  })

  it(`takes ${perVisitAndClient.max} tries per visit from one address; another address is counted apart`, async () => {
    const visit = unknownVisitToken(t, next())
    const ip = freshIp()
    for (let n = 0; n < perVisitAndClient.max; n++) expect((await tryReview(visit, ip)).statusCode).toBe(400)
    expectRefused(await tryReview(visit, ip), perVisitAndClient.timeWindow)
    expect((await tryReview(visit, freshIp())).statusCode).toBe(400)
    expect((await tryReview(unknownVisitToken(t, next()), ip)).statusCode).toBe(400)
  })

  it(`takes ${perAccount.max} reviews per account, from however many addresses and visits`, async () => {
    const { cookie } = await signedInUser(t, 'review-limit@example.bh')
    for (let n = 0; n < perAccount.max; n++)
      expect((await tryReview(unknownVisitToken(t, next()), freshIp(), cookie)).statusCode).toBe(400)
    const ip = freshIp()
    expectRefused(await tryReview(unknownVisitToken(t, next()), ip, cookie), perAccount.timeWindow)
    // The same address, without the account, is still served.
    expect((await tryReview(unknownVisitToken(t, next()), ip)).statusCode).toBe(400)
  })
})

describe('the client address every per-IP limit counts by (TRUST_PROXY)', () => {
  const { max } = newsletterRateLimit
  const subscribe = (app: TestApp, socket: string, forwardedFor: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      payload: { email: `proxied-${next()}@example.bh` },
      headers: { origin: testOrigin, 'x-forwarded-for': forwardedFor },
      remoteAddress: socket,
    })

  it('is the socket’s peer by default, in production too: a forged X-Forwarded-For resets nothing', async () => {
    const production = await createTestApp({
      NODE_ENV: 'production',
      PUBLIC_URL: testOrigin,
      AUTH_SECRET: 'a-production-secret-of-more-than-32-characters',
    })
    try {
      const client = freshIp()
      for (let i = 0; i < max; i++)
        expect((await subscribe(production, client, `198.51.100.${i}`)).statusCode).toBe(201)
      expectRefused(await subscribe(production, client, '198.51.100.200'), newsletterRateLimit.timeWindow)
    } finally {
      await production.close()
    }
  })

  it('with TRUST_PROXY=1 (one load balancer), is the address the balancer appended: the rightmost', async () => {
    const behindBalancer = await createTestApp({ PUBLIC_URL: testOrigin, TRUST_PROXY: 1 })
    try {
      const balancer = '10.0.0.2'
      // The client may write anything before the address the balancer adds.
      for (let i = 0; i < max; i++)
        expect((await subscribe(behindBalancer, balancer, `198.51.100.${i}, 203.0.113.50`)).statusCode).toBe(
          201,
        )
      expectRefused(
        await subscribe(behindBalancer, balancer, '198.51.100.200, 203.0.113.50'),
        newsletterRateLimit.timeWindow,
      )
      // Another client behind the same balancer has its own allowance.
      expect((await subscribe(behindBalancer, balancer, '203.0.113.51')).statusCode).toBe(201)
    } finally {
      await behindBalancer.close()
    }
  })
})
