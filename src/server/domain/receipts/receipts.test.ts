import { render } from '@react-email/render'
import { createElement } from 'react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser, testOrigin } from '../../../../tests/support/accounts.ts'
import { createPayPalCheckoutApp, guest, line, placeOrder } from '../../../../tests/support/checkout.ts'
import { FakePayPal } from '../../../../tests/support/fake-paypal.ts'
import { pdfText, withoutSpaces } from '../../../../tests/support/pdf-text.ts'
import type { TestApp } from '../../../../tests/support/test-app.ts'
import type { OrderReceipts } from '../../../shared/receipts.ts'
import { BookingConfirmation } from '../tickets/confirmation-mail.tsx'
import { loadOrderConfirmation } from '../tickets/confirmation-mail-data.ts'
import { manageToken, viewToken } from '../visits/ticket-codes.ts'

const paypal = new FakePayPal()
let t: TestApp
let admin: string
let nour: { id: string; cookie: string }
let other: { id: string; cookie: string }

const vatVenue = 'manama-marina-hotel'

beforeAll(async () => {
  await paypal.start()
  ;({ t } = await createPayPalCheckoutApp(paypal))
  admin = (await signedInUser(t, 'receipts-admin@example.bh', 'admin')).cookie
  nour = await signedInUser(t, 'nour-receipts@example.bh')
  other = await signedInUser(t, 'other-receipts@example.bh')
})
afterAll(async () => {
  await paypal.stop()
  await t.close()
})

const db = () => t.database.db

function request(method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { origin: testOrigin, ...(cookie ? { cookie } : {}) },
  })
}

async function setVat(venueId: string, form: object) {
  return request('PUT', `/api/admin/venues/${venueId}/vat`, admin, form)
}

/** A card order for a party, paid through the PayPal fake. */
async function paidCardOrder(quantity: number, time: string) {
  const placed = await placeOrder(
    t,
    { items: [line({ time, quantity })], paymentMethod: 'card' },
    { cookie: nour.cookie },
  )
  expect(placed.statusCode, placed.body).toBe(201)
  const order = placed.json()
  const started = await request('POST', `/api/checkout/orders/${order.id}/payment`, nour.cookie, {})
  const { providerOrderId } = started.json()
  const captured = await request('POST', `/api/checkout/orders/${order.id}/capture`, nour.cookie, {
    providerOrderId,
  })
  expect(captured.statusCode, captured.body).toBe(200)
  return order as { id: string; total: string }
}

describe('the venue editor’s VAT fields', () => {
  it('keeps the number typed with spaces or Arabic-Indic digits, and refuses a malformed one with its code', async () => {
    const saved = await setVat(vatVenue, {
      vatRegistered: true,
      vatNumber: '٢٠٠٠٠٠ ٨٩٨٣٠٠٠٠٢',
      pricesIncludeVat: false,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().venue.vat).toEqual({
      vatRegistered: true,
      vatNumber: '200000898300002',
      pricesIncludeVat: false,
    })
    const bad = await setVat(vatVenue, { vatRegistered: true, vatNumber: '1234', pricesIncludeVat: false })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ error: { fields: { vatNumber: 'VAT_NUMBER_INVALID' } } })
    const missing = await setVat(vatVenue, { vatRegistered: true, vatNumber: '', pricesIncludeVat: false })
    expect(missing.json()).toMatchObject({ error: { fields: { vatNumber: 'VAT_NUMBER_REQUIRED' } } })
    const history = await db()
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('entity_id', '=', vatVenue)
      .where('action', '=', 'venue.vat')
      .execute()
    // The demo catalog has the venue registered with this number already: the change is the prices'.
    expect(history).toMatchObject([{ after: { pricesIncludeVat: false } }])
  })

  it('shows visitors the price plus 10% when the venue’s prices exclude VAT: cards, dialog and quote alike', async () => {
    const card = (await request('GET', `/api/gyms/${vatVenue}`)).json()
    const gym = card.gym.passes.find((pass: { id: string }) => pass.id === 'manama-marina-hotel-gym')
    expect(gym.priceFils).toBe(11_000)
    const day = (await request('GET', `/api/gyms/${vatVenue}/availability?date=2026-12-03`)).json()
    expect(day.passes.find((pass: { id: string }) => pass.id === 'manama-marina-hotel-gym').priceFils).toBe(
      11_000,
    )
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/quote',
      payload: { items: [line({ quantity: 3 })] },
      headers: { origin: testOrigin },
    })
    expect(quote.json()).toMatchObject({ total: 'BD 33.000' })
  })
})

describe('an order paid by card', () => {
  let orderId: string

  it('has a receipt with the seller’s VAT number, one line per party and the VAT once per line', async () => {
    const order = await paidCardOrder(3, '11:00')
    orderId = order.id
    expect(order.total).toBe('BD 33.000')
    const response = await request('GET', `/api/orders/${orderId}/receipt`, nour.cookie)
    expect(response.statusCode, response.body).toBe(200)
    const { receipts } = response.json() as OrderReceipts
    expect(receipts).toHaveLength(1)
    const capture = await db()
      .selectFrom('orders')
      .select('provider_capture_id')
      .where('id', '=', orderId)
      .executeTakeFirst()
    expect(receipts[0]).toMatchObject({
      number: 'R-000001',
      seller: { name: { en: 'Manama Marina Hotel' }, vatNumber: '200000898300002' },
      lines: [
        {
          quantity: 3,
          unitPriceFils: 11_000,
          totalFils: 33_000,
          vatFils: 3_000,
          date: '2026-12-03',
          time: '11:00',
        },
      ],
      totalFils: 33_000,
      vatFils: 3_000,
      payment: { method: 'card', deskMethod: null },
      reference: { orderId, providerCaptureId: capture?.provider_capture_id },
    })
    expect(capture?.provider_capture_id).toBeTruthy()
    // Asked again, the same receipt: its number is kept.
    const again = (
      await request('GET', `/api/orders/${orderId}/receipt`, nour.cookie)
    ).json() as OrderReceipts
    expect(again.receipts[0]?.number).toBe('R-000001')
  })

  it('is linked from the confirmation mail', async () => {
    const links = { secret: t.config.AUTH_SECRET, siteUrl: testOrigin }
    const { props } = await loadOrderConfirmation(db(), { orderId }, links)
    expect(props.receiptUrl).toBe(`${testOrigin}/bookings/orders/${orderId}/receipt`)
    const mail = await render(createElement(BookingConfirmation, props), { plainText: true })
    expect(mail).toContain('Your receipt, with the VAT it includes')
    expect(mail).toContain(`/bookings/orders/${orderId}/receipt`)
  })

  it('keeps an issued receipt’s VAT number when the venue’s changes later', async () => {
    await setVat(vatVenue, { vatRegistered: true, vatNumber: '200000111100003', pricesIncludeVat: false })
    const { receipts } = (
      await request('GET', `/api/orders/${orderId}/receipt`, nour.cookie)
    ).json() as OrderReceipts
    expect(receipts[0]?.seller.vatNumber).toBe('200000898300002')
    await setVat(vatVenue, { vatRegistered: true, vatNumber: '200000898300002', pricesIncludeVat: false })
  })

  it('prints a PDF whose text holds every field, in English', async () => {
    const response = await request('GET', `/api/orders/${orderId}/receipt.pdf`, `${nour.cookie}; lang=en`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/pdf')
    expect(response.headers['content-disposition']).toBe('attachment; filename="receipt-R-000001.pdf"')
    const [text = ''] = await pdfText(response.rawPayload)
    for (const field of [
      'Simplified tax invoice',
      'Manama Marina Hotel',
      'VAT account number: 200000898300002',
      'Receipt number: R-000001',
      'Date: 01/12/2026',
      'BD 11.000',
      'BD 3.000',
      'Total: BD 33.000',
      'Of which VAT (10%): BD 3.000',
      'Payment method: Card (PayPal)',
      `Reference: ${orderId}`,
      'Visit: 03/12/2026 11:00',
    ])
      expect(text).toContain(field)
  })

  it('prints it in Arabic, shaped and right to left, for a visitor reading Arabic', async () => {
    const response = await request('GET', `/api/orders/${orderId}/receipt.pdf`, `${nour.cookie}; lang=ar`)
    const [text = ''] = await pdfText(response.rawPayload)
    const flat = withoutSpaces(text)
    for (const field of [
      'فاتورة ضريبية مبسطة',
      'رقم حساب ضريبة القيمة المضافة: 200000898300002',
      'رقم الإيصال: R-000001',
      'الإجمالي: 33.000 د.ب',
      'منها ضريبة القيمة المضافة بنسبة 10%: 3.000 د.ب',
      'طريقة الدفع: بطاقة عبر PayPal',
    ])
      expect(flat).toContain(withoutSpaces(field))
    // Shaped: the PDF draws the letters' joined forms (presentation forms), not the bare letters.
    expect(response.rawPayload.length).toBeGreaterThan(5_000)
  })

  it('is another account’s business: 404 for its receipt and PDF, 401 signed out', async () => {
    expect((await request('GET', `/api/orders/${orderId}/receipt`, other.cookie)).statusCode).toBe(404)
    expect((await request('GET', `/api/orders/${orderId}/receipt.pdf`, other.cookie)).statusCode).toBe(404)
    expect((await request('GET', `/api/orders/${orderId}/receipt`)).statusCode).toBe(401)
  })
})

describe('a guest’s order paid at the venue', () => {
  it('has no receipt until the desk takes the money; then one without VAT lines, saying why', async () => {
    const placed = await placeOrder(t, {
      items: [line({ time: '12:00', quantity: 2 })],
      paymentMethod: 'venue',
      guest: guest(t),
    })
    expect(placed.statusCode, placed.body).toBe(201)
    const order = placed.json()
    const visits = await db()
      .selectFrom('confirmed_bookings')
      .selectAll()
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute()
    const token = manageToken(t.config.AUTH_SECRET, visits[0] as (typeof visits)[number])
    const before = await request('GET', `/api/manage/${token}/receipt`)
    expect(before.statusCode).toBe(404)
    expect(before.json()).toMatchObject({ error: { code: 'RECEIPT_NOT_AVAILABLE' } })

    const paid = await request('POST', `/api/desk/bookings/${visits[0]?.id}/party/payment`, admin, {
      method: 'cash',
    })
    expect(paid.statusCode, paid.body).toBe(200)

    // The venue is VAT-registered in this file; make it not, for a receipt issued from now on.
    await setVat(vatVenue, { vatRegistered: false, vatNumber: '', pricesIncludeVat: true })
    const view = viewToken(t.config.AUTH_SECRET, visits[1] as (typeof visits)[number])
    const response = await request('GET', `/api/manage/${view}/receipt`)
    expect(response.statusCode, response.body).toBe(200)
    const { receipts } = response.json() as OrderReceipts
    expect(receipts[0]).toMatchObject({
      seller: { vatNumber: null },
      lines: [{ quantity: 2, vatFils: null }],
      vatFils: null,
      payment: { method: 'venue', deskMethod: 'cash' },
      reference: { orderId: order.id, providerCaptureId: null },
    })
    const pdf = await request('GET', `/api/manage/${token}/receipt.pdf`)
    const [text = ''] = await pdfText(pdf.rawPayload)
    expect(text).toContain('The venue is not registered for VAT: no VAT is charged.')
    expect(text).toContain('Payment method: Paid at the venue: cash')
    expect(text).not.toContain('VAT included')

    // A forged link, or an account's session, opens nothing.
    expect((await request('GET', `/api/manage/${token.slice(0, -2)}xx/receipt`)).statusCode).toBe(404)
    expect((await request('GET', `/api/orders/${order.id}/receipt`, nour.cookie)).statusCode).toBe(404)
  })
})
