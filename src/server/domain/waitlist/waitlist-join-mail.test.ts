import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { guest, line, placeOrder } from '../../../../tests/support/checkout.ts'
import { createDeskTest, type DeskTest, send, venueA } from '../../../../tests/support/desk.ts'
import { smtpOutboxWorker, TestSmtpServer } from '../../../../tests/support/smtp-server.ts'
import type { OutboxWorker } from '../../platform/mail/worker.ts'

/**
 * The waiting list after joining (issue 40, B6): a mail confirms the request in the visitor's
 * language, and the quote says until when an offer holds its places, for the checkout to show.
 */

const date = '2026-12-03'
const time = '15:00'
const passId = 'manama-marina-hotel-gym'
const smtp = new TestSmtpServer()
let d: DeskTest
let worker: OutboxWorker

beforeAll(async () => {
  await smtp.start()
  d = await createDeskTest()
  worker = smtpOutboxWorker(d.t.database.db, smtp, () => d.clock.now, d.t.config)
  // A slot of two, full.
  await d.t.database.db.updateTable('venues').set({ capacity_per_slot: 2 }).where('id', '=', venueA).execute()
  const full = await placeOrder(d.t, {
    items: [line({ date, time, quantity: 2 })],
    paymentMethod: 'venue',
    guest: guest(d.t),
  })
  expect(full.statusCode, full.body).toBe(201)
  bookingIds.push(...full.json().bookings.map((booking: { id: number }) => booking.id))
})
afterAll(async () => {
  await smtp.stop()
  await d.t.close()
})

const bookingIds: number[] = []

function join(body: object, cookie?: string) {
  return send(d.t, cookie, 'POST', '/api/waitlist', { gymId: venueA, passId, date, time, people: 1, ...body })
}

describe('joining the waiting list', () => {
  it('is confirmed by a mail in the visitor’s language, once, with the link to the request', async () => {
    const email = 'joiner@example.bh'
    const { proof } = guest(d.t, email)
    const arabic = await join({ language: 'ar', guest: { email, proof } })
    expect(arabic.statusCode, arabic.body).toBe(201)
    // Joining again answers the same request, and mails nothing more.
    expect((await join({ language: 'ar', guest: { email, proof } })).json().token).toBe(arabic.json().token)
    const english = await join({ language: 'en' }, d.user)
    expect(english.statusCode, english.body).toBe(201)
    await worker.runOnce()

    const to = (address: string) =>
      smtp.messages.filter((mail) => mail.to && JSON.stringify(mail.to).includes(address))
    const [ar, again] = to(email)
    expect(again).toBeUndefined()
    expect(ar?.subject).toContain('قائمة الانتظار')
    expect(ar?.text).toContain(`/waitlist/${arabic.json().token}`)
    expect(ar?.text).toContain('فندق مرسى المنامة')
    expect(ar?.text).toContain('03/12/2026')
    const [en] = to('desk-user@example.bh')
    expect(en?.subject).toBe('You are on the waiting list - Manama Marina Hotel')
    expect(en?.text).toContain(`/waitlist/${english.json().token}`)
    expect(en?.text).toContain('15:00')
    // How it goes on: told by mail, places held for 30 minutes.
    expect(en?.text).toContain('30 minutes')
  })
})

describe('the quote of a line booked through an offer', () => {
  it('says until when the offer holds its places; nothing without a standing offer or with a forged one', async () => {
    const email = 'offered@example.bh'
    const { proof } = guest(d.t, email)
    // The only request left waiting once the first two are offered the freed places in turn.
    await d.t.database.db.deleteFrom('waitlist_entries').execute()
    const joined = await join({ guest: { email, proof } })
    const token = joined.json().token as string
    const cancel = await send(d.t, d.manager, 'POST', `/api/team/bookings/${bookingIds[0]}/cancel`, {
      reason: 'Visitor called',
    })
    expect(cancel.statusCode, cancel.body).toBe(200)
    const offered = await send(d.t, undefined, 'GET', `/api/waitlist/${token}`)
    expect(offered.json().status).toBe('offered')

    const quote = (waitlistOffer?: string) =>
      send(d.t, undefined, 'POST', '/api/checkout/quote', {
        items: [line({ date, time })],
        ...(waitlistOffer ? { waitlistOffer } : {}),
      })
    const held = await quote(token)
    expect(held.statusCode, held.body).toBe(200)
    expect(held.json()).toMatchObject({ bookable: true, heldUntil: offered.json().offerExpiresAt })
    expect((await quote()).json().heldUntil).toBeNull()
    const forged = `${token.split('.')[0]}.${'B'.repeat(43)}`
    expect((await quote(forged)).json().heldUntil).toBeNull()
  })
})
