import { afterAll, beforeAll, expect, it } from 'vitest'
import { testOrigin } from '../../../../tests/support/accounts.ts'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts'
import { setAccountRole } from './set-role.ts'

/** `npm run user:role` (scripts/set-role.ts) makes an activated account and queues no mail for it. */
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: testOrigin })
})
afterAll(() => t.close())

const mails = () => t.database.db.selectFrom('mail_outbox').select(['template', 'to_address']).execute()

it('creates an activated account that signs in at once, and sends no activation mail', async () => {
  expect(
    await setAccountRole(t.database.db, ' New-Admin@Example.bh ', 'admin', 'a long passphrase 1'),
  ).toEqual({
    created: true,
  })
  expect(await mails()).toEqual([])
  const account = await t.database.db
    .selectFrom('users')
    .select(['email', 'email_verified', 'role'])
    .where('email', '=', 'new-admin@example.bh')
    .executeTakeFirstOrThrow()
  expect(account).toEqual({ email: 'new-admin@example.bh', email_verified: true, role: 'admin' })
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email: 'new-admin@example.bh', password: 'a long passphrase 1' },
    headers: { origin: testOrigin },
  })
  expect(signIn.statusCode, signIn.body).toBe(200)
})

it('changes an existing account’s role without a password, and refuses a weak one for a new account', async () => {
  expect(await setAccountRole(t.database.db, 'new-admin@example.bh', 'manager')).toEqual({ created: false })
  await expect(setAccountRole(t.database.db, 'weak@example.bh', 'staff', 'password')).rejects.toMatchObject({
    fields: { password: 'PASSWORD_TOO_COMMON' },
  })
  await expect(setAccountRole(t.database.db, 'nobody@example.bh', 'staff')).rejects.toThrow(/No account/)
  expect(await mails()).toEqual([])
})
