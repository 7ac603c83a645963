import ICAL from 'ical.js'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { signedInUser } from '../../../../tests/support/accounts.ts'
import { get, post } from '../../../../tests/support/cancellation.ts'
import { createPayPalCheckoutApp, line, placeOrder } from '../../../../tests/support/checkout.ts'
import { FakePayPal } from '../../../../tests/support/fake-paypal.ts'
import { smtpOutboxWorker, TestSmtpServer } from '../../../../tests/support/smtp-server.ts'
import type { TestApp } from '../../../../tests/support/test-app.ts'
import type { OutboxWorker } from '../../platform/mail/worker.ts'

/**
 * After booking (issue 40, B4, B5, B7): what an order looks like once one of its people is
 * cancelled (its page, its receipt, the mail), its calendar entries, and the confirmation mail's
 * VAT wording. Paid through the PayPal fake, mailed through a real SMTP server.
 */

const paypal = new FakePayPal()
const smtp = new TestSmtpServer()
let t: TestApp
let worker: OutboxWorker
let nour: { id: string; cookie: string }

beforeAll(async () => {
  await paypal.start()
  await smtp.start()
  ;({ t } = await createPayPalCheckoutApp(paypal))
  worker = smtpOutboxWorker(t.database.db, smtp, t.now, t.config)
  nour = await signedInUser(t, 'nour-after@example.bh')
})
afterAll(async () => {
  await smtp.stop()
  await paypal.stop()
  await t.close()
})
beforeEach(() => {
  smtp.messages.length = 0
})

/** A signed-in card order for `quantity` people at one hour, paid through the PayPal fake. */
async function paidParty(quantity: number, time: string, language: 'en' | 'ar' = 'en', date = '2026-12-03') {
  const placed = await placeOrder(
    t,
    { items: [line({ date, time, quantity })], paymentMethod: 'card', language },
    { cookie: nour.cookie },
  )
  expect(placed.statusCode, placed.body).toBe(201)
  const orderId = placed.json().id as string
  const started = await post(t, `/api/checkout/orders/${orderId}/payment`, {}, nour.cookie)
  const captured = await post(
    t,
    `/api/checkout/orders/${orderId}/capture`,
    { providerOrderId: started.json().providerOrderId },
    nour.cookie,
  )
  expect(captured.statusCode, captured.body).toBe(200)
  return captured.json() as { id: string; bookings: { id: number; reference: string }[] }
}

async function setVenueVat(registered: boolean) {
  await t.database.db
    .updateTable('venues')
    .set(
      registered
        ? { vat_registered: true, vat_number: '200000898300002' }
        : { vat_registered: false, vat_number: null },
    )
    .where('id', '=', 'manama-marina-hotel')
    .execute()
}

describe('the confirmation mail’s VAT wording (B7)', () => {
  it('says no VAT is charged, in Arabic and English, for a venue not registered for VAT, as its receipt does', async () => {
    await setVenueVat(false)
    try {
      const arabic = await paidParty(1, '11:00', 'ar')
      const english = await paidParty(1, '12:00', 'en')
      await worker.runOnce()
      const mailOf = (reference: string) =>
        smtp.messages.find(
          (mail) => mail.subject?.match(/Booking Confirmation|تأكيد الحجز/) && mail.text?.includes(reference),
        )
      const ar = mailOf(arabic.bookings[0]?.reference ?? '')?.text ?? ''
      const en = mailOf(english.bookings[0]?.reference ?? '')?.text ?? ''
      expect(ar).toContain('إيصالك')
      expect(ar).not.toContain('ضريبة القيمة المضافة المشمولة')
      expect(ar).toContain('النادي غير مسجل في ضريبة القيمة المضافة: لا تُفرض ضريبة.')
      expect(en).toContain('Your receipt')
      expect(en).not.toContain('with the VAT it includes')
      expect(en).toContain('The venue is not registered for VAT: no VAT is charged.')
      // The receipt says the same.
      const receipt = await get(t, `/api/orders/${english.id}/receipt`, nour.cookie)
      expect(receipt.json().receipts[0].vatFils).toBeNull()
    } finally {
      await setVenueVat(true)
    }
  })

  it('says the VAT is included for a VAT-registered venue', async () => {
    const order = await paidParty(1, '13:00', 'ar')
    await worker.runOnce()
    const mail = smtp.messages.find((message) => message.text?.includes(order.bookings[0]?.reference ?? '-'))
    expect(mail?.text).toContain('ضريبة القيمة المضافة المشمولة')
  })
})

const host = () => new URL(t.config.PUBLIC_URL).hostname

/** The file read by a real iCalendar parser: its entries' UID, status, sequence and summary. */
function entries(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text))
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent)
    return {
      uid: event.uid,
      sequence: event.sequence,
      status: vevent.getFirstPropertyValue('status'),
      summary: event.summary,
      description: event.description,
    }
  })
}

const calendarOf = (mail: { attachments: { contentType: string; content: Buffer }[] } | undefined) =>
  entries(mail?.attachments.find((file) => file.contentType === 'text/calendar')?.content.toString() ?? '')

const cancelVisit = (bookingId: number) => post(t, `/api/bookings/${bookingId}/cancel`, {}, nour.cookie)

describe('cancelling one of four paid people (B4)', () => {
  it('shows 3 people, what was paid and refunded; the receipt keeps its sale and adds a credit note; the mail names the ticket and what remains', async () => {
    const order = await paidParty(4, '14:00', 'en', '2026-12-04')
    const [lead, second, third, fourth] = order.bookings
    if (!lead || !second || !third || !fourth) throw new Error('four visits expected')
    // The receipt as issued before the cancel: a tax invoice, never rewritten.
    const before = (await get(t, `/api/orders/${order.id}/receipt`, nour.cookie)).json().receipts[0]
    // A Friday's price, BD 12.000 each: the VAT once on the line's BD 48.000.
    expect(before.lines).toMatchObject([{ quantity: 4, totalFils: 48_000, vatFils: 4_364 }])
    await worker.runOnce()
    smtp.messages.length = 0

    expect((await cancelVisit(second.id)).statusCode).toBe(200)

    const page = await get(t, `/api/orders/${order.id}`, nour.cookie)
    expect(page.statusCode, page.body).toBe(200)
    expect(page.json().standing).toEqual({
      people: 3,
      cancelledPeople: 1,
      paidFils: 48_000,
      refundedFils: 12_000,
      refundPendingFils: 0,
      dueAtVenueFils: 0,
    })

    const after = (await get(t, `/api/orders/${order.id}/receipt`, nour.cookie)).json().receipts[0]
    expect({ ...after, creditNotes: undefined }).toEqual({ ...before, creditNotes: undefined })
    expect(after.creditNotes).toEqual([
      {
        number: `${before.number}-C1`,
        issuedAt: expect.any(String),
        refundStatus: 'refunded',
        lines: [
          expect.objectContaining({ quantity: 1, unitPriceFils: 12_000, totalFils: 12_000, vatFils: 1_091 }),
        ],
        totalFils: 12_000,
        vatFils: 1_091,
      },
    ])
    // The PDF prints it after the receipt.
    const pdf = await t.app.inject({
      url: `/api/orders/${order.id}/receipt.pdf`,
      headers: { cookie: nour.cookie },
    })
    expect(pdf.statusCode).toBe(200)

    await worker.runOnce()
    const mails = smtp.messages.filter((mail) => mail.subject?.includes('Manama Marina Hotel'))
    expect(mails.map((mail) => mail.subject)).toEqual(['Ticket cancelled - Manama Marina Hotel'])
    const text = mails[0]?.text ?? ''
    expect(text).toContain(`ticket ${second.reference} (`)
    expect(text).not.toContain('Your booking is cancelled')
    expect(text).toContain('Still booked')
    expect(text).toContain('3 people')
    for (const kept of [lead, third, fourth]) expect(text).toContain(kept.reference)
    expect(text).toContain('BD 12.000 goes back to the card')
  })
})

describe('one calendar entry per party and hour (B5)', () => {
  it('gives the same one entry, with the number of people, for any ticket of a party, and updates it as people cancel', async () => {
    const order = await paidParty(4, '15:00', 'en', '2026-12-05')
    const ids = order.bookings.map((booking) => booking.id)
    const uid = `party-${ids[0]}@${host()}`
    await worker.runOnce()
    const confirmation = smtp.messages.find((mail) =>
      mail.text?.includes(order.bookings[0]?.reference ?? '-'),
    )
    expect(calendarOf(confirmation)).toMatchObject([{ uid, summary: expect.stringContaining('(4 people)') }])

    for (const id of ids) {
      const download = await t.app.inject({
        url: `/api/bookings/${id}/calendar.ics`,
        headers: { cookie: nour.cookie },
      })
      expect(download.statusCode).toBe(200)
      expect(entries(download.body)).toMatchObject([
        { uid, status: 'CONFIRMED', summary: 'Manama Marina Hotel: day pass (4 people)' },
      ])
    }

    smtp.messages.length = 0
    expect((await cancelVisit(ids[0] ?? 0)).statusCode).toBe(200)
    await worker.runOnce()
    // The cancellation mail updates the party's entry: the same UID, 3 people, a newer version.
    const [updated] = calendarOf(smtp.messages[0])
    expect(updated).toMatchObject({
      uid,
      status: 'CONFIRMED',
      summary: expect.stringContaining('(3 people)'),
    })
    expect(updated?.sequence).toBeGreaterThan(0)
    expect(updated?.description).not.toContain(order.bookings[0]?.reference)

    for (const id of ids.slice(1)) expect((await cancelVisit(id)).statusCode).toBe(200)
    const gone = await t.app.inject({
      url: `/api/bookings/${ids[3]}/calendar.ics`,
      headers: { cookie: nour.cookie },
    })
    const [withdrawn] = entries(gone.body)
    expect(withdrawn).toMatchObject({ uid, status: 'CANCELLED' })
    expect(withdrawn?.sequence).toBeGreaterThan(updated?.sequence ?? 0)
  })
})
