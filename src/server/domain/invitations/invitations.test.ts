import { beforeAll, describe, expect, it } from 'vitest'
import {
  cookieFrom,
  register,
  signedInUser,
  testOrigin,
  testPassword,
} from '../../../../tests/support/accounts.ts'
import { checkoutClock } from '../../../../tests/support/checkout.ts'
import { setUpMailTest } from '../../../../tests/support/mail-test.ts'
import { signId } from '../../platform/identity/signed-id.ts'

/**
 * Staff invited by e-mail (docs/decisions/041), on the app's clock: the link works once and for 72
 * hours, a withdrawn one never, nor one whose sender was deactivated; nothing is granted until the
 * address's owner accepts through the link; a manager invites only to the venues they run.
 */
const venueA = 'manama-marina-hotel'
const venueB = 'seef-towers-residences'
const publicUrl = 'https://daypass.example'
const m = setUpMailTest({ publicUrl, deliverQueuedBeforeEach: true })
let admin: string
let managerA: { id: string; cookie: string }
let managerB: { id: string; cookie: string }

beforeAll(async () => {
  admin = (await signedInUser(m.t, 'invite-admin@example.bh', 'admin')).cookie
  managerA = await signedInUser(m.t, 'manager-a@example.bh', 'manager')
  managerB = await signedInUser(m.t, 'manager-b@example.bh', 'manager')
  // Each manager runs one venue: the admin ticks it for them on the staff page.
  for (const [manager, venue] of [
    [managerA, venueA],
    [managerB, venueB],
  ] as const) {
    const response = await send(admin, 'PUT', `/api/admin/staff/${manager.id}/venues`, { venueIds: [venue] })
    expect(response.statusCode, response.body).toBe(200)
  }
})

/** The address a message was sent to. */
const addressOf = (message: { to?: { text: string } | { text: string }[] }) =>
  Array.isArray(message.to) ? message.to[0]?.text : message.to?.text

let ip = 0
function send(
  cookie: string | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  ip++
  return m.t.app.inject({
    method,
    url,
    headers: { origin: testOrigin, ...(cookie ? { cookie } : {}) },
    remoteAddress: `10.9.${ip >> 8}.${ip & 255}`,
    ...(payload ? { payload } : {}),
  })
}

async function invite(cookie: string, email: string, venueId = venueA, language: 'en' | 'ar' = 'en') {
  return send(cookie, 'POST', '/api/admin/invitations', { email, venueId, language })
}

/** The link of the invitation mail just sent to `email`, and its token. */
async function sentLink(email: string) {
  await m.worker.runOnce()
  const mail = m.smtp.messages.findLast(
    (message) => addressOf(message) === email && message.text?.includes('/invitation/'),
  )
  expect(mail, `no mail to ${email}`).toBeDefined()
  const link = /https:\/\/daypass\.example\/invitation\/([^\s"<]+)/.exec(mail?.text ?? '')
  expect(link, mail?.text).not.toBeNull()
  return { mail, url: link?.[0] ?? '', token: link?.[1] ?? '' }
}

const accept = (token: string, password = testPassword, name = 'Huda Ali') =>
  send(undefined, 'POST', `/api/invitations/${token}/accept`, { name, password })

describe('inviting staff by e-mail', () => {
  it('sends the invitee a link in the chosen language, built from PUBLIC_URL', async () => {
    const response = await invite(admin, 'new-ar@example.bh', venueA, 'ar')
    expect(response.statusCode, response.body).toBe(201)
    expect(response.json()).toMatchObject({
      outcome: 'invited',
      invitation: { email: 'new-ar@example.bh', venueId: venueA, language: 'ar', state: 'pending' },
    })
    const { mail, url } = await sentLink('new-ar@example.bh')
    expect(mail?.subject).toContain('دعوة')
    expect(url.startsWith(`${publicUrl}/invitation/`)).toBe(true)
    expect(mail?.text).not.toContain('localhost')
  })

  it('makes a staff account for the venue, signed in, and the link works once', async () => {
    await invite(admin, 'new-staff@example.bh')
    const { token } = await sentLink('new-staff@example.bh')
    const opened = await send(undefined, 'GET', `/api/invitations/${token}`)
    expect(opened.statusCode, opened.body).toBe(200)
    expect(opened.json()).toMatchObject({ email: 'new-staff@example.bh', language: 'en' })

    const accepted = await accept(token)
    expect(accepted.statusCode, accepted.body).toBe(200)
    expect(accepted.json()).toEqual({ venueId: venueA, signedIn: true })
    // Staff for that venue from the first sign-in: the session the answer set reaches its desk.
    const cookie = cookieFrom(accepted)
    const desk = await send(cookie, 'GET', '/api/desk/venues')
    expect(desk.statusCode, desk.body).toBe(200)
    expect(desk.json().venues.map((venue: { id: string }) => venue.id)).toEqual([venueA])
    const account = await m.t.database.db
      .selectFrom('users')
      .select(['role', 'email_verified', 'name'])
      .where('email', '=', 'new-staff@example.bh')
      .executeTakeFirstOrThrow()
    expect(account).toEqual({ role: 'staff', email_verified: true, name: 'Huda Ali' })
    // And signs in again with the password chosen.
    const signIn = await send(undefined, 'POST', '/api/auth/sign-in/email', {
      email: 'new-staff@example.bh',
      password: testPassword,
    })
    expect(signIn.statusCode, signIn.body).toBe(200)

    // Replayed: the same answer as a link that never existed, and nothing changes.
    for (const replay of [
      () => accept(token, 'another passphrase 2'),
      () => send(undefined, 'GET', `/api/invitations/${token}`),
    ]) {
      const again = await replay()
      expect(again.statusCode).toBe(404)
      expect(again.json().error.code).toBe('INVITATION_NOT_FOUND')
    }
    await m.worker.runOnce()
    expect(m.smtp.messages.filter((message) => message.subject?.includes('Activate'))).toEqual([])
  })

  it('refuses a link after 72 hours on the app’s clock, and a forged one', async () => {
    await invite(admin, 'late@example.bh')
    const { token } = await sentLink('late@example.bh')
    m.clock.now = new Date(checkoutClock.getTime() + 72 * 3_600_000 - 1000)
    expect((await send(undefined, 'GET', `/api/invitations/${token}`)).statusCode).toBe(200)
    m.clock.now = new Date(checkoutClock.getTime() + 72 * 3_600_000)
    expect((await accept(token)).statusCode).toBe(404)

    const [id] = token.split('.')
    const forged = [
      `${id}.${'A'.repeat(43)}`,
      `${Number(id) + 1}.${token.split('.')[1]}`,
      signId('not the secret', 'staff-invitation', Number(id)),
      // Signed by the app, but for the status page: another scope.
      signId(m.t.config.AUTH_SECRET, 'application-status', Number(id)),
      'not-a-token',
    ]
    m.clock.now = checkoutClock
    for (const bad of forged) {
      const answer = await accept(bad)
      expect(answer.statusCode, bad).toBe(404)
    }
    const made = await m.t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'late@example.bh')
      .executeTakeFirst()
    expect(made).toBeUndefined()
  })

  it('refuses a withdrawn invitation, and sending again gives a new link that works', async () => {
    const invited = (await invite(admin, 'again@example.bh')).json()
    const first = await sentLink('again@example.bh')
    const withdrawn = await send(admin, 'DELETE', `/api/admin/invitations/${invited.invitation.id}`)
    expect(withdrawn.statusCode, withdrawn.body).toBe(200)
    expect(withdrawn.json().state).toBe('withdrawn')
    expect((await accept(first.token)).statusCode).toBe(404)

    const resent = await send(admin, 'POST', `/api/admin/invitations/${invited.invitation.id}/resend`, {})
    expect(resent.statusCode, resent.body).toBe(201)
    const second = await sentLink('again@example.bh')
    expect(second.token).not.toBe(first.token)
    expect((await accept(first.token)).statusCode).toBe(404)
    expect((await accept(second.token)).statusCode).toBe(200)
  })

  it('sends no mail for an invitation withdrawn before its turn', async () => {
    const invited = (await invite(admin, 'quick@example.bh')).json()
    await send(admin, 'DELETE', `/api/admin/invitations/${invited.invitation.id}`)
    await m.worker.runOnce()
    expect(m.smtp.messages.filter((message) => addressOf(message) === 'quick@example.bh')).toEqual([])
  })

  it('grants an address signed up by someone else nothing: its owner takes it over through the link', async () => {
    // Someone signs up with the invitee's address before them, with a password of their own.
    const squatter = 'squatters own pass 1'
    expect((await register(m.t, 'huda.staff@example.bh', squatter)).statusCode).toBe(201)
    const response = await invite(admin, 'huda.staff@example.bh', venueB)
    expect(response.statusCode, response.body).toBe(201)
    expect(response.json()).toMatchObject({ outcome: 'invited', invitation: { state: 'pending' } })
    const account = () =>
      m.t.database.db
        .selectFrom('users')
        .select(['id', 'role', 'email_verified'])
        .where('email', '=', 'huda.staff@example.bh')
        .executeTakeFirstOrThrow()
    const staffOf = async () =>
      (
        await m.t.database.db
          .selectFrom('venue_staff')
          .select('venue_id')
          .where('user_id', '=', (await account()).id)
          .execute()
      ).map((row) => row.venue_id)
    // Nothing granted on inviting, nor by the activation link the sign-up sent.
    expect(await staffOf()).toEqual([])
    expect((await account()).role).toBe('user')

    // The owner of the mailbox opens the invitation, after it was sent, and chooses their password.
    const { token } = await sentLink('huda.staff@example.bh')
    expect((await send(undefined, 'GET', `/api/invitations/${token}`)).json().hasAccount).toBe(false)
    const accepted = await accept(token, testPassword, 'Huda Staff')
    expect(accepted.statusCode, accepted.body).toBe(200)
    expect(accepted.json()).toEqual({ venueId: venueB, signedIn: true })
    expect(await staffOf()).toEqual([venueB])
    expect(await account()).toMatchObject({ role: 'staff', email_verified: true })
    // The first sign-up's password opens nothing; the owner's does.
    const signIn = (password: string) =>
      send(undefined, 'POST', '/api/auth/sign-in/email', { email: 'huda.staff@example.bh', password })
    expect((await signIn(squatter)).statusCode).toBe(401)
    expect((await signIn(testPassword)).statusCode).toBe(200)
  })

  it('asks the owner of an activated account to agree, and tells the inviter the same as for a new address', async () => {
    const owner = await signedInUser(m.t, 'existing@example.bh')
    const someoneElse = await signedInUser(m.t, 'someone.else@example.bh')
    await m.worker.runOnce()
    m.smtp.messages.length = 0
    const existing = await invite(admin, 'Existing@Example.bh', venueB, 'ar')
    const fresh = await invite(admin, 'nobody.yet@example.bh', venueB, 'ar')
    expect(existing.statusCode, existing.body).toBe(201)
    // The same answer, field for field, but for the address, its id and its times.
    const shape = (answer: { json(): { invitation: Record<string, unknown> } }) => {
      const { id, email, sentAt, expiresAt, ...rest } = answer.json().invitation
      return { ...answer.json(), invitation: { ...rest, id: typeof id, email: typeof email } }
    }
    expect(shape(existing)).toEqual(shape(fresh))
    const desk = async () => (await send(owner.cookie, 'GET', '/api/desk/venues')).json().venues ?? []
    expect(await desk()).toEqual([])

    const { mail, token } = await sentLink('existing@example.bh')
    expect(mail?.text).toContain('سجّل الدخول')
    expect((await send(undefined, 'GET', `/api/invitations/${token}`)).json().hasAccount).toBe(true)
    // A password through the link does not take an activated account over.
    const byPassword = await accept(token, 'a new password for it 9')
    expect(byPassword.statusCode).toBe(409)
    expect(byPassword.json().error.code).toBe('INVITATION_SIGN_IN_TO_ACCEPT')
    // Nor does another account agree in its place, nor anyone signed out.
    const agree = (cookie?: string) => send(cookie, 'POST', `/api/invitations/${token}/agree`, {})
    expect((await agree()).statusCode).toBe(401)
    const other = await agree(someoneElse.cookie)
    expect(other.statusCode).toBe(403)
    expect(other.json().error.code).toBe('INVITATION_OTHER_ACCOUNT')
    expect(await desk()).toEqual([])

    const agreed = await agree(owner.cookie)
    expect(agreed.statusCode, agreed.body).toBe(200)
    expect(agreed.json()).toEqual({ venueId: venueB, signedIn: true })
    expect((await desk()).map((venue: { id: string }) => venue.id)).toEqual([venueB])
    expect((await agree(owner.cookie)).statusCode).toBe(404)
    // Once staff there, another invitation to it is refused.
    const again = await invite(admin, 'existing@example.bh', venueB)
    expect(again.statusCode).toBe(409)
    expect(again.json().error.code).toBe('ALREADY_AT_VENUE')
  })

  it('ends the pending invitations of a sender who is deactivated', async () => {
    const sender = await signedInUser(m.t, 'leaving-manager@example.bh', 'manager')
    await send(admin, 'PUT', `/api/admin/staff/${sender.id}/venues`, { venueIds: [venueA] })
    const invited = await invite(sender.cookie, 'their-invitee@example.bh', venueA)
    expect(invited.statusCode, invited.body).toBe(201)
    const { token } = await sentLink('their-invitee@example.bh')
    const off = await send(admin, 'POST', `/api/admin/users/${sender.id}/deactivate`, {})
    expect(off.statusCode, off.body).toBe(200)

    for (const tryIt of [() => send(undefined, 'GET', `/api/invitations/${token}`), () => accept(token)]) {
      const answer = await tryIt()
      expect(answer.statusCode, answer.body).toBe(410)
      expect(answer.json().error.code).toBe('INVITATION_INVITER_INACTIVE')
    }
    const made = await m.t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'their-invitee@example.bh')
      .executeTakeFirst()
    expect(made).toBeUndefined()
    const listed = (await send(admin, 'GET', '/api/admin/invitations')).json()
    expect(
      listed.invitations.find((row: { id: number }) => row.id === invited.json().invitation.id).state,
    ).toBe('withdrawn')
    // Reactivated, the sender's old invitation stays ended.
    await send(admin, 'POST', `/api/admin/users/${sender.id}/reactivate`, {})
    expect((await accept(token)).statusCode).toBe(404)
  })

  it('ends a sender’s invitations when they are taken off the venue or no longer a manager', async () => {
    const links: string[] = []
    const senders: { id: string; cookie: string }[] = []
    for (const name of ['moved', 'demoted']) {
      const sender = await signedInUser(m.t, `${name}-manager@example.bh`, 'manager')
      await send(admin, 'PUT', `/api/admin/staff/${sender.id}/venues`, { venueIds: [venueA] })
      expect((await invite(sender.cookie, `${name}-invitee@example.bh`, venueA)).statusCode).toBe(201)
      links.push((await sentLink(`${name}-invitee@example.bh`)).token)
      senders.push(sender)
    }
    const [moved, demoted] = senders as [(typeof senders)[0], (typeof senders)[0]]
    expect(
      (await send(admin, 'PUT', `/api/admin/staff/${moved.id}/venues`, { venueIds: [venueB] })).statusCode,
    ).toBe(200)
    const role = await send(admin, 'PUT', `/api/admin/users/${demoted.id}/role`, { role: 'staff' })
    expect(role.statusCode, role.body).toBe(200)
    for (const token of links) {
      const answer = await accept(token)
      expect(answer.statusCode, answer.body).toBe(410)
      expect(answer.json().error.code).toBe('INVITATION_INVITER_INACTIVE')
    }
    const made = await m.t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', 'in', ['moved-invitee@example.bh', 'demoted-invitee@example.bh'])
      .execute()
    expect(made).toEqual([])
  })

  it('keeps a manager to the venues they run', async () => {
    const own = await invite(managerA.cookie, 'for-a@example.bh', venueA)
    expect(own.statusCode, own.body).toBe(201)
    const other = await invite(managerA.cookie, 'for-b@example.bh', venueB)
    expect(other.statusCode).toBe(403)
    expect(other.json().error.code).toBe('VENUE_NOT_ASSIGNED')

    // Another manager's invitation does not exist for them, to list, withdraw or send again.
    const theirs = (await invite(managerB.cookie, 'theirs@example.bh', venueB)).json().invitation.id
    const list = (await send(managerA.cookie, 'GET', '/api/admin/invitations')).json()
    expect(list.venues.map((venue: { id: string }) => venue.id)).toEqual([venueA])
    expect(list.invitations.every((invitation: { venueId: string }) => invitation.venueId === venueA)).toBe(
      true,
    )
    expect((await send(managerA.cookie, 'DELETE', `/api/admin/invitations/${theirs}`)).statusCode).toBe(404)
    expect(
      (await send(managerA.cookie, 'POST', `/api/admin/invitations/${theirs}/resend`, {})).statusCode,
    ).toBe(404)
    const still = await m.t.database.db
      .selectFrom('staff_invitations')
      .select('withdrawn_at')
      .where('id', '=', theirs)
      .executeTakeFirstOrThrow()
    expect(still.withdrawn_at).toBeNull()
    // The admin sees every venue's.
    const all = (await send(admin, 'GET', '/api/admin/invitations')).json()
    expect(all.invitations.some((invitation: { id: number }) => invitation.id === theirs)).toBe(true)
  })

  it('lets only those who manage venues invite', async () => {
    const staff = await signedInUser(m.t, 'plain-staff@example.bh', 'staff')
    const user = await signedInUser(m.t, 'plain-user@example.bh')
    for (const [cookie, status] of [
      [undefined, 401],
      [user.cookie, 403],
      [staff.cookie, 403],
    ] as const) {
      expect(
        (
          await send(cookie, 'POST', '/api/admin/invitations', {
            email: 'x@example.bh',
            venueId: venueA,
            language: 'en',
          })
        ).statusCode,
      ).toBe(status)
      expect((await send(cookie, 'GET', '/api/admin/invitations')).statusCode).toBe(status)
    }
  })
})
