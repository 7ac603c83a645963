import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCheckoutTestApp, guest, line, placeOrder } from '../../../../tests/support/checkout.ts'
import type { TestApp } from '../../../../tests/support/test-app.ts'
import { loadConfig } from '../../platform/config.ts'
import { paymentProviderFromConfig } from '../../platform/payments/payment-provider-from-config.ts'
import { tapProviderFromConfig } from '../../platform/payments/tap-from-config.ts'

/**
 * A production site with neither PayPal keys nor PAYMENTS_TEST_MODE=true takes no card payments
 * (ADR 016): it says so, and refuses a card order instead of "taking" it in test mode, where
 * bookings would be marked paid with no money moved.
 */
const production = loadConfig({
  NODE_ENV: 'production',
  AUTH_SECRET: 'a-production-secret-of-more-than-32-chars',
  SMTP_URL: 'smtp://127.0.0.1:25',
  PUBLIC_URL: 'https://daypass.example',
})
let t: TestApp
beforeAll(async () => {
  t = await createCheckoutTestApp(
    paymentProviderFromConfig(production),
    undefined,
    tapProviderFromConfig(production),
  )
})
afterAll(() => t.close())

describe('card payments switched off', () => {
  it('are reported off by the payment config', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/checkout/payment-config' })
    expect(response.json()).toEqual({ provider: 'off', clientId: null, currency: 'USD', tap: 'off' })
  })

  it('refuse BENEFIT and card-in-BD orders too, by the same rule, writing nothing', async () => {
    for (const paymentMethod of ['benefit', 'card_bhd']) {
      const response = await placeOrder(t, { items: [line()], paymentMethod, guest: guest(t) })
      expect(response.statusCode).toBe(409)
      expect(response.json().error).toMatchObject({
        code: 'TAP_PAYMENTS_OFF',
        fields: { paymentMethod: 'TAP_PAYMENTS_OFF' },
      })
    }
    expect(await t.database.db.selectFrom('orders').select('id').execute()).toEqual([])
  })

  it('refuse a card order with a code of their own, writing nothing', async () => {
    const response = await placeOrder(t, { items: [line()], paymentMethod: 'card', guest: guest(t) })
    expect(response.statusCode).toBe(409)
    expect(response.json().error).toMatchObject({
      code: 'CARD_PAYMENTS_OFF',
      fields: { paymentMethod: 'CARD_PAYMENTS_OFF' },
    })
    const orders = await t.database.db.selectFrom('orders').select('id').execute()
    expect(orders).toEqual([])
  })

  it('leave paying at the venue as it was', async () => {
    const response = await placeOrder(t, { items: [line()], paymentMethod: 'venue', guest: guest(t) })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({ status: 'confirmed', paymentMethod: 'venue' })
  })
})
