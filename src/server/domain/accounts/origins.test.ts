import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cookieFrom, testPassword } from '../../../../tests/support/accounts.ts'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts'
import { languageCookie } from '../../../shared/i18n.ts'
import { loadConfig } from '../../platform/config.ts'

/**
 * `PORT=3100 npm start`, and the site opened at http://127.0.0.1:3100 (or a LAN address) while
 * PUBLIC_URL says http://localhost:3100: in development the origin the browser used is trusted,
 * by our same-origin check and by better-auth's (ADR 016). In production only PUBLIC_URL is, and
 * another origin is told so with a code the page translates.
 */
const browserOrigin = 'http://127.0.0.1:3100'
let dev: TestApp
let production: TestApp

/** As a browser sends it: to the host it opened, with its Origin and the language cookie it keeps. */
function fromBrowser(t: TestApp, url: string, payload: object, cookie = '', origin = browserOrigin) {
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: {
      host: new URL(origin).host,
      origin,
      cookie: [`${languageCookie}=en`, cookie].filter(Boolean).join('; '),
    },
  })
}

describe('development, opened at another local origin than PUBLIC_URL', () => {
  beforeAll(async () => {
    const { PUBLIC_URL, PORT } = loadConfig({ PORT: '3100' })
    dev = await createTestApp({ NODE_ENV: 'development', PORT, PUBLIC_URL })
  })
  afterAll(() => dev?.close())
  const email = 'noor.hasan@example.bh'

  it('registers, activates, signs in and signs out', async () => {
    const registered = await fromBrowser(dev, '/api/accounts/register', {
      firstName: 'Noor',
      lastName: 'Hasan',
      birthday: '14/02/1995',
      email,
      confirmEmail: email,
      mobileNumber: '+97333123456',
      password: testPassword,
      confirmPassword: testPassword,
    })
    expect(registered.statusCode).toBe(201)
    const mail = await dev.database.db
      .selectFrom('mail_outbox')
      .select('payload')
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow()
    const link = new URL(String(mail.payload.url))
    expect(link.origin).toBe('http://localhost:3100')
    const activated = await dev.app.inject({
      method: 'GET',
      url: `${link.pathname}${link.search}`,
      headers: { host: '127.0.0.1:3100' },
    })
    expect([200, 302]).toContain(activated.statusCode)

    const signIn = await fromBrowser(dev, '/api/auth/sign-in/email', { email, password: testPassword })
    expect(signIn.json()).toMatchObject({ user: { email } })
    expect(signIn.statusCode).toBe(200)
    const cookie = cookieFrom(signIn)
    const signOut = await fromBrowser(dev, '/api/auth/sign-out', {}, cookie)
    expect(signOut.statusCode).toBe(200)
    const session = await dev.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } })
    expect(session.json().user).toBeNull()
  })

  it('still refuses another site, and a host name that could be rebound to this machine', async () => {
    for (const origin of ['https://evil.example', 'http://rebound.evil.example:3100']) {
      const response = await fromBrowser(
        dev,
        '/api/auth/sign-in/email',
        { email, password: testPassword },
        '',
        origin,
      )
      expect(response.statusCode, origin).toBe(403)
      expect(response.json().error.code).toBe('CROSS_ORIGIN')
    }
    const crossSite = await dev.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password: testPassword },
      headers: { host: '127.0.0.1:3100', origin: 'https://evil.example' },
    })
    expect(crossSite.statusCode).toBe(403)
  })
})

describe('production', () => {
  beforeAll(async () => {
    production = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://daypass.example' })
  })
  afterAll(() => production?.close())
  it('answers a request from another origin than PUBLIC_URL with a clear code and message', async () => {
    const response = await fromBrowser(production, '/api/auth/sign-in/email', {
      email: 'someone@example.bh',
      password: testPassword,
    })
    expect(response.statusCode).toBe(403)
    const { error } = response.json()
    expect(error.code).toBe('CROSS_ORIGIN')
    expect(error.message).toContain('https://daypass.example')
  })

  it('accepts its own origin', async () => {
    const response = await fromBrowser(
      production,
      '/api/auth/sign-in/email',
      { email: 'someone@example.bh', password: testPassword },
      '',
      'https://daypass.example',
    )
    expect(response.statusCode).toBe(401)
  })
})
