import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cookieFrom, latestMailTo, register } from '../../../../tests/support/accounts.ts'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts'

let t: TestApp
const origin = 'http://localhost:3000'

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: origin })
  expect((await register(t, 'sara.ali@example.bh', 'Pearl-diving-1932', '10.2.9.9')).statusCode).toBe(201)
  await t.database.db
    .updateTable('users')
    .set({ email_verified: true })
    .where('email', '=', 'sara.ali@example.bh')
    .execute()
})
afterAll(() => t.close())

describe('one password policy on every path that sets a password or a name', () => {
  const weak = ['password', '12345678']
  const hugeName = 'S'.repeat(100_000)
  const send = (url: string, payload: object, remoteAddress: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { origin, ...(cookie ? { cookie } : {}) },
      remoteAddress,
    })

  it('answers 404 to better-auth’s own sign-up: registration is /api/accounts/register', async () => {
    const email = 'bypass@example.bh'
    const response = await send(
      '/api/auth/sign-up/email',
      { email, password: 'password', name: 'X' },
      '10.2.0.1',
    )
    expect(response.statusCode).toBe(404)
    expect(response.json().error.code).toBe('NOT_FOUND')
    const users = await t.database.db.selectFrom('users').select('id').where('email', '=', email).execute()
    expect(users).toEqual([])
  })

  it('refuses weak passwords and an over-long name at registration', async () => {
    const form = (password: string, firstName = 'Sara') => ({
      firstName,
      lastName: 'Ali',
      email: 'weak@example.bh',
      confirmEmail: 'weak@example.bh',
      password,
      confirmPassword: password,
    })
    for (const password of weak) {
      const response = await send('/api/accounts/register', form(password), '10.2.0.2')
      expect(response.statusCode, password).toBe(400)
      expect(response.json().error.fields.password).toBeDefined()
    }
    const long = await send('/api/accounts/register', form('Pearl-diving-1932', hugeName), '10.2.0.2')
    expect(long.statusCode).toBe(400)
    expect(long.json().error.fields.firstName).toBe('FIRST_NAME_TOO_LONG')
  })

  it('refuses weak passwords when changing the password, and an over-long name on update-user', async () => {
    const signIn = await send(
      '/api/auth/sign-in/email',
      { email: 'sara.ali@example.bh', password: 'Pearl-diving-1932' },
      '10.2.0.3',
    )
    expect(signIn.statusCode, signIn.body).toBe(200)
    const cookie = cookieFrom(signIn)
    for (const newPassword of weak) {
      const response = await send(
        '/api/auth/change-password',
        { currentPassword: 'Pearl-diving-1932', newPassword },
        '10.2.0.3',
        cookie,
      )
      expect(response.statusCode, newPassword).toBe(400)
      expect(response.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { newPassword: expect.any(String) },
      })
    }
    const rename = await send('/api/auth/update-user', { name: hugeName }, '10.2.0.3', cookie)
    expect(rename.statusCode).toBe(400)
    expect(rename.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { name: 'NAME_TOO_LONG' },
    })
    const user = await t.database.db
      .selectFrom('users')
      .select('name')
      .where('email', '=', 'sara.ali@example.bh')
      .executeTakeFirstOrThrow()
    expect(user.name).toBe('Sara Ali')
  })

  it('refuses weak passwords on reset; a new reset link revokes the earlier one', async () => {
    const askForLink = async (remoteAddress: string) => {
      const response = await send(
        '/api/auth/request-password-reset',
        { email: 'sara.ali@example.bh', redirectTo: '/reset-password' },
        remoteAddress,
      )
      expect(response.statusCode).toBe(200)
      const mail = await latestMailTo(t, 'sara.ali@example.bh')
      expect(mail.template).toBe('password-reset')
      return new URL(String(mail.payload.url)).pathname.split('/').at(-1) as string
    }
    const first = await askForLink('10.2.0.4')
    const second = await askForLink('10.2.0.5')
    expect(second).not.toBe(first)

    for (const newPassword of weak) {
      const response = await send('/api/auth/reset-password', { token: second, newPassword }, '10.2.0.6')
      expect(response.statusCode, newPassword).toBe(400)
      expect(response.json().error.fields).toEqual({ newPassword: expect.any(String) })
    }
    const revoked = await send(
      '/api/auth/reset-password',
      { token: first, newPassword: 'Dhow-harbour-1971' },
      '10.2.0.6',
    )
    expect(revoked.statusCode).toBe(400)
    expect(revoked.json().error.code).toBe('INVALID_TOKEN')
    const reset = await send(
      '/api/auth/reset-password',
      { token: second, newPassword: 'Dhow-harbour-1971' },
      '10.2.0.6',
    )
    expect(reset.statusCode, reset.body).toBe(200)
  })
})

describe('answers of /api/auth/*', () => {
  it('are never kept by a browser or proxy: Cache-Control no-store, refusals included', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/auth/get-session' }),
      await t.app.inject({ method: 'GET', url: '/api/auth/no-such-thing' }),
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: 'nobody@example.bh', password: 'Pearl-diving-1932' },
        headers: { origin },
        remoteAddress: '10.2.1.1',
      }),
      await t.app.inject({ method: 'GET', url: '/api/auth/verify-email?token=made-up' }),
    ]
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 404, 401, 401])
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store')
  })
})
