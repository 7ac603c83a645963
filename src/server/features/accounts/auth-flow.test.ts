import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts'

let t: TestApp
const origin = 'http://localhost:3000'

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: origin })
})
afterAll(() => t.close())

function post(url: string, payload: object, cookie?: string) {
  return t.app.inject({ method: 'POST', url, payload, headers: { origin, ...(cookie ? { cookie } : {}) } })
}

function cookieFrom(response: { headers: Record<string, unknown> }): string {
  const raw = response.headers['set-cookie']
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : []
  return list.map((cookie: string) => cookie.split(';')[0]).join('; ')
}

async function latestMailTo(email: string) {
  return t.database.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow()
}

describe('signing up, activating and signing in', () => {
  const email = 'sara.ali@example.bh'
  const password = 'Pearl-diving-1932'

  it('queues an activation mail with a 24-hour link, and refuses sign-in until it is used', async () => {
    const signUp = await post('/api/auth/sign-up/email', { email, password, name: 'Sara Ali' })
    expect(signUp.statusCode).toBe(200)
    const mail = await latestMailTo(email)
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
    const mail = await latestMailTo(email)
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
  it('answer 429 after repeated failed sign-ins on one account, whatever the address they come from', async () => {
    const attempts: number[] = []
    for (let i = 0; i < 7; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: 'target@example.bh', password: `guess-${i}-password` },
        headers: { origin },
        remoteAddress: `10.1.0.${i}`,
      })
      attempts.push(response.statusCode)
    }
    expect(attempts.slice(0, 5).every((status) => status === 401)).toBe(true)
    expect(attempts.at(-1)).toBe(429)
    const last = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'target@example.bh', password: 'x-password' },
      headers: { origin },
      remoteAddress: '10.1.0.99',
    })
    expect(last.json().error.message).toMatch(/Too many attempts/)
    expect(last.headers['retry-after']).toBeDefined()
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
