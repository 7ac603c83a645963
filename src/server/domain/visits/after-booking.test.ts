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
async function paidParty(quantity: number, time: string, language: 'en' | 'ar' = 'en') {
  const placed = await placeOrder(
    t,
    { items: [line({ time, quantity })], paymentMethod: 'card', language },
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
      expect(ar).toContain('المنشأة غير مسجلة في ضريبة القيمة المضافة')
      expect(en).toContain('Your receipt')
      expect(en).not.toContain('with the VAT it includes')
      expect(en).toContain('not registered for VAT')
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
