import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser, testOrigin } from '../../../../tests/support/accounts.ts'
import { createTapCheckoutApp, line, startTapOrder } from '../../../../tests/support/checkout.ts'
import { FakeTap } from '../../../../tests/support/fake-tap.ts'
import { pdfText, withoutSpaces } from '../../../../tests/support/pdf-text.ts'
import type { TestApp } from '../../../../tests/support/test-app.ts'
import type { OrderReceipts } from '../../../shared/receipts.ts'
import { manageToken } from '../visits/ticket-codes.ts'

const fake = new FakeTap()
let t: TestApp
let nour: { id: string; cookie: string }

beforeAll(async () => {
  await fake.start()
  ;({ t } = await createTapCheckoutApp(fake))
  nour = await signedInUser(t, 'nour-tap-receipts@example.bh')
})
afterAll(async () => {
  await fake.stop()
  await t.close()
})

function post(url: string, payload: object, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { origin: testOrigin, ...(cookie ? { cookie } : {}) },
  })
}

/** An order paid through Tap (the payer captures on Tap's page, the browser comes back). */
async function paidThroughTap(method: 'benefit' | 'card_bhd', time: string, cookie?: string) {
  const { order, chargeId } = await startTapOrder(t, fake, line({ time, quantity: 3 }), method, cookie)
  const back = new URL(fake.payerLeaves(chargeId, 'captured'))
  const returned = await post(`/api/checkout/orders/${order.id}/tap-return`, {
    tapId: back.searchParams.get('tap_id'),
    token: back.searchParams.get('t'),
  })
  expect(returned.statusCode, returned.body).toBe(200)
  return { orderId: order.id, chargeId }
}

describe('receipts of orders paid through Tap', () => {
  it('a guest’s BENEFIT order: BENEFIT, the charge as reference, the VAT once for the party, in Arabic too', async () => {
    const { orderId, chargeId } = await paidThroughTap('benefit', '10:00')
    const visit = await t.database.db
      .selectFrom('confirmed_bookings')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const token = manageToken(t.config.AUTH_SECRET, visit)
    const answer = await t.app.inject({ url: `/api/manage/${token}/receipt` })
    expect(answer.statusCode, answer.body).toBe(200)
    const { receipts } = answer.json() as OrderReceipts
    expect(receipts[0]).toMatchObject({
      // The demo venue is VAT-registered, its prices including VAT: 3 × BD 10.000 holds BD 2.727.
      seller: { vatNumber: '200000898300002' },
      lines: [{ quantity: 3, totalFils: 30_000, vatFils: 2_727 }],
      payment: { method: 'benefit', deskMethod: null },
      reference: { orderId, providerCaptureId: chargeId },
    })
    const pdf = await t.app.inject({
      url: `/api/manage/${token}/receipt.pdf`,
      headers: { cookie: 'lang=ar' },
    })
    const flat = withoutSpaces((await pdfText(pdf.rawPayload))[0] ?? '')
    expect(flat).toContain(withoutSpaces('طريقة الدفع: بنفت'))
    expect(flat).toContain(withoutSpaces('الإجمالي: 30.000 د.ب'))
    expect(flat).toContain(chargeId)
  })

  it('an account’s card in BD: “Card (BD)”, in English', async () => {
    const { orderId, chargeId } = await paidThroughTap('card_bhd', '11:00', nour.cookie)
    const pdf = await t.app.inject({
      url: `/api/orders/${orderId}/receipt.pdf`,
      headers: { cookie: `${nour.cookie}; lang=en` },
    })
    expect(pdf.statusCode, pdf.body).toBe(200)
    const [text = ''] = await pdfText(pdf.rawPayload)
    expect(text).toContain('Payment method: Card (BD)')
    expect(text).toContain(`Reference: ${orderId} / ${chargeId}`)
    expect(text).toContain('Of which VAT (10%): BD 2.727')
  })
})
