import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cookieFrom, signedInUser, testOrigin, testPassword } from '../../../../tests/support/accounts.ts'
import { book, createDeskTest, type DeskTest, send, venueA } from '../../../../tests/support/desk.ts'
import { lockActiveAdmins, setRole } from '../../domain/team/users-repository.ts'

let d: DeskTest
beforeAll(async () => {
  d = await createDeskTest()
})
afterAll(() => d.t.close())

const signIn = (email: string) =>
  d.t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password: testPassword },
    headers: { origin: testOrigin },
  })
const admin = () => d.admin
const user = (id: string) => `/api/admin/users/${id}`

describe('the team’s users (canManageUsers)', () => {
  it('finds accounts by e-mail or name, a page at a time, without guest sessions', async () => {
    await signedInUser(d.t, 'findme-zq@example.bh')
    const found = (await send(d.t, admin(), 'GET', '/api/admin/users?search=FINDME-zq')).json()
    expect(found.total).toBe(1)
    expect(found.users[0]).toMatchObject({ email: 'findme-zq@example.bh', role: 'user', active: true })
    expect(found.users[0].lastSignInAt).not.toBeNull()
    const byName = (await send(d.t, admin(), 'GET', '/api/admin/users?search=sara%20ali')).json()
    expect(byName.total).toBeGreaterThan(3)
    // A LIKE wildcard typed in the search is a literal character.
    expect((await send(d.t, admin(), 'GET', '/api/admin/users?search=%25')).json().total).toBe(0)
    const page2 = (await send(d.t, admin(), 'GET', '/api/admin/users?page=2')).json()
    expect(page2).toMatchObject({ page: 2, pageSize: 20, users: [] })
  })

  it('changes a role, shows the account’s bookings, venues and history', async () => {
    const member = await signedInUser(d.t, 'promoted@example.bh')
    const promoted = await send(d.t, admin(), 'PUT', `${user(member.id)}/role`, { role: 'staff' })
    expect(promoted.statusCode, promoted.body).toBe(200)
    await send(d.t, admin(), 'PUT', `/api/admin/staff/${member.id}/venues`, { venueIds: [venueA] })
    const detail = (await send(d.t, admin(), 'GET', user(member.id))).json()
    expect(detail.user).toMatchObject({ role: 'staff', bookings: 0, staffVenueIds: [venueA], active: true })
    expect(detail.history.map((entry: { action: string }) => entry.action)).toEqual([
      'staff.assign',
      'user.role',
    ])
    expect(detail.history[1]).toMatchObject({
      actorEmail: 'desk-admin@example.bh',
      before: { role: 'user' },
      after: { role: 'staff' },
    })
    expect(detail.venues.length).toBeGreaterThan(2)
    // The new role counts from the member's next request.
    expect((await send(d.t, member.cookie, 'GET', '/api/desk/venues')).statusCode).toBe(200)
    expect((await send(d.t, admin(), 'GET', user('no-such-account'))).statusCode).toBe(404)
  })

  it('keeps one active admin: the last one can be neither demoted nor deactivated', async () => {
    const solo = await d.t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'desk-admin@example.bh')
      .executeTakeFirstOrThrow()
    const demote = await send(d.t, admin(), 'PUT', `${user(solo.id)}/role`, { role: 'manager' })
    expect(demote.statusCode).toBe(409)
    expect(demote.json().error.code).toBe('LAST_ADMIN')
    expect((await send(d.t, admin(), 'POST', `${user(solo.id)}/deactivate`, {})).json().error.code).toBe(
      'LAST_ADMIN',
    )

    // Two admins demoting each other at the same moment: one succeeds, the other is refused.
    const second = await signedInUser(d.t, 'second-admin@example.bh', 'admin')
    const [a, b] = await Promise.all([
      send(d.t, admin(), 'PUT', `${user(second.id)}/role`, { role: 'manager' }),
      send(d.t, second.cookie, 'PUT', `${user(solo.id)}/role`, { role: 'manager' }),
    ])
    // The loser is refused by the rule (409) or, once demoted, for its role (403).
    const statuses = [a.statusCode, b.statusCode].sort()
    expect(statuses[0]).toBe(200)
    expect([403, 409]).toContain(statuses[1])
    const admins = await d.t.database.db
      .selectFrom('users')
      .select('email')
      .where('role', '=', 'admin')
      .where('deactivated_at', 'is', null)
      .execute()
    expect(admins).toHaveLength(1)
    // Put the suite's admin back if it was the one demoted.
    if (admins[0]?.email !== 'desk-admin@example.bh') {
      await d.t.database.db.updateTable('users').set({ role: 'admin' }).where('id', '=', solo.id).execute()
      await d.t.database.db.updateTable('users').set({ role: 'user' }).where('id', '=', second.id).execute()
    }
  })

  it('keeps one admin when the rule is raced directly, transaction against transaction', async () => {
    const db = d.t.database.db
    const other = await signedInUser(d.t, 'third-admin@example.bh', 'admin')
    const ids = (await db.selectFrom('users').select('id').where('role', '=', 'admin').execute()).map(
      (r) => r.id,
    )
    expect(ids).toHaveLength(2)
    const demote = (id: string) =>
      db.transaction().execute(async (trx) => {
        const admins = await lockActiveAdmins(trx)
        if (admins.length <= 1) throw new Error('LAST_ADMIN')
        await setRole(trx, id, 'manager')
      })
    const results = await Promise.allSettled(ids.map(demote))
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected'])
    const left = await db.selectFrom('users').select('id').where('role', '=', 'admin').execute()
    expect(left).toHaveLength(1)
    await db
      .updateTable('users')
      .set({ role: 'admin' })
      .where('email', '=', 'desk-admin@example.bh')
      .execute()
    await db.updateTable('users').set({ role: 'user' }).where('id', '=', other.id).execute()
  })

  it('deactivating ends every session at once; sign-in then says the account is disabled', async () => {
    const member = await signedInUser(d.t, 'leaving@example.bh')
    const other = cookieFrom(await signIn('leaving@example.bh'))
    await book(d.t, { email: 'leaving-guest@example.bh' })
    for (const cookie of [member.cookie, other])
      expect((await send(d.t, cookie, 'GET', '/api/bookings')).statusCode).toBe(200)
    const off = await send(d.t, admin(), 'POST', `${user(member.id)}/deactivate`, {})
    expect(off.statusCode, off.body).toBe(200)
    expect(off.json().user.active).toBe(false)
    for (const cookie of [member.cookie, other])
      expect((await send(d.t, cookie, 'GET', '/api/bookings')).statusCode).toBe(401)
    const sessions = await d.t.database.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', member.id)
      .execute()
    expect(sessions).toEqual([])
    const refused = await signIn('leaving@example.bh')
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error.code).toBe('ACCOUNT_DISABLED')
    expect(cookieFrom(refused)).not.toContain('session_token=')
    // The wrong password still gets the usual answer: the disabled state is told only to its owner.
    const wrong = await d.t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'leaving@example.bh', password: 'Not-the-password-1' },
      headers: { origin: testOrigin },
    })
    expect(wrong.json().error.code).toBe('INVALID_EMAIL_OR_PASSWORD')

    const on = await send(d.t, admin(), 'POST', `${user(member.id)}/reactivate`, {})
    expect(on.json().user.active).toBe(true)
    expect(on.json().history.map((entry: { action: string }) => entry.action)).toEqual([
      'user.reactivate',
      'user.deactivate',
    ])
    expect((await signIn('leaving@example.bh')).statusCode).toBe(200)
  })

  it('refuses everyone without canManageUsers', async () => {
    const target = `${user('anyone')}/deactivate`
    for (const [cookie, status] of [
      [undefined, 401],
      [d.user, 403],
      [d.staffA.cookie, 403],
      [d.manager, 403],
    ] as const) {
      expect((await send(d.t, cookie, 'GET', '/api/admin/users')).statusCode).toBe(status)
      expect((await send(d.t, cookie, 'POST', target, {})).statusCode).toBe(status)
    }
  })
})
