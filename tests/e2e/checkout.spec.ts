import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, formatDisplayDate, todayInBahrain } from '../../src/shared/bahrain-time.ts'
import type { CartItem } from '../../src/shared/cart.ts'
import { signedUpAndIn } from './support/accounts.ts'
import { expectAccessible, launchBrowser, newVisitor, phone } from './support/browser.ts'
import { waitForMail } from './support/mailbox.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

// A Sunday to Thursday a week or two ahead: the weekday price, every slot still open.
function nextWeekday(): string {
  let date = addDays(todayInBahrain(), 7)
  while ([5, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay())) date = addDays(date, 1)
  return date
}
const visitDate = nextWeekday()

function cartLine(overrides: Partial<CartItem> = {}): CartItem {
  return {
    id: `manama-marina-hotel-${Math.random().toString(36).slice(2)}`,
    gymId: 'manama-marina-hotel',
    passId: 'manama-marina-hotel-gym',
    gymName: 'Manama Marina Hotel',
    passName: 'Gym Day Pass - Gym access, lockers and towels',
    passPrice: 'BD 10.000',
    date: visitDate,
    time: '10:00',
    location: 'Manama',
    payAtVenueOnly: false,
    quantity: 1,
    ...overrides,
  }
}

/** Puts lines in the visitor's cart as the booking dialog would (or as someone editing localStorage would). */
async function withCart(context: BrowserContext, items: CartItem[]) {
  await context.addInitScript((cart) => {
    if (!sessionStorage.getItem('cart-seeded')) {
      localStorage.setItem('cart', cart)
      sessionStorage.setItem('cart-seeded', '1')
    }
  }, JSON.stringify(items))
}

async function cartCount(page: Page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]').length as number)
}

describe('checkout', () => {
  it('signed in, paying at the venue: booked, e-mailed and listed in My Bookings', async () => {
    const email = `maryam-${Date.now()}@example.bh`
    const { page, context } = await newVisitor(browser)
    await signedUpAndIn(page, email, 'Maryam')
    await withCart(context, [cartLine({ time: '11:00' })])

    await page.goto('/cart')
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click()
    await page.getByRole('heading', { name: 'Checkout' }).waitFor()
    await page.getByText('Manama Marina Hotel').first().waitFor()
    await expectAccessible(page)
    await page.getByRole('radio', { name: /Pay at Venue/ }).check()
    await page.getByRole('button', { name: 'Confirm Booking' }).click()
    await page.getByRole('heading', { name: 'Booking Confirmed' }).waitFor()

    // The cart empties as the order is placed, on the order's own page; My Bookings lists the visit.
    await expect.poll(() => cartCount(page)).toBe(0)
    await page.waitForURL((url) => url.pathname.startsWith('/bookings/orders/'), { timeout: 10_000 })
    await page.getByRole('link', { name: 'Go to My Bookings' }).click()
    await page.waitForURL((url) => url.pathname === '/bookings')
    const upcoming = page.getByRole('region', { name: /Upcoming Bookings/ })
    const visit = upcoming.getByRole('article').first()
    await visit.getByText('Manama Marina Hotel').waitFor()
    await visit.getByText(formatDisplayDate(visitDate)).waitFor()
    await visit.getByText('Pay at Venue').waitFor()
    const reference = (await visit.getByText(/^DP-[2-9A-Z]{4}-[2-9A-Z]{4}$/).textContent()) ?? ''

    // The ticket, full screen: its QR code drawn, the reference to read out, and ID to bring.
    await visit.getByRole('button', { name: 'Show ticket' }).click()
    const ticket = page.getByRole('dialog')
    const qr = ticket.getByRole('img', { name: `Ticket QR code for booking ${reference}` })
    await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0)
    await ticket.getByText(/government ID/).waitFor()
    await expectAccessible(page)
    await ticket.getByRole('button', { name: 'Close' }).click()
    await ticket.waitFor({ state: 'detached' })

    const mail = await waitForMail(email, /^Booking Confirmation - Manama Marina Hotel$/)
    for (const detail of ['Gym Day Pass', 'BD 10.000', formatDisplayDate(visitDate), '11:00', 'Pay at Venue'])
      expect(mail.text).toContain(detail)
    await context.close()
  })

  it('as a guest in Arabic on a phone: the e-mailed code, the review page, submit, and the booking’s page with its ticket', async () => {
    const email = `guest-${Date.now()}@example.bh`
    const { page, context } = await newVisitor(browser, { language: 'ar', viewport: phone })
    await withCart(context, [cartLine({ time: '12:00' })])
    await page.goto('/checkout')
    await page.getByRole('heading', { name: 'إتمام الطلب' }).waitFor()

    await page.getByLabel('الاسم الأول').fill('Fatima')
    await page.getByLabel('اسم العائلة').fill('Al Sayed')
    await page.getByLabel(/^البريد الإلكتروني/).fill(email)
    const send = page.getByRole('button', { name: 'إرسال رمز التحقق إلى البريد الإلكتروني' })
    await page.getByLabel('تأكيد البريد الإلكتروني').fill(`x${email}`)
    await page.getByText('عنوانا البريد الإلكتروني غير متطابقين').waitFor()
    expect(await send.isDisabled()).toBe(true)
    await page.getByLabel('تأكيد البريد الإلكتروني').fill(email)
    await page.getByLabel('رقم الهاتف المحمول').fill('+97333123456')
    await send.click()

    const mail = await waitForMail(email, /رمز التحقق/)
    const code = mail.text?.match(/\b\d{6}\b/)?.[0] ?? ''
    expect(code).toMatch(/^\d{6}$/)
    await page.getByLabel('أدخل رمز التحقق').fill(code)
    await page.getByRole('button', { name: 'تحقّق', exact: true }).click()
    await page.getByText('تم التحقق من البريد الإلكتروني').waitFor()
    await expectAccessible(page)

    await page.getByRole('radio', { name: /الدفع في المنشأة/ }).check()
    await page.getByRole('button', { name: 'تأكيد الحجز' }).click()
    await page.waitForURL('**/review-booking')
    await page.getByText(email).first().waitFor()
    await expectAccessible(page)
    await page.getByRole('button', { name: 'إرسال تأكيد الحجز' }).click()
    await page.getByRole('heading', { name: 'تم تأكيد الحجز' }).waitFor()
    await expect.poll(() => cartCount(page)).toBe(0)
    // The guest is taken to their booking's page, the one their mail links to, with the ticket.
    await page.waitForURL((url) => url.pathname.startsWith('/booking/'), { timeout: 10_000 })
    await page.getByRole('heading', { name: 'طلبك' }).waitFor()
    const qr = page.getByRole('img', { name: /رمز QR لتذكرة الحجز DP-/ })
    await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0)
    await expectAccessible(page)
    const confirmation = await waitForMail(email, /^تأكيد الحجز - /)
    expect(confirmation.text).toContain(new URL(page.url()).pathname)
    await context.close()
  })

  it('Pay Now in test mode books as paid, at the server’s price whatever the stored cart says', async () => {
    const email = `khalid-${Date.now()}@example.bh`
    const { page, context } = await newVisitor(browser)
    await signedUpAndIn(page, email, 'Khalid')
    // Someone edited the stored cart to pay one fils.
    await withCart(context, [cartLine({ time: '13:00', passPrice: 'BD 0.001' })])
    await page.goto('/checkout')
    await page.getByRole('heading', { name: 'Checkout' }).waitFor()
    await page.getByRole('radio', { name: /Pay Now with Card/ }).check()
    await page.getByRole('button', { name: 'Pay Now' }).click()
    await page.getByText('Test payment, no money moves').waitFor()
    const pay = page.getByRole('button', { name: 'Pay BD 10.000 (test)' })
    await pay.click()
    await page.getByRole('heading', { name: 'Booking Confirmed' }).waitFor()
    await page.waitForURL((url) => url.pathname.startsWith('/bookings/orders/'), { timeout: 10_000 })
    await page.getByRole('link', { name: 'Go to My Bookings' }).click()
    const upcoming = page.getByRole('region', { name: /Upcoming Bookings/ })
    await upcoming.getByText('BD 10.000').waitFor()
    await upcoming.getByText('Paid', { exact: true }).waitFor()

    const mine = await page.request.get('/api/bookings')
    const { bookings } = await mine.json()
    expect(bookings).toHaveLength(1)
    expect(bookings[0]).toMatchObject({ paymentStatus: 'paid', priceFils: 10000, time: '13:00' })
    await context.close()
  })
})
