import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { guestSession, signedInUser, testOrigin, testPassword } from '../../../../tests/support/accounts.ts'
import { createCheckoutTestApp, line, placeOrder } from '../../../../tests/support/checkout.ts'
import type { TestApp } from '../../../../tests/support/test-app.ts'
import { vendorApplicationInput } from '../../../../tests/support/vendor-application.ts'
import { accountExportSchema } from '../../../shared/account-data.ts'

let t: TestApp
/** Each account's password is hashed with scrypt at OWASP's cost, several times per test. */
const slow = 180_000
beforeAll(async () => {
  t = await createCheckoutTestApp()
}, slow)
afterAll(() => t.close())

const as = (cookie: string | undefined, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { origin: testOrigin, ...(cookie ? { cookie } : {}) },
    ...(payload ? { payload } : {}),
  })

/** An account with a booking, a contact message, a newsletter subscription and a venue application. */
async function personWithData(name: string, time: string) {
  const email = `${name}@example.bh`
  const account = await signedInUser(t, email)
  // Registration made the profile; give it this person's names and a mobile number.
  await t.database.db
    .updateTable('user_profiles')
    .set({ first_name: name, last_name: 'Al Sayed', mobile_number: '+97333123456' })
    .where('id', '=', account.id)
    .execute()
  const order = await placeOrder(
    t,
    { items: [line({ time })], paymentMethod: 'venue' },
    { cookie: account.cookie },
  )
  expect(order.statusCode).toBe(201)
  const contact = await as(account.cookie, 'POST', '/api/contact', {
    name,
    email,
    subject: `Question from ${name}`,
    message: 'Is the pool open on Fridays?',
  })
  expect(contact.statusCode).toBe(201)
  expect((await as(undefined, 'POST', '/api/newsletter', { email })).statusCode).toBe(201)
  const application = await as(
    undefined,
    'POST',
    '/api/vendor-applications',
    vendorApplicationInput({ venueNameEn: `${name} Fitness`, venueEmail: email }),
  )
  expect(application.statusCode).toBe(201)
  return { ...account, email }
}

describe('GET /api/account/export', () => {
  it(
    'gives the signed-in account its own data, and none of another account’s',
    async () => {
      const sara = await personWithData('sara', '10:00')
      await personWithData('hamad', '11:00')

      const response = await as(sara.cookie, 'GET', '/api/account/export')
      expect(response.statusCode).toBe(200)
      expect(response.headers['cache-control']).toBe('no-store')
      expect(response.headers['content-disposition']).toContain('attachment')
      const data = accountExportSchema.parse(response.json())
      expect(data.account).toMatchObject({ id: sara.id, email: sara.email })
      expect(data.profile).toMatchObject({ firstName: 'sara', mobileNumber: '+97333123456' })
      expect(data.bookings).toHaveLength(1)
      expect(data.bookings[0]).toMatchObject({ time: '10:00', gymId: 'manama-marina-hotel' })
      expect(data.orders).toHaveLength(1)
      expect(data.contactSubmissions.map((row) => row.subject)).toEqual(['Question from sara'])
      expect(data.newsletterSubscription?.email).toBe(sara.email)
      expect(data.vendorApplications.map((row) => row.venueName)).toEqual(['sara Fitness'])
      expect(data.sessions.length).toBeGreaterThan(0)
      // Nothing of Hamad's anywhere in Sara's file.
      expect(response.body).not.toContain('hamad')
    },
    slow,
  )

  it(
    'is for accounts only: a visitor and a guest session get 401',
    async () => {
      expect((await as(undefined, 'GET', '/api/account/export')).statusCode).toBe(401)
      expect((await as(await guestSession(t), 'GET', '/api/account/export')).statusCode).toBe(401)
      expect(
        (await as(undefined, 'POST', '/api/account/delete', { password: testPassword })).statusCode,
      ).toBe(401)
      const guest = await guestSession(t)
      expect((await as(guest, 'POST', '/api/account/delete', { password: testPassword })).statusCode).toBe(
        401,
      )
    },
    slow,
  )
})

describe('POST /api/account/delete', () => {
  it(
    'refuses a wrong password and changes nothing',
    async () => {
      const layla = await personWithData('layla', '12:00')
      const response = await as(layla.cookie, 'POST', '/api/account/delete', { password: 'not-my-password' })
      expect(response.statusCode).toBe(400)
      expect(response.json().error).toMatchObject({
        code: 'PASSWORD_INCORRECT',
        fields: { password: expect.any(String) },
      })
      expect(
        await t.database.db.selectFrom('users').where('id', '=', layla.id).select('id').execute(),
      ).toHaveLength(1)
      expect((await as(layla.cookie, 'GET', '/api/account/export')).statusCode).toBe(200)
    },
    slow,
  )

  it(
    'deletes the account and its personal data, keeps its bookings anonymised, and signs it out',
    async () => {
      const noor = await personWithData('noor', '13:00')
      const other = await personWithData('maryam', '14:00')
      const db = t.database.db
      const [booking] = await db
        .selectFrom('confirmed_bookings')
        .selectAll()
        .where('user_id', '=', noor.id)
        .execute()

      const response = await as(noor.cookie, 'POST', '/api/account/delete', { password: testPassword })
      expect(response.statusCode).toBe(200)
      expect(String(response.headers['set-cookie'])).toContain('Max-Age=0')

      // Signed out: the old cookie is worth nothing now.
      expect((await as(noor.cookie, 'GET', '/api/account/export')).statusCode).toBe(401)
      expect((await as(noor.cookie, 'GET', '/api/session')).json().user).toBeNull()
      const signIn = await as(undefined, 'POST', '/api/auth/sign-in/email', {
        email: noor.email,
        password: testPassword,
      })
      expect(signIn.statusCode).toBe(401)

      for (const table of ['users', 'user_profiles'] as const)
        expect(await db.selectFrom(table).select('id').where('id', '=', noor.id).execute()).toHaveLength(0)
      for (const table of ['sessions', 'accounts'] as const)
        expect(await db.selectFrom(table).select('id').where('user_id', '=', noor.id).execute()).toHaveLength(
          0,
        )
      expect(
        await db.selectFrom('contact_submissions').select('id').where('email', '=', noor.email).execute(),
      ).toEqual([])
      expect(
        await db
          .selectFrom('newsletter_subscriptions')
          .select('id')
          .where('email', '=', noor.email)
          .execute(),
      ).toEqual([])
      expect(
        await db.selectFrom('mail_outbox').select('id').where('to_address', '=', noor.email).execute(),
      ).toEqual([])

      // The venue's record of the visit stays, without the person.
      const kept = await db
        .selectFrom('confirmed_bookings')
        .selectAll()
        .where('id', '=', booking?.id ?? 0)
        .executeTakeFirst()
      expect(kept).toMatchObject({
        user_id: null,
        guest_email: null,
        guest_first_name: null,
        guest_last_name: null,
        guest_mobile: null,
        venue_id: booking?.venue_id,
        booking_date: booking?.booking_date,
        booking_time: '13:00',
        price_fils: booking?.price_fils,
        payment_status: booking?.payment_status,
      })
      const order = await db
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', booking?.order_id ?? '')
        .executeTakeFirst()
      expect(order).toMatchObject({ user_id: null, contact_email: '', status: 'confirmed' })

      // Another account is untouched.
      const others = await as(other.cookie, 'GET', '/api/account/export')
      expect(others.statusCode).toBe(200)
      expect(accountExportSchema.parse(others.json()).bookings).toHaveLength(1)
    },
    slow,
  )

  const activeAdmins = () =>
    t.database.db
      .selectFrom('users')
      .select('email')
      .where('role', '=', 'admin')
      .where('deactivated_at', 'is', null)
      .orderBy('email')
      .execute()
      .then((rows) => rows.map((row) => row.email))

  it(
    'refuses the last active admin, as demotion and deactivation do, and lets an admin go who is not the last',
    async () => {
      const first = await signedInUser(t, 'first-admin@example.bh', 'admin')
      const alone = await as(first.cookie, 'POST', '/api/account/delete', { password: testPassword })
      expect(alone.statusCode).toBe(409)
      expect(alone.json().error.code).toBe('LAST_ADMIN_DELETE')
      expect(await activeAdmins()).toEqual(['first-admin@example.bh'])
      expect((await as(first.cookie, 'GET', '/api/account/export')).statusCode).toBe(200)

      const second = await signedInUser(t, 'second-admin@example.bh', 'admin')
      expect(
        (await as(first.cookie, 'POST', '/api/account/delete', { password: testPassword })).statusCode,
      ).toBe(200)
      const last = await as(second.cookie, 'POST', '/api/account/delete', { password: testPassword })
      expect(last.statusCode).toBe(409)
      expect(await activeAdmins()).toEqual(['second-admin@example.bh'])
    },
    slow,
  )

  it(
    'leaves one admin when the two admins delete themselves at the same moment',
    async () => {
      // Two admins and no other: whoever the tests before left as admin steps down first.
      await t.database.db.updateTable('users').set({ role: 'user' }).where('role', '=', 'admin').execute()
      const cookies = await Promise.all(
        ['racing-admin-a@example.bh', 'racing-admin-b@example.bh'].map(
          async (email) => (await signedInUser(t, email, 'admin')).cookie,
        ),
      )
      expect(await activeAdmins()).toHaveLength(2)
      const answers = await Promise.all(
        cookies.map((cookie) => as(cookie, 'POST', '/api/account/delete', { password: testPassword })),
      )
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
      expect(answers.find((answer) => answer.statusCode === 409)?.json().error.code).toBe('LAST_ADMIN_DELETE')
      expect(await activeAdmins()).toHaveLength(1)
    },
    slow,
  )
})

describe('an account’s waiting list requests', () => {
  it(
    'are in its export, and deleting the account gives places held for it back to the next in line',
    async () => {
      const hind = await signedInUser(t, 'hind@example.bh')
      const slot = { venue_id: 'manama-marina-hotel', slot_date: '2026-12-04', slot_hour: 9 }
      const entry = (
        userId: string | null,
        email: string,
        status: 'offered' | 'waiting',
        joined: string,
      ) => ({
        ...slot,
        pass_id: 'manama-marina-hotel-gym',
        people: 2,
        user_id: userId,
        email,
        first_name: 'Hind',
        language: 'en' as const,
        status,
        joined_at: new Date(joined),
        offered_at: status === 'offered' ? new Date(joined) : null,
        offer_expires_at: status === 'offered' ? new Date('2026-12-01T07:30:00Z') : null,
      })
      // Hind's two places are held for her; the next request waits for two more.
      await t.database.db
        .insertInto('slot_occupancy')
        .values({ venue_id: slot.venue_id, slot_date: slot.slot_date, slot_hour: 9, capacity: 2, taken: 2 })
        .execute()
      await t.database.db
        .insertInto('waitlist_entries')
        .values([
          entry(hind.id, 'hind@example.bh', 'offered', '2026-12-01T06:00:00Z'),
          // A guest, so that the file registers no more accounts than its sign-up limit allows.
          entry(null, 'next-in-line@example.bh', 'waiting', '2026-12-01T06:05:00Z'),
        ])
        .execute()

      const exported = accountExportSchema.parse((await as(hind.cookie, 'GET', '/api/account/export')).json())
      expect(exported.waitlistRequests).toEqual([
        expect.objectContaining({
          venueId: 'manama-marina-hotel',
          date: '2026-12-04',
          time: '09:00',
          people: 2,
          status: 'offered',
        }),
      ])

      const deleted = await as(hind.cookie, 'POST', '/api/account/delete', { password: testPassword })
      expect(deleted.statusCode, deleted.body).toBe(200)
      const rows = await t.database.db
        .selectFrom('waitlist_entries')
        .select(['email', 'status'])
        .where('slot_date', '=', '2026-12-04')
        .execute()
      // Hind's request is gone, and her places went on to the next in line at once.
      expect(rows).toEqual([{ email: 'next-in-line@example.bh', status: 'offered' }])
      const taken = await t.database.db
        .selectFrom('slot_occupancy')
        .select('taken')
        .where('venue_id', '=', slot.venue_id)
        .where('slot_date', '=', slot.slot_date)
        .where('slot_hour', '=', 9)
        .executeTakeFirst()
      expect(taken?.taken).toBe(2)
    },
    slow,
  )
})
