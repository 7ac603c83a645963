import { mkdirSync } from 'node:fs'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, todayInBahrain } from '../../src/shared/bahrain-time.ts'
import type { CartItem } from '../../src/shared/cart.ts'
import { signedUpAndIn } from './support/accounts.ts'
import { baseURL, desktop, launchBrowser, newVisitor, phone } from './support/browser.ts'
import { withCart } from './support/cart.ts'

/**
 * After booking (issue 40, B4–B6), in the browser: an order of four paid by card, one person
 * cancelled, read on its page and its receipt in English and Arabic, on a phone and a desktop.
 * Screenshots go to SCREENSHOTS_DIR when it is set, for a person to look at.
 */

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const visitDate = addDays(todayInBahrain(), 27)
const shots = process.env.SCREENSHOTS_DIR
if (shots) mkdirSync(shots, { recursive: true })

const family: CartItem = {
  id: `after-booking-${Math.random().toString(36).slice(2)}`,
  gymId: 'manama-marina-hotel',
  passId: 'manama-marina-hotel-gym',
  gymName: 'Manama Marina Hotel',
  passName: 'Gym Day Pass',
  passPrice: 'BD 10.000',
  date: visitDate,
  time: '11:00',
  location: 'Manama',
  payAtVenueOnly: false,
  quantity: 4,
}

describe('an order after one of its four people is cancelled', () => {
  it('shows 3 people, what was paid and refunded, one calendar entry, and the receipt’s credit note', {
    timeout: 150_000,
  }, async () => {
    const email = `after-${Date.now()}@example.bh`
    const { page, context } = await newVisitor(browser, { viewport: phone })
    await signedUpAndIn(page, email, 'Maryam')
    await withCart(context, [family])
    await page.goto('/checkout')
    await page.getByRole('radio', { name: /Pay Now with Card/ }).check()
    await page.getByRole('button', { name: 'Pay Now' }).click()
    await page.getByRole('button', { name: /^Pay BD .* \(test\)$/ }).click()
    await page.waitForURL((url) => url.pathname.startsWith('/bookings/orders/'), { timeout: 15_000 })
    const orderUrl = new URL(page.url()).pathname
    const orderId = orderUrl.split('/').at(-1) ?? ''
    const order = await (await page.request.get(`/api/orders/${orderId}`)).json()
    const second = order.bookings[1]
    const cancelled = await page.request.post(`/api/bookings/${second.id}/cancel`, {
      headers: { origin: baseURL() },
      data: {},
    })
    expect(cancelled.status()).toBe(200)

    await page.goto(orderUrl)
    const party = page.getByRole('region', { name: /· 11:00 · 3 people$/ })
    await party.waitFor()
    await page.getByText('3 people still booked, 1 cancelled').waitFor()
    await page.getByText('Refunded to your card').waitFor()
    expect(await party.getByRole('link', { name: /Add to calendar/ }).count()).toBe(1)

    // Each language in a visitor of its own, signed in as the same account.
    const cookies = (await context.cookies()).filter((cookie) => cookie.name !== 'lang')
    for (const language of ['en', 'ar'] as const) {
      const reader = await newVisitor(browser, { language, viewport: phone })
      await reader.context.addCookies(cookies)
      for (const [name, viewport] of [
        ['phone', phone],
        ['desktop', desktop],
      ] as const) {
        await reader.page.setViewportSize(viewport)
        await reader.page.goto(orderUrl)
        await reader.page.getByRole('region', { name: /11:00/ }).waitFor()
        if (shots)
          await reader.page.screenshot({ path: `${shots}/order-${language}-${name}.png`, fullPage: true })
        await reader.page.goto(`${orderUrl}/receipt`)
        await reader.page.locator('[data-credit-note]').first().waitFor()
        if (shots)
          await reader.page.screenshot({ path: `${shots}/receipt-${language}-${name}.png`, fullPage: true })
      }
      await reader.context.close()
    }
    await context.close()
  })

  it('checkout shows until when a waiting list offer holds its places', { timeout: 120_000 }, async () => {
    const heldUntil = new Date(Date.now() + 25 * 60_000).toISOString()
    for (const language of ['en', 'ar'] as const) {
      const { page, context } = await newVisitor(browser, { language, viewport: phone })
      await withCart(context, [{ ...family, id: 'held-line', time: '12:00', quantity: 2 }])
      // The quote as the server answers it with a standing offer (waitlist-join-mail.test.ts checks that).
      await page.route('**/api/checkout/quote', async (route) => {
        const response = await route.fetch()
        await route.fulfill({ response, json: { ...(await response.json()), heldUntil } })
      })
      for (const [name, viewport] of [
        ['phone', phone],
        ['desktop', desktop],
      ] as const) {
        await page.setViewportSize(viewport)
        await page.goto('/checkout')
        await page.getByRole('status', { name: /(held for you|محجوزة لك)/ }).waitFor()
        if (shots)
          await page.screenshot({ path: `${shots}/checkout-${language}-${name}.png`, fullPage: true })
      }
      await context.close()
    }
  })
})
