import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { guestSession, signedInUser } from '../../../../tests/support/accounts.ts'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts'
import { languageOf } from '../../platform/identity/caller.ts'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://localhost:3000' })
  // A route that exists only in this test: who is calling, in which language.
  t.app.get('/api/test/caller', async (request) => ({
    caller: await request.caller,
    language: request.language,
  }))
  await t.app.ready()
})
afterAll(() => t.close())

const ask = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/test/caller', headers }).then((answer) => answer.json())

describe('request.caller', () => {
  it('is anonymous without a session cookie, or with one no session has', async () => {
    expect((await ask()).caller).toEqual({ kind: 'anonymous' })
    const made = await ask({ cookie: 'better-auth.session_token=made-up.signature' })
    expect(made.caller).toEqual({ kind: 'anonymous' })
  })

  it('is a guest for a guest session, and the account with its role for a signed-in one', async () => {
    const guest = await ask({ cookie: await guestSession(t) })
    expect(guest.caller).toMatchObject({ kind: 'guest', role: 'user' })
    const manager = await signedInUser(t, 'caller-manager@example.bh', 'manager')
    expect((await ask({ cookie: manager.cookie })).caller).toEqual({
      kind: 'account',
      id: manager.id,
      email: 'caller-manager@example.bh',
      name: 'Sara Ali',
      role: 'manager',
    })
  })
})

describe('request.language', () => {
  it('is the language cookie, else the browser’s preference, else English', async () => {
    expect((await ask({ cookie: 'lang=ar' })).language).toBe('ar')
    expect((await ask({ cookie: 'theme=dark; lang=ar', 'accept-language': 'en-GB' })).language).toBe('ar')
    expect((await ask({ 'accept-language': 'ar-BH,ar;q=0.9' })).language).toBe('ar')
    expect((await ask({ cookie: 'lang=fr', 'accept-language': 'fr' })).language).toBe('en')
    expect(languageOf(undefined)).toBe('en')
  })
})
