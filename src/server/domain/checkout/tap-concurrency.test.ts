import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testOrigin } from '../../../../tests/support/accounts.ts'
import { bookingsAndMails, createTapCheckoutApp, guest, line } from '../../../../tests/support/checkout.ts'
import { FakeTap } from '../../../../tests/support/fake-tap.ts'
import type { TestApp } from '../../../../tests/support/test-app.ts'

const fake = new FakeTap()
let t: TestApp
let baseUrl: string

beforeAll(async () => {
  await fake.start()
  ;({ t } = await createTapCheckoutApp(fake))
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 })
})
afterAll(async () => {
  await t.close()
  await fake.stop()
})

const send = (path: string, body: object, headers: Record<string, string> = {}) =>
  fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: testOrigin, ...headers },
    body: JSON.stringify(body),
  })

/** Tap's signed webhook for the charge, posted over HTTP to our server (post.url's path). */
function postWebhook(chargeId: string) {
  const { url, headers, body } = fake.webhook(chargeId)
  return fetch(`${baseUrl}${new URL(url).pathname}`, { method: 'POST', headers, body: JSON.stringify(body) })
}

const weekdays = ['2026-12-06', '2026-12-07', '2026-12-08']

describe('Tap’s webhook and the return page arriving together', () => {
  it('give one paid order and one confirmation for its visits, 20 times over', async () => {
    for (let round = 0; round < 20; round++) {
      const details = guest(t)
      const item = line({
        date: weekdays[Math.floor(round / 8)],
        time: `${String(9 + (round % 8)).padStart(2, '0')}:00`,
        quantity: 2,
      })
      const placed = await send(
        '/api/checkout/orders',
        { items: [item], paymentMethod: 'benefit', guest: details },
        { 'idempotency-key': `tap-race-${round}-${Date.now()}` },
      )
      expect(placed.status).toBe(201)
      const orderId = String((await placed.json()).id)
      const started = await send(`/api/checkout/orders/${orderId}/redirect-payment`, { proof: details.proof })
      expect(started.status).toBe(200)
      const chargeId = fake.chargeOf(orderId)?.id ?? ''
      const back = new URL(fake.payerLeaves(chargeId, 'captured'))
      const ret = { tapId: back.searchParams.get('tap_id'), token: back.searchParams.get('t') }

      const answers = await Promise.all([
        postWebhook(chargeId),
        send(`/api/checkout/orders/${orderId}/tap-return`, ret),
        postWebhook(chargeId),
      ])
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200])
      expect(await bookingsAndMails(t.database.db, orderId)).toEqual({
        statuses: ['paid', 'paid'],
        confirmations: 1,
      })
    }
    const paid = await t.database.db
      .selectFrom('orders')
      .select('id')
      .where('status', '=', 'confirmed')
      .where('payment_method', '=', 'benefit')
      .execute()
    expect(paid).toHaveLength(20)
  })
})
