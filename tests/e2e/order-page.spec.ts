import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, todayInBahrain } from '../../src/shared/bahrain-time.ts'
import type { CartItem } from '../../src/shared/cart.ts'
import { expectAccessible, launchBrowser, newVisitor, phone } from './support/browser.ts'
import { waitForMail } from './support/mailbox.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

// A date no other browser test books, so its slots' places are this file's alone.
const visitDate = addDays(todayInBahrain(), 26)

/** A family of three on one line, and one more visit later that day. */
async function withFamilyCart(context: BrowserContext) {
  const line = (time: string, quantity: number): CartItem => ({
    id: `manama-marina-hotel-${time}-${Math.random().toString(36).slice(2)}`,
    gymId: 'manama-marina-hotel',
    passId: 'manama-marina-hotel-gym',
    gymName: 'Manama Marina Hotel',
    passName: 'Gym Day Pass - Gym access, lockers and towels, 6am–10pm',
    passPrice: 'BD 10.000',
    date: visitDate,
    time,
    location: 'Manama',
    payAtVenueOnly: false,
    quantity,
  })
  await context.addInitScript(
    (cart) => {
      if (!sessionStorage.getItem('cart-seeded')) {
        localStorage.setItem('cart', cart)
        sessionStorage.setItem('cart-seeded', '1')
      }
    },
    JSON.stringify([line('09:00', 3), line('16:00', 1)]),
  )
}

async function verifiedGuest(page: Page, email: string) {
  await page.getByLabel('First name').fill('Huda')
  await page.getByLabel('Last name').fill('Al Sayed')
  await page.getByLabel(/^Email/).fill(email)
  await page.getByLabel('Confirm email').fill(email)
  await page.getByLabel('Mobile number').fill('+97333123456')
  await page.getByRole('button', { name: 'Send Code to Email' }).click()
  const mail = await waitForMail(email, /code/i)
  await page.getByLabel('Enter code').fill(mail.text?.match(/\b\d{6}\b/)?.[0] ?? '')
  await page.getByRole('button', { name: 'Verify', exact: true }).click()
  await page.getByText('Email verified').waitFor()
}

describe('a guest’s order page', () => {
  it('on a phone: the whole order by party, every ticket’s QR code, all tickets at once, through a reload', async () => {
    const email = `family-${Date.now()}@example.bh`
    const { page, context } = await newVisitor(browser, { viewport: phone })
    await withFamilyCart(context)
    await page.goto('/checkout')
    await verifiedGuest(page, email)
    await page.getByRole('radio', { name: /Pay at Venue/ }).check()
    await page.getByRole('button', { name: 'Confirm Booking' }).click()
    await page.waitForURL('**/review-booking')
    await page.getByRole('button', { name: 'Submit Booking Confirmation' }).click()
    await page.waitForURL((url) => url.pathname.startsWith('/booking/'), { timeout: 10_000 })
    await page.getByRole('heading', { name: 'Booking Confirmed' }).waitFor()

    const party = page.getByRole('region', {
      name: /^Manama Marina Hotel · \w{3} \d{2}\/\d{2} · 09:00 · 3 people$/,
    })
    await party.waitFor()
    const qrs = party.getByRole('img', { name: /^Ticket QR code for booking DP-/ })
    await expect.poll(() => qrs.count()).toBe(3)
    await expect
      .poll(() =>
        qrs.evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth > 0)),
      )
      .toBe(true)
    // The 16:00 visit, booked alone, is on the same page.
    expect(await page.getByRole('article').count()).toBe(4)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width)
    await expectAccessible(page)

    await page.getByRole('button', { name: 'Show all 4 tickets' }).click()
    const all = page.getByRole('dialog', { name: 'All tickets' })
    await expect.poll(() => all.getByRole('img', { name: /Ticket QR code/ }).count()).toBe(4)
    await all.getByRole('button', { name: 'Close' }).click()

    // A reload keeps the order and its confirmation; the cart stays empty.
    await page.reload()
    await page.getByRole('heading', { name: 'Booking Confirmed' }).waitFor()
    await expect.poll(() => page.getByRole('article').count()).toBe(4)
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]').length)).toBe(0)
    await context.close()
  })
})
