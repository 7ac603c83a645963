import { createHash } from 'node:crypto'
import type { TestApp } from './test-app.ts'

export const testOrigin = 'http://localhost:3000'
export const testPassword = 'Pearl-diving-1932'

/** The `cookie` request header that carries the session a response set. */
export function cookieFrom(response: { headers: Record<string, unknown> }): string {
  const raw = response.headers['set-cookie']
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : []
  return list.map((cookie: string) => cookie.split(';')[0]).join('; ')
}

/**
 * Registers an account through the site's registration (better-auth's own sign-up answers 404):
 * the answer, 201 when the form was accepted.
 */
export function register(t: TestApp, email: string, password = testPassword, remoteAddress?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/accounts/register',
    payload: {
      firstName: 'Sara',
      lastName: 'Ali',
      email,
      confirmEmail: email,
      password,
      confirmPassword: password,
    },
    headers: { origin: testOrigin },
    ...(remoteAddress ? { remoteAddress } : {}),
  })
}

/** A private address (10.x.y.z) per e-mail address. */
function addressOf(email: string): string {
  const digest = createHash('sha256').update(email).digest()
  return `10.${digest[0]}.${digest[1]}.${digest[2]}`
}

/** An activated account with the given role, signed in: its id and session cookie. */
export async function signedInUser(
  t: TestApp,
  email: string,
  role: 'user' | 'staff' | 'manager' | 'admin' = 'user',
): Promise<{ id: string; cookie: string }> {
  // From an address of its own, so the accounts a test makes never meet the sign-up limit per IP.
  await register(t, email, testPassword, addressOf(email))
  const user = await t.database.db
    .updateTable('users')
    .set({ email_verified: true, role })
    .where('email', '=', email)
    .returning('id')
    .executeTakeFirstOrThrow()
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password: testPassword },
    headers: { origin: testOrigin },
  })
  return { id: user.id, cookie: cookieFrom(response) }
}

/** A guest session (Sign in as Guest): its cookie. */
export async function guestSession(t: TestApp): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/anonymous',
    payload: {},
    headers: { origin: testOrigin },
  })
  return cookieFrom(response)
}

/** The newest mail queued to `email`. */
export function latestMailTo(t: TestApp, email: string) {
  return t.database.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow()
}
