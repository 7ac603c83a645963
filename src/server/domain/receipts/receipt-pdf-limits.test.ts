import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { signedInUser, testOrigin } from '../../../../tests/support/accounts.ts'
import { createPayPalCheckoutApp, guest, line, placeOrder } from '../../../../tests/support/checkout.ts'
import { FakePayPal } from '../../../../tests/support/fake-paypal.ts'
import { pdfText } from '../../../../tests/support/pdf-text.ts'
import type { TestApp } from '../../../../tests/support/test-app.ts'
import { apiErrorSchema } from '../../../shared/api-error.ts'
import { receiptPdfRateLimit } from '../../routes/receipts.ts'
import { manageToken } from '../visits/ticket-codes.ts'

/**
 * Receipt PDFs (audit D8): each is made once and kept, however many ask at once, and a caller may
 * ask for so many in 10 minutes before a 429, while another caller is still served.
 */
const paypal = new FakePayPal()
let t: TestApp
let nour: { id: string; cookie: string }
let sara: { id: string; cookie: string }

beforeAll(async () => {
  await paypal.start()
  ;({ t } = await createPayPalCheckoutApp(paypal))
  nour = await signedInUser(t, 'nour-pdf@example.bh')
  sara = await signedInUser(t, 'sara-pdf@example.bh')
})
afterAll(async () => {
  await paypal.stop()
  await t.close()
})

function request(
  method: 'GET' | 'POST',
  url: string,
  { cookie, ip = '10.88.1.1' } = {} as { cookie?: string; ip?: string },
  payload?: object,
) {
  return t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { origin: testOrigin, ...(cookie ? { cookie } : {}) },
    remoteAddress: ip,
  })
}

/** A card order paid through the PayPal fake: an account's (`cookie`), or a guest's. */
async function paidOrder(time: string, cookie?: string) {
  const details = cookie ? undefined : guest(t)
  const placed = await placeOrder(
    t,
    { items: [line({ time })], paymentMethod: 'card', ...(details ? { guest: details } : {}) },
    cookie ? { cookie } : {},
  )
  expect(placed.statusCode, placed.body).toBe(201)
  const id = placed.json().id as string
  const proof = details ? { proof: details.proof } : {}
  const started = await request('POST', `/api/checkout/orders/${id}/payment`, { cookie }, proof)
  const { providerOrderId } = started.json()
  const captured = await request(
    'POST',
    `/api/checkout/orders/${id}/capture`,
    { cookie },
    {
      providerOrderId,
      ...proof,
    },
  )
  expect(captured.statusCode, captured.body).toBe(200)
  return id
}

async function pdfsMade(): Promise<number> {
  const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body
  return Number(/^receipt_pdfs_made_total (\d+)$/m.exec(metrics)?.[1] ?? Number.NaN)
}

const errorShape = z.strictObject({ error: apiErrorSchema.shape.error.strict() })

describe('receipt PDFs', () => {
  it('are made once for 20 requests at once, kept, and limited per address with a 429', async () => {
    const orderId = await paidOrder('11:00', nour.cookie)
    const before = await pdfsMade()
    const url = `/api/orders/${orderId}/receipt.pdf`
    const answers = await Promise.all(
      Array.from({ length: receiptPdfRateLimit.max }, () =>
        request('GET', url, { cookie: nour.cookie, ip: '10.88.0.1' }),
      ),
    )
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(receiptPdfRateLimit.max).fill(200))
    expect(new Set(answers.map((answer) => answer.rawPayload.toString('base64'))).size).toBe(1)
    expect(await pdfsMade()).toBe(before + 1)
    const kept = await t.database.db
      .selectFrom('receipt_pdfs')
      .selectAll()
      .where('order_id', '=', orderId)
      .execute()
    expect(kept).toHaveLength(1)
    expect((await pdfText(answers[0]?.rawPayload ?? Buffer.alloc(0))).join(' ')).toMatch(/Receipt/)

    // The next one from that address is refused in the API's error shape.
    const refused = await request('GET', url, { cookie: nour.cookie, ip: '10.88.0.1' })
    expect(refused.statusCode).toBe(429)
    expect(errorShape.safeParse(refused.json()).success, refused.body).toBe(true)
    expect(refused.json().error.code).toBe('TOO_MANY_ATTEMPTS')
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)

    // Another caller, from another address, is served.
    const saraOrder = await paidOrder('12:00', sara.cookie)
    const other = await request('GET', `/api/orders/${saraOrder}/receipt.pdf`, {
      cookie: sara.cookie,
      ip: '10.88.0.2',
    })
    expect(other.statusCode).toBe(200)
    expect(await pdfsMade()).toBe(before + 2)
  })

  it('are limited per address on a guest’s link, the kept PDF served to the others', async () => {
    const orderId = await paidOrder('13:00')
    const [visit] = await t.database.db
      .selectFrom('confirmed_bookings')
      .select(['id', 'manage_version'])
      .where('order_id', '=', orderId)
      .execute()
    if (!visit) throw new Error('no visit')
    const url = `/api/manage/${manageToken(t.config.AUTH_SECRET, visit)}/receipt.pdf`
    const before = await pdfsMade()
    const guestIp = '10.88.2.1'
    const answers = await Promise.all(
      Array.from({ length: receiptPdfRateLimit.max }, () => request('GET', url, { ip: guestIp })),
    )
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(receiptPdfRateLimit.max).fill(200))
    expect(await pdfsMade()).toBe(before + 1)
    expect((await request('GET', url, { ip: guestIp })).statusCode).toBe(429)
    const elsewhere = await request('GET', url, { ip: '10.88.2.2' })
    expect(elsewhere.statusCode).toBe(200)
    expect(elsewhere.rawPayload.equals(answers[0]?.rawPayload ?? Buffer.alloc(0))).toBe(true)
    expect(await pdfsMade()).toBe(before + 1)
  })
})
