import type { IncomingHttpHeaders } from 'node:http'
import { request as httpRequest } from 'node:http'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cookieFrom, latestMailTo } from '../../../../tests/support/accounts.ts'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts'

let t: TestApp
const origin = 'http://localhost:3000'

beforeAll(async () => {
  // The app's own password hashing, not the tests' cheaper one.
  t = await createTestApp({ PUBLIC_URL: origin }, () => ({ passwordHashing: undefined }))
})
afterAll(() => t.close())

function post(url: string, payload: object, cookie?: string) {
  return t.app.inject({ method: 'POST', url, payload, headers: { origin, ...(cookie ? { cookie } : {}) } })
}

/** A POST over real HTTP with the path exactly as written (fetch and app.inject normalise it). */
function rawPost(base: string, path: string, body: object) {
  const { hostname, port } = new URL(base)
  return new Promise<{ status: number; headers: IncomingHttpHeaders }>((resolve, reject) => {
    const request = httpRequest(
      { hostname, port, path, method: 'POST', headers: { origin, 'content-type': 'application/json' } },
      (response) => {
        response.resume()
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers }))
      },
    )
    request.on('error', reject)
    request.end(JSON.stringify(body))
  })
}

describe('signing up, activating and signing in', () => {
  const email = 'sara.ali@example.bh'
  const password = 'Pearl-diving-1932'

  it('queues an activation mail with a 24-hour link, and refuses sign-in until it is used', async () => {
    const signUp = await post('/api/accounts/register', {
      firstName: 'Sara',
      lastName: 'Ali',
      email,
      confirmEmail: email,
      password,
      confirmPassword: password,
    })
    expect(signUp.statusCode).toBe(201)
    const mail = await latestMailTo(t, email)
    expect(mail.template).toBe('account-activation')
    expect(String(mail.payload.url)).toMatch(/^http:\/\/localhost:3000\/api\/auth\/verify-email\?token=/)

    // Stored as scrypt at OWASP's parameters (password-hash.ts), never as the password.
    // better-auth's own table, outside our Kysely types.
    const { rows } = await sql<{ password: string }>`
      SELECT a.password FROM accounts a JOIN users u ON u.id = a.user_id WHERE u.email = ${email}
    `.execute(t.database.db)
    const [stored] = rows
    expect(stored?.password).toMatch(/^scrypt\$131072\$8\$1\$/)
    expect(stored?.password).not.toContain(password)

    const early = await post('/api/auth/sign-in/email', { email, password })
    expect(early.statusCode).toBe(403)
    expect(early.json().error.code).toBe('EMAIL_NOT_VERIFIED')
  })

  it('activates through the link, then signs in with a rotated session cookie and out again', async () => {
    const mail = await latestMailTo(t, email)
    const link = new URL(String(mail.payload.url))
    const verify = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` })
    expect([200, 302]).toContain(verify.statusCode)
    const user = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
    expect(user.email_verified).toBe(true)
    expect(user.role).toBe('user')

    const signIn = await post('/api/auth/sign-in/email', { email, password })
    expect(signIn.statusCode).toBe(200)
    const setCookie = String(signIn.headers['set-cookie'])
    expect(setCookie).toMatch(/HttpOnly/i)
    expect(setCookie).toMatch(/SameSite=Lax/i)
    const cookie = cookieFrom(signIn)

    const session = await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } })
    expect(session.json()).toMatchObject({ user: { email, role: 'user', isGuest: false }, permissions: [] })

    const out = await post('/api/auth/sign-out', {}, cookie)
    expect(out.statusCode).toBe(200)
    const after = await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } })
    expect(after.json().user).toBeNull()
  })

  it('refuses a wrong password with the same answer as an unknown account', async () => {
    const wrong = await post('/api/auth/sign-in/email', { email, password: 'not-the-password' })
    const unknown = await post('/api/auth/sign-in/email', {
      email: 'nobody@example.bh',
      password: 'not-the-password',
    })
    expect(wrong.statusCode).toBe(unknown.statusCode)
    expect(wrong.json().error.message).toBe(unknown.json().error.message)
  })

  it('refuses a state-changing request from another origin', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password },
      headers: { origin: 'https://evil.example', cookie: 'x=1' },
    })
    expect(response.statusCode).toBe(403)
  })

  it('starts a guest session of its own, with no shared credentials', async () => {
    const guest = await post('/api/auth/sign-in/anonymous', {})
    expect(guest.statusCode).toBe(200)
    const other = await post('/api/auth/sign-in/anonymous', {})
    const [a, b] = await Promise.all(
      [guest, other].map(async (response) =>
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/session',
            headers: { cookie: cookieFrom(response) },
          })
        ).json(),
      ),
    )
    expect(a.user).toMatchObject({ isGuest: true, role: 'user' })
    expect(a.user.id).not.toBe(b.user.id)
    expect(a.permissions).toEqual([])
  })
})

describe('rate limits', () => {
  const signIn = (password: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'sara.ali@example.bh', password },
      headers: { origin },
      remoteAddress,
    })

  it('lock out the client that guessed, not the account: the owner still signs in from elsewhere', async () => {
    const attempts: number[] = []
    for (let i = 0; i < 6; i++) attempts.push((await signIn(`guess-${i}-password`, '10.1.0.1')).statusCode)
    expect(attempts).toEqual([401, 401, 401, 401, 401, 429])
    const refused = await signIn('Pearl-diving-1932', '10.1.0.1')
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error.message).toMatch(/Too many attempts/)
    expect(refused.headers['retry-after']).toBeDefined()

    const owner = await signIn('Pearl-diving-1932', '10.1.0.2')
    expect(owner.statusCode, owner.body).toBe(200)
  })

  it('cannot be walked around with a path better-auth would read the same', async () => {
    // This client (127.0.0.1) is now locked out of the account; the right password, sent to the
    // same endpoint spelled another way, must not get in. Over real HTTP: app.inject would
    // normalise the paths before the server saw them.
    for (let i = 0; i < 5; i++) await signIn(`guess-${i}-password`, '127.0.0.1')
    expect((await signIn('Pearl-diving-1932', '127.0.0.1')).statusCode).toBe(429)
    const variants = [
      '/api/auth/./sign-in/email',
      '/api/auth/x/../sign-in/email',
      '/api/auth/%2e/sign-in/email',
      '/api/auth/x/%2E%2E/sign-in/email',
      '/api/auth//sign-in/email',
      '/api/auth/sign-in/email/',
      '/api/auth/sign-in/x/..\\email',
      '/api/./auth/sign-in/email',
      '/x/../api/auth/sign-in/email',
    ]
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 })
    for (const path of variants) {
      const response = await rawPost(address, path, {
        email: 'sara.ali@example.bh',
        password: 'Pearl-diving-1932',
      })
      expect([path, response.status]).toEqual([path, 404])
      expect(response.headers['set-cookie'], path).toBeUndefined()
      expect(response.headers['cache-control'], path).toBe('no-store')
    }
  })

  it('limit guest sessions per client: each one makes an account', async () => {
    const answers: number[] = []
    for (let i = 0; i < 11; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/anonymous',
        payload: {},
        headers: { origin },
        remoteAddress: '10.1.1.1',
      })
      answers.push(response.statusCode)
    }
    expect(answers).toEqual([...Array(10).fill(200), 429])
  })
})

describe('password reset requests', () => {
  it('get the same answer, status and timing whether or not the account exists', async () => {
    const ask = async (email: string, ip: string) => {
      const started = performance.now()
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email, redirectTo: '/reset-password' },
        headers: { origin },
        remoteAddress: ip,
      })
      return { status: response.statusCode, body: response.body, ms: performance.now() - started }
    }
    const known = await ask('sara.ali@example.bh', '10.3.0.1')
    const unknown = await ask('nobody-here@example.bh', '10.3.0.2')
    expect(known.status).toBe(200)
    expect(unknown.status).toBe(known.status)
    expect(unknown.body).toBe(known.body)
    expect(Math.abs(known.ms - unknown.ms)).toBeLessThan(150)
    const mails = await t.database.db
      .selectFrom('mail_outbox')
      .select('to_address')
      .where('template', '=', 'password-reset')
      .execute()
    expect(mails.map((mail) => mail.to_address)).toEqual(['sara.ali@example.bh'])
  })
})
