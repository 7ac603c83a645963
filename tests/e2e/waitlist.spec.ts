import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { addDays, formatDisplayDate, todayInBahrain } from '../../src/shared/bahrain-time.ts'
import { signedUpAndIn } from './support/accounts.ts'
import { baseURL, desktop, expectAccessible, launchBrowser, newVisitor } from './support/browser.ts'
import { linkIn, waitForMail } from './support/mailbox.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const venue = 'seef-towers-residences'
const pass = `${venue}-gym`
/** A day the other browser tests leave alone, with two places a slot. */
const visitDate = addDays(todayInBahrain(), 11)
const post = (page: Page, url: string, data: object, headers: Record<string, string> = {}) =>
  page.request.post(url, { headers: { origin: baseURL(), ...headers }, data })

/** A guest books both places of `time` through the API, paying at the venue; their manage link comes back. */
async function guestTakesTheSlot(page: Page, time: string): Promise<string> {
  const email = `full-slot-${Date.now()}@example.bh`
  expect((await post(page, '/api/guest-verification/send-code', { email })).status()).toBe(202)
  const code = (await waitForMail(email, /code/i)).text?.match(/\b\d{6}\b/)?.[0] ?? ''
  const verified = await post(page, '/api/guest-verification/verify-code', { email, code })
  expect(verified.status(), await verified.text()).toBe(200)
  const order = await post(
    page,
    '/api/checkout/orders',
    {
      items: [{ gymId: venue, passId: pass, date: visitDate, time, quantity: 2 }],
      paymentMethod: 'venue',
      guest: {
        firstName: 'Hessa',
        lastName: 'Al Mannai',
        email,
        mobileNumber: '+97333123456',
        proof: (await verified.json()).proof,
      },
    },
    { 'idempotency-key': `waitlist-e2e-${Date.now()}` },
  )
  expect(order.status(), await order.text()).toBe(201)
  return (await order.json()).bookings[0].manageToken
}

/**
 * The day at two places a slot; another guest takes both places of `time`; a signed-in visitor finds
 * it full and joins the list in the booking dialog; the other guest cancels, and the visitor gets the
 * offer by mail. Returns the visitor's page and the offer's link.
 */
async function offeredByMail(time: string, name: string) {
  const admin = await newVisitor(browser)
  expect((await post(admin.page, '/api/auth/sign-in/email', inject('admin'))).status()).toBe(200)
  const exception = await admin.page.request.put(`/api/admin/venues/${venue}/exceptions/${visitDate}`, {
    headers: { origin: baseURL() },
    data: { closedAllDay: false, closedHours: [], capacity: 2 },
  })
  expect(exception.status(), await exception.text()).toBe(200)
  await admin.context.close()
  const other = await newVisitor(browser)
  const othersLink = await guestTakesTheSlot(other.page, time)

  // The visitor finds the time full and asks to be told.
  const email = `waiting-${Date.now()}@example.bh`
  const { page, context } = await newVisitor(browser, { viewport: desktop })
  await signedUpAndIn(page, email, name)
  await page.goto(`/gyms/${venue}`)
  await page.getByRole('main').getByRole('button').filter({ hasText: 'BD' }).first().click()
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('textbox', { name: 'Date' }).fill(formatDisplayDate(visitDate))
  await page.keyboard.press('Tab')
  await dialog.getByRole('radio', { name: new RegExp(`^${time}`) }).check({ force: true })
  await dialog.getByText('This time is full').waitFor()
  await dialog.getByRole('button', { name: 'Tell me if places free up' }).click()
  await dialog.getByText('You are on the list; we will e-mail you.').waitFor()
  await page.screenshot({ path: `test-results/waitlist-joined-${time.replace(':', '')}.png` })
  await page.keyboard.press('Escape')

  // The other visitor cancels: their two places are offered to the one waiting, by mail.
  const cancelled = await post(other.page, `/api/manage/${othersLink}/cancel`, { scope: 'order' })
  expect(cancelled.status(), await cancelled.text()).toBe(200)
  await other.context.close()
  const offer = await waitForMail(email, /^Places free at Seef Towers Residences/)
  return { page, context, link: linkIn(offer.text, `${baseURL()}/waitlist/`) }
}

/** The visitor's bookings at `time` on the day. */
async function bookingsAt(page: Page, time: string) {
  const mine = await (await page.request.get('/api/bookings')).json()
  return mine.bookings.filter(
    (booking: { gymId: string; date: string; time: string }) =>
      booking.gymId === venue && booking.date === visitDate && booking.time === time,
  )
}

describe('the waiting list', () => {
  it('a visitor joins the list for a full slot; another cancels; the first gets the offer by mail and books through it', async () => {
    const { page, context, link } = await offeredByMail('10:00', 'Mariam')
    await page.goto(link)
    await page.getByText('Places held for you').waitFor()
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Book these places' }).click()
    await page.waitForURL('**/checkout')
    await page.getByRole('radio', { name: /Pay at Venue/ }).check()
    await page.getByRole('button', { name: 'Confirm Booking' }).click()
    await page.waitForURL((url) => url.pathname.startsWith('/bookings/orders/'), { timeout: 10_000 })
    await page.getByRole('heading', { name: 'Booking Confirmed' }).waitFor()

    // The held place is theirs; the request says booked.
    await page.goto(link)
    await page.getByText('Booked', { exact: true }).waitFor()
    expect(await bookingsAt(page, '10:00')).toHaveLength(1)
    await context.close()
  })

  it('a declined BENEFIT payment leaves the offer holding its places, and a retry books them', async () => {
    const { page, context, link } = await offeredByMail('11:00', 'Noora')
    await page.goto(link)
    await page.getByRole('button', { name: 'Book these places' }).click()
    await page.waitForURL('**/checkout')
    await page.getByRole('radio', { name: /Pay with BENEFIT/ }).check()
    await page.getByRole('button', { name: /with BENEFIT$/ }).click()
    await page.waitForURL((url) => url.pathname.startsWith('/checkout/test-payment/'), { timeout: 15_000 })
    await page.getByRole('button', { name: 'Decline' }).click()

    await page.getByRole('heading', { name: 'Payment not completed' }).waitFor()
    await page.getByText(/The places of your waiting list offer are held for you again/).waitFor()
    await page.screenshot({ path: 'test-results/waitlist-offer-declined.png', fullPage: true })
    // The request stands again, so the slot is still full for anyone else.
    const request = await page.request.get(`/api/waitlist/${link.split('/waitlist/')[1]}`)
    expect((await request.json()).status).toBe('offered')

    await page.getByRole('link', { name: 'Try again' }).click()
    await page.getByRole('heading', { name: 'Checkout' }).waitFor()
    await page.getByRole('radio', { name: /Pay with BENEFIT/ }).check()
    await page.getByRole('button', { name: /with BENEFIT$/ }).click()
    await page.waitForURL((url) => url.pathname.startsWith('/checkout/test-payment/'), { timeout: 15_000 })
    await page.getByRole('button', { name: /^Pay / }).click()
    await page.waitForURL((url) => url.pathname.startsWith('/bookings/orders/'), { timeout: 15_000 })
    await page.goto(link)
    await page.getByText('Booked', { exact: true }).waitFor()
    expect(await bookingsAt(page, '11:00')).toMatchObject([{ paymentStatus: 'paid' }])
    await context.close()
  })
})
