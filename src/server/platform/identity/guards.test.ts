import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { register } from '../../../../tests/support/accounts.ts'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts'
import { requirePermission, requireUser, signedInAccount } from './guards.ts'

let t: TestApp
const origin = 'http://localhost:3000'
const password = 'Pearl-diving-1932'

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: origin })
  // Routes that exist only in this test, guarded the way every protected endpoint is.
  t.app.get('/api/test/mine', { preHandler: requireUser() }, async (request) => ({
    id: (await signedInAccount(request)).id,
  }))
  t.app.get('/api/test/venues-admin', { preHandler: requirePermission('canManageVenues') }, async () => ({
    ok: true,
  }))
  await t.app.ready()
})
afterAll(() => t.close())

async function signedIn(email: string, role: 'user' | 'staff' | 'manager' | 'admin') {
  await register(t, email, password)
  await t.database.db
    .updateTable('users')
    .set({ email_verified: true, role })
    .where('email', '=', email)
    .execute()
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
    headers: { origin },
  })
  const raw = response.headers['set-cookie']
  return (Array.isArray(raw) ? raw : [String(raw)]).map((cookie) => cookie.split(';')[0]).join('; ')
}

describe('server-side permission checks', () => {
  it('refuse anonymous visitors and guests with 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/test/mine' })).statusCode).toBe(401)
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/anonymous',
      payload: {},
      headers: { origin },
    })
    const cookie = String(guest.headers['set-cookie']).split(';')[0]
    const response = await t.app.inject({ method: 'GET', url: '/api/test/mine', headers: { cookie } })
    expect(response.statusCode).toBe(401)
    expect(response.json().error.code).toBe('SIGN_IN_REQUIRED')
  })

  it('refuse a signed-in user or staff member without canManageVenues with 403', async () => {
    for (const role of ['user', 'staff'] as const) {
      const cookie = await signedIn(`${role}@example.bh`, role)
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/test/mine', headers: { cookie } })).statusCode,
      ).toBe(200)
      const refused = await t.app.inject({
        method: 'GET',
        url: '/api/test/venues-admin',
        headers: { cookie },
      })
      expect(refused.statusCode, role).toBe(403)
      expect(refused.json().error.code).toBe('FORBIDDEN')
    }
  })

  it('let managers and admins in', async () => {
    for (const role of ['manager', 'admin'] as const) {
      const cookie = await signedIn(`${role}@example.bh`, role)
      const allowed = await t.app.inject({
        method: 'GET',
        url: '/api/test/venues-admin',
        headers: { cookie },
      })
      expect(allowed.statusCode, role).toBe(200)
      const session = await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } })
      expect(session.json().permissions).toContain('canManageVenues')
    }
  })
})
