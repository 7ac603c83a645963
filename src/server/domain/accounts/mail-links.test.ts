import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts'

/**
 * Every link in a mail is built from PUBLIC_URL: a request sent with another Host header (a proxy's
 * name, an attacker's domain, another port) never puts that host into an activation or reset link.
 */
const publicUrl = 'https://daypass.example'
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: publicUrl, PORT: 3000 })
})
afterAll(() => t.close())

const headers = { origin: publicUrl, host: 'evil.example:3000' }

async function urlOf(template: string, to: string): Promise<string> {
  const row = await t.database.db
    .selectFrom('mail_outbox')
    .select('payload')
    .where('template', '=', template)
    .where('to_address', '=', to)
    .executeTakeFirstOrThrow()
  return String(row.payload.url)
}

it('builds the activation and reset links from PUBLIC_URL, whatever the Host header says', async () => {
  const email = 'host-header@example.bh'
  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/accounts/register',
    headers,
    payload: {
      firstName: 'Sara',
      lastName: 'Ali',
      email,
      confirmEmail: email,
      password: 'a long passphrase 1',
      confirmPassword: 'a long passphrase 1',
    },
  })
  expect(registered.statusCode, registered.body).toBe(201)
  expect((await urlOf('account-activation', email)).startsWith(`${publicUrl}/`)).toBe(true)

  await t.database.db.updateTable('users').set({ email_verified: true }).where('email', '=', email).execute()
  const reset = await t.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    headers,
    payload: { email, redirectTo: '/reset-password' },
  })
  expect(reset.statusCode, reset.body).toBe(200)
  const url = await urlOf('password-reset', email)
  expect(url.startsWith(`${publicUrl}/`), url).toBe(true)
  expect(url).not.toContain('evil.example')
})
