import ICAL from 'ical.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser, testOrigin } from '../../tests/support/accounts.ts'
import { checkoutClock, createCheckoutTestApp, line, placeOrder } from '../../tests/support/checkout.ts'
import type { TestApp } from '../../tests/support/test-app.ts'
import { calendarFilePath } from '../shared/tickets.ts'
import { mailTemplates } from './mail-templates.ts'
import { createMailer } from './platform/mail/mailer.ts'

// One clock (docs/decisions/033): an app built on a fixed clock gives that time in every answer,
// file and stamp, never the machine's. checkoutClock is days away from any real run's time.
let t: TestApp
let owner: { id: string; cookie: string }

beforeAll(async () => {
  t = await createCheckoutTestApp()
  owner = await signedInUser(t, 'clock-owner@example.bh')
})
afterAll(() => t.close())

const minutesAfterClock = (minutes: number) =>
  new Date(checkoutClock.getTime() + minutes * 60_000).toISOString()

describe('an app on a fixed clock', () => {
  it('issues a guest’s code and e-mail proof by that clock', async () => {
    const email = 'clock-guest@example.bh'
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, headers: { origin: testOrigin } })
    expect((await post('/api/guest-verification/send-code', { email })).statusCode).toBe(202)
    const stored = await t.database.db
      .selectFrom('mail_outbox')
      .select('payload')
      .where('template', '=', 'guest-verification-code')
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow()
    const { code } = (typeof stored.payload === 'string' ? JSON.parse(stored.payload) : stored.payload) as {
      code: string
    }

    const verified = await post('/api/guest-verification/verify-code', { email, code })
    expect(verified.statusCode, verified.body).toBe(200)
    expect(new Date(verified.json().expiresAt).toISOString()).toBe(minutesAfterClock(30))
  })

  it('stamps a booking’s calendar file and an account’s export with that clock', async () => {
    const ordered = await placeOrder(
      t,
      { items: [line()], paymentMethod: 'venue', language: 'en' },
      { cookie: owner.cookie },
    )
    expect(ordered.statusCode, ordered.body).toBe(201)
    const bookingId: number = ordered.json().bookings[0].id
    const file = await t.app.inject({
      method: 'GET',
      url: calendarFilePath({ bookingId }),
      headers: { cookie: owner.cookie },
    })
    expect(file.statusCode).toBe(200)
    const event = new ICAL.Component(ICAL.parse(file.body)).getFirstSubcomponent('vevent')
    expect(event?.getFirstPropertyValue('dtstamp')?.toString()).toBe(
      ICAL.Time.fromJSDate(checkoutClock, true).toString(),
    )

    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/account/export',
      headers: { cookie: owner.cookie },
    })
    expect(exported.statusCode).toBe(200)
    expect(exported.json().exportedAt).toBe(checkoutClock.toISOString())
  })

  it('marks a mail sent by the clock its worker was given', async () => {
    const email = 'clock-reader@example.bh'
    await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      payload: { email },
      headers: { origin: testOrigin },
    })
    const mailer = createMailer(t.config, t.database.db, t.app.log, t.now, mailTemplates)
    expect(await mailer.worker.runOnce()).toBeGreaterThan(0)
    const sent = await t.database.db
      .selectFrom('mail_outbox')
      .select(['status', 'sent_at'])
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow()
    expect(sent).toEqual({ status: 'sent', sent_at: checkoutClock })
  })
})
