import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { guest, line, placeOrder } from '../../../../tests/support/checkout.ts'
import { setUpMailTest } from '../../../../tests/support/mail-test.ts'
import { decodeQrPng } from '../../../../tests/support/qr.ts'
import { readTicketText } from '../visits/ticket-codes.ts'

const m = setUpMailTest()

async function referencesOf(orderId: string) {
  const rows = await m.t.database.db
    .selectFrom('confirmed_bookings')
    .select('reference')
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute()
  return rows.map((row) => row.reference)
}

/** The events of an .ics file, read by a real iCalendar parser. */
function events(ics: string) {
  return new ICAL.Component(ICAL.parse(ics))
    .getAllSubcomponents('vevent')
    .map((vevent) => new ICAL.Event(vevent))
}

describe('one confirmation mail per order', () => {
  it('sends a party of 4 one mail with its 4 tickets under one heading and one calendar entry', async () => {
    // Thursday 03/12/2026 at 10:00, four people on one line.
    const response = await placeOrder(m.t, {
      items: [line({ time: '10:00', quantity: 4 })],
      paymentMethod: 'venue',
      language: 'en',
      guest: guest(m.t),
    })
    expect(response.statusCode, response.body).toBe(201)
    const references = await referencesOf(response.json().id)
    expect(references).toHaveLength(4)
    const queued = await m.t.database.db
      .selectFrom('mail_outbox')
      .select('template')
      .where('template', '=', 'booking-confirmation')
      .execute()
    expect(queued).toHaveLength(1)

    await m.worker.runOnce()
    const confirmations = m.smtp.messages.filter((mail) => /^Booking Confirmation/.test(mail.subject ?? ''))
    expect(confirmations).toHaveLength(1)
    const mail = confirmations[0]
    const text = mail?.text ?? ''
    expect(text.split('Manama Marina Hotel · Thu 03/12 · 10:00 · 4 people')).toHaveLength(2)
    for (const reference of references) expect(text).toContain(reference)

    // Each person's QR code, inline, each decoding to their own ticket.
    const qrs = mail?.attachments.filter((attachment) => attachment.contentType === 'image/png') ?? []
    expect(qrs.map((qr) => qr.related)).toEqual([true, true, true, true])
    expect(new Set(qrs.map((qr) => qr.contentId)).size).toBe(4)
    const scanned = qrs.map((qr) => readTicketText(decodeQrPng(qr.content) ?? '')?.reference)
    expect(scanned).toEqual(references)

    // One calendar file, one entry for the party, naming every ticket.
    const calendars = mail?.attachments.filter((attachment) => attachment.filename?.endsWith('.ics')) ?? []
    expect(calendars).toHaveLength(1)
    const entries = events(calendars[0]?.content.toString('utf8') ?? '')
    expect(entries).toHaveLength(1)
    expect(entries[0]?.summary).toBe('Manama Marina Hotel: day pass (4 people)')
    for (const reference of references) expect(entries[0]?.description).toContain(reference)
  })

  it('groups an order of two times at the venue into two parties, in Arabic too, one mail', async () => {
    const response = await placeOrder(m.t, {
      items: [line({ time: '15:00', quantity: 2 }), line({ time: '16:00' })],
      paymentMethod: 'venue',
      language: 'ar',
      guest: guest(m.t),
    })
    expect(response.statusCode, response.body).toBe(201)
    await m.worker.runOnce()
    expect(m.smtp.messages).toHaveLength(1)
    const text = m.smtp.messages[0]?.text ?? ''
    expect(text).toContain('فندق مرسى المنامة · الخميس 03/12 · 15:00 · شخصان')
    expect(text).toContain('فندق مرسى المنامة · الخميس 03/12 · 16:00 · شخص واحد')
    for (const reference of await referencesOf(response.json().id)) expect(text).toContain(reference)
    const calendar = m.smtp.messages[0]?.attachments.find((attachment) =>
      attachment.filename?.endsWith('.ics'),
    )
    expect(events(calendar?.content.toString('utf8') ?? '')).toHaveLength(2)
  })
})
