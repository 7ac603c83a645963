import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, hourInBahrain, todayInBahrain } from '../../src/shared/bahrain-time.ts'
import type { CartItem } from '../../src/shared/cart.ts'
import { signedUpAndIn } from './support/accounts.ts'
import { baseURL, launchBrowser, newVisitor, phone } from './support/browser.ts'
import { linkIn, waitForMail } from './support/mailbox.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

/** A Sunday to Thursday two weeks or more ahead: well within the free cancellation. */
function weekdayAhead(days: number): string {
  let date = addDays(todayInBahrain(), days)
  while ([5, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay())) date = addDays(date, 1)
  return date
}
const visitDate = weekdayAhead(15)
const venue = 'manama-marina-hotel'

function cartLine(time: string): CartItem {
  return {
    id: `${venue}-${Math.random().toString(36).slice(2)}`,
    gymId: venue,
    passId: `${venue}-gym`,
    gymName: 'Manama Marina Hotel',
    passName: 'Gym Day Pass',
    passPrice: 'BD 10.000',
    date: visitDate,
    time,
    location: 'Manama',
    payAtVenueOnly: false,
  }
}

async function withCart(context: BrowserContext, items: CartItem[]) {
  await context.addInitScript((cart) => {
    if (!sessionStorage.getItem('cart-seeded')) {
      localStorage.setItem('cart', cart)
      sessionStorage.setItem('cart-seeded', '1')
    }
  }, JSON.stringify(items))
}

/** Places left in a slot, as the booking dialog reads them. */
async function remaining(page: Page, date: string, time: string): Promise<number> {
  const answer = await page.request.get(`/api/gyms/${venue}/availability?date=${date}`)
  const { slots } = (await answer.json()) as { slots: { time: string; remaining: number }[] }
  return slots.find((slot) => slot.time === time)?.remaining ?? -1
}

const shots = (name: string) => `test-results/cancellation-${name}.png`

describe('cancelling', () => {
  it('a signed-in visitor pays by card for two visits, cancels one from My Bookings and is refunded', async () => {
    const email = `noor-${Date.now()}@example.bh`
    const { page, context } = await newVisitor(browser)
    await signedUpAndIn(page, email, 'Noor')
    await withCart(context, [cartLine('10:00'), cartLine('11:00')])
    const before = await remaining(page, visitDate, '10:00')

    await page.goto('/checkout')
    await page.getByRole('heading', { name: 'Checkout' }).waitFor()
    // The policy before paying, in Bahrain time.
    await page.getByText(/^Free cancellation until \w{3} \d{2}\/\d{2}\/\d{4} 10:00$/).waitFor()
    await page.getByRole('radio', { name: /Pay Now with Card/ }).check()
    await page.getByRole('button', { name: 'Pay Now' }).click()
    await page.getByRole('button', { name: 'Pay BD 20.000 (test)' }).click()
    await page.getByRole('heading', { name: 'Booking Confirmed' }).waitFor()
    await page.waitForURL((url) => url.pathname === '/bookings', { timeout: 10_000 })
    expect(await remaining(page, visitDate, '10:00')).toBe(before - 1)
    // The confirmation states the policy too.
    const confirmation = await waitForMail(email, /^Booking Confirmation - Manama Marina Hotel$/)
    expect(confirmation.text).toMatch(/Free cancellation until \w{3} \d{2}\/\d{2}\/\d{4} (10|11):00/)

    const upcoming = page.getByRole('region', { name: /Upcoming Bookings/ })
    const visit = upcoming.getByRole('article').filter({ hasText: '10:00' })
    await visit.getByRole('button', { name: 'Cancel booking' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByText('BD 10.000 will be refunded to your card.').waitFor()
    await page.screenshot({ path: shots('dialog-en') })
    await dialog.getByRole('button', { name: 'Cancel this visit' }).click()
    await visit.getByText('Refunded BD 10.000').waitFor()
    await upcoming
      .getByRole('article')
      .filter({ hasText: '11:00' })
      .getByRole('button', { name: 'Cancel booking' })
      .waitFor()
    await page.screenshot({ path: shots('my-bookings-en'), fullPage: true })

    const mail = await waitForMail(email, /^Booking cancelled - Manama Marina Hotel$/)
    expect(mail.text).toContain('BD 10.000 goes back to the card')
    // Its place is back on sale.
    expect(await remaining(page, visitDate, '10:00')).toBe(before)
    await context.close()
  })

  it('a guest cancels through the link in their mail, in Arabic on a phone', async () => {
    const email = `guest-cancel-${Date.now()}@example.bh`
    const { page, context } = await newVisitor(browser, { language: 'ar', viewport: phone })
    await page.goto('/')
    const headers = { origin: baseURL() }
    await page.request.post('/api/guest-verification/send-code', { data: { email, language: 'ar' }, headers })
    const codeMail = await waitForMail(email, /رمز التحقق/)
    const code = codeMail.text?.match(/\b\d{6}\b/)?.[0] ?? ''
    const verified = await page.request.post('/api/guest-verification/verify-code', {
      data: { email, code },
      headers,
    })
    const { proof } = await verified.json()
    const order = await page.request.post('/api/checkout/orders', {
      headers: { ...headers, 'idempotency-key': `e2e-cancel-${Date.now()}` },
      data: {
        items: [{ gymId: venue, passId: `${venue}-gym`, date: visitDate, time: '12:00' }],
        paymentMethod: 'venue',
        language: 'ar',
        guest: { firstName: 'Fatima', lastName: 'Al Sayed', email, mobileNumber: '+97333123456', proof },
      },
    })
    expect(order.status(), await order.text()).toBe(201)

    const confirmation = await waitForMail(email, /^تأكيد الحجز/)
    const link = linkIn(confirmation.text, `${baseURL()}/booking/`)
    await page.goto(new URL(link).pathname)
    await page.getByText(/^إلغاء مجاني حتى/).waitFor()
    await page.getByRole('button', { name: 'إلغاء الحجز' }).click()
    await page.getByRole('dialog').getByText('لا شيء لدفعه: كان الدفع لهذه الزيارة في المنشأة.').waitFor()
    await page.screenshot({ path: shots('dialog-ar') })
    await page.getByRole('dialog').getByRole('button', { name: 'إلغاء هذه الزيارة' }).click()
    await page.getByText('ملغى', { exact: true }).waitFor()
    await page.screenshot({ path: shots('guest-ar'), fullPage: true })
    await waitForMail(email, /^تم إلغاء الحجز/)
    await context.close()
  })

  it('a visit 2 hours away is non-refundable and has no cancel button', async () => {
    const hour = hourInBahrain() + 2
    // The venue sells 08:00 to 19:00: outside that there is no such visit to book today.
    if (hour < 8 || hour > 19) return
    const time = `${String(hour).padStart(2, '0')}:00`
    const email = `late-${Date.now()}@example.bh`
    const { page, context } = await newVisitor(browser, { language: 'ar', viewport: phone })
    await signedUpAndIn(page, email, 'Ali')
    const order = await page.request.post('/api/checkout/orders', {
      headers: { origin: baseURL(), 'idempotency-key': `e2e-late-${Date.now()}` },
      data: {
        items: [{ gymId: venue, passId: `${venue}-gym`, date: todayInBahrain(), time }],
        paymentMethod: 'venue',
        language: 'ar',
      },
    })
    expect(order.status(), await order.text()).toBe(201)
    await page.goto('/bookings')
    const visit = page.getByRole('article').filter({ hasText: time })
    await visit.getByText('غير قابل للاسترداد').waitFor()
    expect(await visit.getByRole('button', { name: 'إلغاء الحجز' }).count()).toBe(0)
    await page.screenshot({ path: shots('late-ar'), fullPage: true })
    await context.close()
  })
})
