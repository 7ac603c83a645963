import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, formatDisplayDate, todayInBahrain } from '../../src/shared/bahrain-time.ts'
import type { CartItem } from '../../src/shared/cart.ts'
import { signedUpAndIn } from './support/accounts.ts'
import { desktop, launchBrowser, newVisitor } from './support/browser.ts'
import { waitForMail } from './support/mailbox.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

/** A Friday two weeks or more ahead (weekend price), and the Saturday after it (the same price). */
let friday = addDays(todayInBahrain(), 15)
while (new Date(`${friday}T00:00:00Z`).getUTCDay() !== 5) friday = addDays(friday, 1)
const saturday = addDays(friday, 1)
const venue = 'manama-marina-hotel'

async function withParty(context: BrowserContext) {
  const party: CartItem = {
    id: `${venue}-${Math.random().toString(36).slice(2)}`,
    gymId: venue,
    passId: `${venue}-gym`,
    gymName: 'Manama Marina Hotel',
    passName: 'Gym Day Pass',
    passPrice: 'BD 12.000',
    date: friday,
    time: '16:00',
    location: 'Manama',
    payAtVenueOnly: false,
    quantity: 2,
  }
  await context.addInitScript(
    (cart) => {
      if (!sessionStorage.getItem('cart-seeded')) {
        localStorage.setItem('cart', cart)
        sessionStorage.setItem('cart-seeded', '1')
      }
    },
    JSON.stringify([party]),
  )
}

describe('changing the date', () => {
  it('a signed-in visitor moves their card-paid party from Friday to Saturday from My Bookings', async () => {
    const email = `mover-${Date.now()}@example.bh`
    const { page, context } = await newVisitor(browser, { language: 'en', viewport: desktop })
    await signedUpAndIn(page, email, 'Huda')
    await withParty(context)

    await page.goto('/checkout')
    await page.getByRole('radio', { name: /Pay Now with Card/ }).check()
    await page.getByRole('button', { name: 'Pay Now', exact: true }).click()
    await page.getByRole('button', { name: 'Pay BD 24.000 (test)' }).click()
    await page.getByRole('heading', { name: 'Booking Confirmed' }).waitFor()
    await page.goto('/bookings')

    const upcoming = page.getByRole('region', { name: /Upcoming Bookings/ })
    const first = upcoming.getByRole('article').first()
    await first.getByRole('button', { name: 'Change date' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('textbox', { name: 'New date' }).fill(formatDisplayDate(saturday))
    await page.keyboard.press('Tab')
    await dialog.getByRole('radio', { name: /^10:00/ }).check({ force: true })
    await dialog.getByRole('checkbox', { name: 'Move the whole party (2 people)' }).waitFor()
    await dialog.getByText('The price stays the same.').waitFor()
    await page.screenshot({ path: 'test-results/change-date-dialog.png' })
    await dialog.getByRole('button', { name: 'Confirm new date' }).click()
    await dialog.waitFor({ state: 'detached' })

    // Both people's cards now say Saturday 10:00, with their references as before.
    const moved = upcoming.getByRole('article').filter({ hasText: formatDisplayDate(saturday) })
    await moved.first().waitFor()
    expect(await moved.count()).toBe(2)
    // Nothing is left at Friday 16:00 (Friday's date stays on the cards: free cancellation until then).
    expect(await upcoming.getByRole('article').filter({ hasText: '16:00' }).count()).toBe(0)
    await page.screenshot({ path: 'test-results/change-date-my-bookings.png', fullPage: true })

    const mail = await waitForMail(email, /^New date for your booking - Manama Marina Hotel$/)
    expect(mail.text).toContain(formatDisplayDate(saturday))
    expect(mail.text).toContain('The price stays the same.')
    await context.close()
  })
})
