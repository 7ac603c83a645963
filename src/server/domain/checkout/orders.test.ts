import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { signedInUser } from '../../../../tests/support/accounts.ts'
import { createCheckoutTestApp, guest, line, placeOrder } from '../../../../tests/support/checkout.ts'
import { smtpOutboxWorker, TestSmtpServer } from '../../../../tests/support/smtp-server.ts'
import type { TestApp } from '../../../../tests/support/test-app.ts'
import type { OutboxWorker } from '../../platform/mail/worker.ts'

let t: TestApp
const smtp = new TestSmtpServer()
let worker: OutboxWorker
let sara: { id: string; cookie: string }

beforeAll(async () => {
  await smtp.start()
  t = await createCheckoutTestApp()
  sara = await signedInUser(t, 'sara@example.bh')
  // Registration made the profile; give it Sara's names and a mobile number.
  await t.database.db
    .updateTable('user_profiles')
    .set({ first_name: 'Sara', last_name: 'Ali', mobile_number: '+97333000111' })
    .where('id', '=', sara.id)
    .execute()
  worker = smtpOutboxWorker(t.database.db, smtp, t.now)
})
afterAll(async () => {
  await smtp.stop()
  await t.close()
})
beforeEach(async () => {
  smtp.messages.length = 0
  await t.database.db.deleteFrom('mail_outbox').execute()
})

const db = () => t.database.db

async function taken(gymId: string, date: string, hour: number) {
  const row = await db()
    .selectFrom('slot_occupancy')
    .select('taken')
    .where('venue_id', '=', gymId)
    .where('slot_date', '=', date)
    .where('slot_hour', '=', hour)
    .executeTakeFirst()
  return row?.taken ?? 0
}

describe('placing an order, signed in, paying at the venue', () => {
  it('books every item with the server’s prices, takes the places and mails one confirmation for the order', async () => {
    const response = await placeOrder(
      t,
      {
        items: [line({ time: '11:00' }), line({ date: '2026-12-04', time: '11:00' })],
        paymentMethod: 'venue',
        language: 'en',
      },
      { cookie: sara.cookie },
    )
    expect(response.statusCode).toBe(201)
    const order = response.json()
    // Thursday is a weekday (BD 10.000), Friday the weekend (BD 12.000).
    expect(order).toMatchObject({
      status: 'confirmed',
      paymentMethod: 'venue',
      totalFils: 22000,
      total: 'BD 22.000',
      totalUsd: '58.30',
    })
    expect(order.bookings.map((b: { price: string }) => b.price)).toEqual(['BD 10.000', 'BD 12.000'])

    const rows = await db()
      .selectFrom('confirmed_bookings')
      .selectAll()
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute()
    expect(rows).toHaveLength(2)
    expect(rows[0]).toMatchObject({
      user_id: sara.id,
      venue_id: 'manama-marina-hotel',
      venue_name: 'Manama Marina Hotel',
      pass_name: 'Gym Day Pass - Gym access, lockers and towels',
      pass_price: 'BD 10.000',
      booking_date: '2026-12-03',
      booking_time: '11:00',
      payment_status: 'pay at venue',
      guest_email: null,
      guest_first_name: null,
    })
    expect(rows[0]?.location).toContain('Manama')
    // The order keeps what it bought as lines, in the cart's order; each visit is a unit of one.
    const lines = await db()
      .selectFrom('order_lines')
      .selectAll()
      .where('order_id', '=', order.id)
      .orderBy('position')
      .execute()
    expect(lines).toMatchObject([
      {
        position: 0,
        venue_id: 'manama-marina-hotel',
        ticket_type: 'person',
        visit_date: '2026-12-03',
        visit_hour: 11,
        adults: 1,
        children: 0,
        quantity: 1,
        places_per_unit: 1,
        unit_list_price_fils: 10000,
        unit_adjustment_fils: 0,
        unit_price_paid_fils: 10000,
        split_from: null,
      },
      { position: 1, visit_date: '2026-12-04', visit_hour: 11, quantity: 1, unit_price_paid_fils: 12000 },
    ])
    expect(rows.map((row) => [row.line_id, row.ticket])).toEqual(lines.map((l) => [l.id, 'adult']))
    expect(await taken('manama-marina-hotel', '2026-12-03', 11)).toBe(1)
    expect(await taken('manama-marina-hotel', '2026-12-04', 11)).toBe(1)
    expect(await db().selectFrom('guest_users').selectAll().execute()).toHaveLength(0)

    // One mail for the order: each day's visit is a party of its own in it.
    expect(await worker.runOnce()).toBe(1)
    expect(smtp.messages.map((m) => m.subject)).toEqual(['Booking Confirmation - Manama Marina Hotel'])
    const mail = smtp.messages[0]
    expect(mail?.to && 'text' in mail.to ? mail.to.text : '').toBe('sara@example.bh')
    for (const field of [
      'Gym Day Pass',
      'BD 10.000',
      '03/12/2026',
      '11:00',
      'Pay at Venue',
      '10-15 minutes early',
      'towels are included with your pass',
      'admin@daypass.bh',
    ])
      expect(mail?.text).toContain(field)
    for (const heading of [
      'Manama Marina Hotel · Thu 03/12 · 11:00 · 1 person',
      'Manama Marina Hotel · Fri 04/12 · 11:00 · 1 person',
    ])
      expect(mail?.text).toContain(heading)
    for (const row of rows) expect(mail?.text).toContain(row.reference)
    // This pass includes towels: the advice does not ask for one.
    expect(mail?.text).not.toContain('bring a towel')
  })

  it('writes the e-mail in the booker’s language', async () => {
    const response = await placeOrder(
      t,
      { items: [line({ time: '12:00' })], paymentMethod: 'venue', language: 'ar' },
      { cookie: sara.cookie },
    )
    expect(response.statusCode).toBe(201)
    await worker.runOnce()
    expect(smtp.messages[0]?.subject).toBe('تأكيد الحجز - فندق مرسى المنامة')
    expect(smtp.messages[0]?.html).toContain('dir="rtl"')
  })

  it('charges the server’s price: a price sent by the browser is refused, not used', async () => {
    const response = await placeOrder(
      t,
      { items: [{ ...line(), passPrice: 'BD 0.001', priceFils: 1 }], paymentMethod: 'venue' },
      { cookie: sara.cookie },
    )
    expect(response.statusCode).toBe(400)
    expect(await db().selectFrom('orders').select('id').where('total_fils', '<', 1000).execute()).toEqual([])
  })

  it('refuses a card payment when a venue takes payment at reception only', async () => {
    const response = await placeOrder(
      t,
      {
        items: [line({ gymId: 'vida-beach-hotel', passId: 'vida-beach-hotel-beach-pool' })],
        paymentMethod: 'card',
      },
      { cookie: sara.cookie },
    )
    expect(response.statusCode).toBe(409)
    expect(response.json().error).toMatchObject({ code: 'PAY_AT_VENUE_ONLY' })
  })
})

describe('guest orders', () => {
  it('need a valid proof that the guest controls the e-mail', async () => {
    const details = guest(t)
    const items = [line({ time: '13:00' })]
    const none = await placeOrder(t, { items, paymentMethod: 'venue' })
    expect(none.statusCode).toBe(400)
    expect(none.json().error.code).toBe('GUEST_DETAILS_REQUIRED')

    const forged = await placeOrder(t, {
      items,
      paymentMethod: 'venue',
      guest: { ...details, proof: `${details.proof}x` },
    })
    expect(forged.statusCode).toBe(403)
    expect(forged.json().error.message).toBe('Please verify your email address with a code before proceeding')

    const otherAddress = await placeOrder(t, {
      items,
      paymentMethod: 'venue',
      guest: { ...details, email: 'someone-else@example.bh' },
    })
    expect(otherAddress.statusCode).toBe(403)
    expect(await taken('manama-marina-hotel', '2026-12-03', 13)).toBe(0)

    // Typed as people write it; stored as E.164.
    const ok = await placeOrder(t, {
      items,
      paymentMethod: 'venue',
      guest: { ...details, mobileNumber: '+973 3312 3456' },
    })
    expect(ok.statusCode).toBe(201)
    const booking = await db()
      .selectFrom('confirmed_bookings')
      .selectAll()
      .where('order_id', '=', ok.json().id)
      .executeTakeFirstOrThrow()
    expect(booking).toMatchObject({
      user_id: null,
      guest_email: details.email,
      guest_first_name: 'Fatima',
      guest_last_name: 'Al Sayed',
      guest_mobile: '+97333123456',
      payment_status: 'pay at venue',
    })
    const guestRow = await db()
      .selectFrom('guest_users')
      .selectAll()
      .where('email', '=', details.email)
      .executeTakeFirstOrThrow()
    expect(guestRow).toMatchObject({ first_name: 'Fatima', mobile_number: '+97333123456' })
    await worker.runOnce()
    expect(smtp.messages.map((m) => (m.to && 'text' in m.to ? m.to.text : ''))).toEqual([details.email])
  })

  it("puts the guest’s name into the mail literally, replacement patterns ($&, $', $`) and all", async () => {
    const name = "Ali $& $' $` $$"
    const response = await placeOrder(t, {
      items: [line({ date: '2026-12-05', time: '09:00' })],
      paymentMethod: 'venue',
      language: 'en',
      guest: { ...guest(t), firstName: name },
    })
    expect(response.statusCode).toBe(201)
    await worker.runOnce()
    const mail = smtp.messages[0]
    expect(mail?.text).toContain(`Hello ${name}, thank you for booking with DayPass Bahrain.`)
    // String.replace would have put the placeholder and the sentence after it in their place.
    expect(mail?.text).not.toContain('Hello Ali {name}')
  })

  it('validate the guest’s details with the spec’s messages', async () => {
    const response = await placeOrder(t, {
      items: [line()],
      paymentMethod: 'venue',
      guest: { ...guest(t), firstName: 'F', mobileNumber: '3312345' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().error.fields).toMatchObject({
      'guest.firstName': 'NAMES_TOO_SHORT',
      // Seven digits: one too few for a Bahraini number, not one wanting its country code.
      'guest.mobileNumber': 'PHONE_TOO_SHORT',
    })
  })
})

describe('all or nothing', () => {
  it('books nothing when one item cannot be booked, and says which', async () => {
    await db()
      .insertInto('slot_occupancy')
      .values({
        venue_id: 'seef-towers-residences',
        slot_date: '2026-12-03',
        slot_hour: 15,
        capacity: 12,
        taken: 12,
      })
      .execute()
    const before = await db().selectFrom('orders').select('id').execute()
    const response = await placeOrder(t, {
      items: [
        line({ time: '15:00' }),
        line({ gymId: 'seef-towers-residences', passId: 'seef-towers-residences-gym', time: '15:00' }),
      ],
      paymentMethod: 'venue',
      guest: guest(t),
    })
    expect(response.statusCode).toBe(409)
    expect(response.json().error).toMatchObject({
      code: 'ITEMS_UNAVAILABLE',
      fields: { 'items.1': 'SLOT_FULL' },
    })
    expect(await taken('manama-marina-hotel', '2026-12-03', 15)).toBe(0)
    expect(await db().selectFrom('orders').select('id').execute()).toHaveLength(before.length)
    expect(
      await db().selectFrom('guest_users').selectAll().where('first_name', '=', 'nobody').execute(),
    ).toEqual([])
    expect(await db().selectFrom('mail_outbox').selectAll().execute()).toEqual([])
  })

  it('refuses Coming Soon venues, past hours and passes a venue does not have', async () => {
    const response = await placeOrder(
      t,
      {
        items: [
          line({ gymId: 'barrys-fitness', passId: 'barrys-fitness-open-gym' }),
          line({ date: '2026-12-01', time: '08:00' }),
          line({ passId: 'seef-towers-residences-gym' }),
        ],
        paymentMethod: 'venue',
      },
      { cookie: sara.cookie },
    )
    expect(response.statusCode).toBe(409)
    expect(response.json().error.fields).toEqual({
      'items.0': 'COMING_SOON',
      'items.1': 'SLOT_PAST',
      'items.2': 'PASS_NOT_FOUND',
    })
  })
})

describe('Idempotency-Key', () => {
  it('replays the first answer for a repeated key, so a double click books once', async () => {
    const body = { items: [line({ time: '16:00' })], paymentMethod: 'venue', language: 'en' }
    const [first, second] = await Promise.all([
      placeOrder(t, body, { key: 'double-click-0001', cookie: sara.cookie }),
      placeOrder(t, body, { key: 'double-click-0001', cookie: sara.cookie }),
    ])
    const third = await placeOrder(t, body, { key: 'double-click-0001', cookie: sara.cookie })
    expect([first.statusCode, second.statusCode, third.statusCode]).toEqual([201, 201, 201])
    expect(new Set([first.json().id, second.json().id, third.json().id]).size).toBe(1)
    expect(await taken('manama-marina-hotel', '2026-12-03', 16)).toBe(1)
    const mails = await db().selectFrom('mail_outbox').select('template').execute()
    expect(mails.map((mail) => mail.template).sort()).toEqual(['booking-confirmation', 'booking-reminder'])
  })

  it('refuses the same key for a different request, and requires a key', async () => {
    const body = { items: [line({ time: '17:00' })], paymentMethod: 'venue' }
    expect((await placeOrder(t, body, { key: 'reused-key-0001', cookie: sara.cookie })).statusCode).toBe(201)
    const other = await placeOrder(
      t,
      { ...body, items: [line({ time: '18:00' })] },
      { key: 'reused-key-0001', cookie: sara.cookie },
    )
    expect(other.statusCode).toBe(422)
    expect(other.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED')
    expect(await taken('manama-marina-hotel', '2026-12-03', 18)).toBe(0)

    const missing = await placeOrder(t, body, { key: null, cookie: sara.cookie })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().error.code).toBe('IDEMPOTENCY_KEY_REQUIRED')
  })

  it('gives a guest who sends the booking again (Back, a reload, a second tab) the first order: one place, one mail', async () => {
    const details = guest(t)
    const body = { items: [line({ time: '14:00' })], paymentMethod: 'venue', language: 'en', guest: details }
    const first = await placeOrder(t, body, { key: 'guest-attempt-0001' })
    // The second tab verified the address again: a new proof, the same order.
    const again = await placeOrder(
      t,
      { ...body, guest: { ...details, proof: guest(t, details.email).proof } },
      { key: 'guest-attempt-0001' },
    )
    expect([first.statusCode, again.statusCode]).toEqual([201, 201])
    expect(again.json()).toEqual(first.json())
    expect(again.json().bookings[0].reference).toMatch(/^DP-/)
    expect(await taken('manama-marina-hotel', '2026-12-03', 14)).toBe(1)
    await worker.runOnce()
    expect(smtp.messages.filter((mail) => /^Booking Confirmation/.test(mail.subject ?? ''))).toHaveLength(1)

    // The same key with other details is refused, saying so, and books nothing.
    const changed = await placeOrder(
      t,
      { ...body, guest: { ...details, firstName: 'Someone' } },
      { key: 'guest-attempt-0001' },
    )
    expect(changed.statusCode).toBe(422)
    expect(changed.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED')
    expect(await taken('manama-marina-hotel', '2026-12-03', 14)).toBe(1)
  })

  it('keeps one booker’s keys apart from another’s', async () => {
    const body = { items: [line({ time: '19:00' })], paymentMethod: 'venue' }
    const mine = await placeOrder(t, body, { key: 'shared-key-0001', cookie: sara.cookie })
    const theirs = await placeOrder(t, { ...body, guest: guest(t) }, { key: 'shared-key-0001' })
    expect(mine.statusCode).toBe(201)
    expect(theirs.statusCode).toBe(201)
    expect(theirs.json().id).not.toBe(mine.json().id)
  })
})
