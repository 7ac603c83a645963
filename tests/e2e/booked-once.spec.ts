import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, todayInBahrain } from '../../src/shared/bahrain-time.ts'
import type { CartItem } from '../../src/shared/cart.ts'
import { signedUpAndIn } from './support/accounts.ts'
import { launchBrowser, newVisitor } from './support/browser.ts'
import { mailsTo, waitForMail } from './support/mailbox.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

// A date no other browser test books, so the places left in its slots are this file's alone.
const visitDate = addDays(todayInBahrain(), 23)
const gymId = 'manama-marina-hotel'
const confirmationSubject = /^Booking Confirmation - Manama Marina Hotel$/

/** Puts one line in the visitor's cart, once, as the booking dialog would. */
async function withCart(context: BrowserContext, time: string) {
  const line: CartItem = {
    id: `${gymId}-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`,
    gymId,
    passId: 'manama-marina-hotel-gym',
    gymName: 'Manama Marina Hotel',
    passName: 'Gym Day Pass - Gym access, lockers and towels',
    passPrice: 'BD 10.000',
    date: visitDate,
    time,
    location: 'Manama',
    payAtVenueOnly: false,
    quantity: 1,
  }
  await context.addInitScript(
    (cart) => {
      if (!sessionStorage.getItem('cart-seeded')) {
        localStorage.setItem('cart', cart)
        sessionStorage.setItem('cart-seeded', '1')
      }
    },
    JSON.stringify([line]),
  )
}

async function placesLeft(page: Page, time: string): Promise<number> {
  const response = await page.request.get(`/api/gyms/${gymId}/availability?date=${visitDate}`)
  const { slots } = (await response.json()) as { slots: { time: string; remaining: number }[] }
  const slot = slots.find((candidate) => candidate.time === time)
  if (!slot) throw new Error(`No ${time} slot on ${visitDate}`)
  return slot.remaining
}

/** Fills in the guest form and verifies the e-mail with the code from the mail. */
async function verifiedGuest(page: Page, email: string) {
  await page.getByLabel('First name').fill('Huda')
  await page.getByLabel('Last name').fill('Al Sayed')
  await page.getByLabel(/^Email/).fill(email)
  await page.getByLabel('Confirm email').fill(email)
  await page.getByLabel('Mobile number').fill('+97333123456')
  await page.getByRole('button', { name: 'Send Code to Email' }).click()
  const mail = await waitForMail(email, /code/i)
  const code = mail.text?.match(/\b\d{6}\b/)?.[0] ?? ''
  await page.getByLabel('Enter code').fill(code)
  await page.getByRole('button', { name: 'Verify', exact: true }).click()
  await page.getByText('Email verified').waitFor()
}

/** Every button that would place the order, or open the step that does. */
function submitButtons(page: Page) {
  return page.getByRole('button', {
    name: /^(Submit Booking Confirmation|Confirm Booking|Pay Now|Pay BD [\d.]+ \(test\))$/,
  })
}

const confirmed = (page: Page) => page.getByRole('heading', { name: 'Booking Confirmed' })

/** The order's own page, the confirmation on it and a reference. */
async function expectConfirmation(page: Page, orderPage: string) {
  expect(new URL(page.url()).pathname, 'on the order’s page').toBe(orderPage)
  await confirmed(page).waitFor()
  await page
    .getByText(/^DP-[2-9A-Z]{4}-[2-9A-Z]{4}$/)
    .first()
    .waitFor()
}

/**
 * The order's page took the submit step's place in the history: a reload shows the order again,
 * Back finds no live submit button (a visitor who found one would tap it, and so does this test,
 * so that it shows up as a second booking in `bookedOnce`), and Forward shows the order again.
 */
async function reloadBackForward(page: Page, bookedOnce: () => Promise<void>) {
  const orderPage = new URL(page.url()).pathname
  await page.reload()
  await expectConfirmation(page, orderPage)
  await page.goBack()
  await page.waitForLoadState('networkidle')
  const live = await submitButtons(page).all()
  for (const button of live) if (await button.isEnabled()) await button.click()
  if (live.length) await page.waitForTimeout(3000)
  expect(live.length, 'a live submit button after Back').toBe(0)
  await page.goForward()
  await expectConfirmation(page, orderPage)
  await bookedOnce()
}

/** One booking, seen two ways: one confirmation mail, one place taken. */
function bookedOnce(page: Page, email: string, time: string, before: number) {
  return async () => {
    await waitForMail(email, confirmationSubject)
    // The outbox sends every 200 ms here; a second order's mail would be in by now.
    await page.waitForTimeout(1500)
    expect(await mailsTo(email, confirmationSubject), 'confirmation mails').toHaveLength(1)
    expect(await placesLeft(page, time), 'places left').toBe(before - 1)
  }
}

/** An account's My Bookings lists the visit once. */
async function listedOnce(page: Page, time: string) {
  const { bookings } = await (await page.request.get('/api/bookings')).json()
  expect(bookings.filter((booking: { time: string }) => booking.time === time)).toHaveLength(1)
}

describe('a confirmed order is final: its own page survives reload, Back and Forward, and books nothing more', () => {
  it('signed in, paying at the venue', async () => {
    const time = '09:00'
    const email = `once-venue-${Date.now()}@example.bh`
    const { page, context } = await newVisitor(browser)
    await signedUpAndIn(page, email, 'Mariam')
    await withCart(context, time)
    const before = await placesLeft(page, time)
    await page.goto('/checkout')
    await page.getByText('Manama Marina Hotel').first().waitFor()
    await page.getByRole('radio', { name: /Pay at Venue/ }).check()
    await page.getByRole('button', { name: 'Confirm Booking' }).click()
    await page.getByRole('heading', { name: 'Booking Confirmed' }).waitFor()
    await page.waitForURL((url) => url.pathname.startsWith('/bookings/orders/'), { timeout: 10_000 })

    await reloadBackForward(page, bookedOnce(page, email, time, before))
    await listedOnce(page, time)
    await context.close()
  })

  it('signed in, paying by card', async () => {
    const time = '10:00'
    const email = `once-card-${Date.now()}@example.bh`
    const { page, context } = await newVisitor(browser)
    await signedUpAndIn(page, email, 'Ali')
    await withCart(context, time)
    const before = await placesLeft(page, time)
    await page.goto('/checkout')
    await page.getByText('Manama Marina Hotel').first().waitFor()
    await page.getByRole('radio', { name: /Pay Now with Card/ }).check()
    await page.getByRole('button', { name: 'Pay Now' }).click()
    await page.getByRole('button', { name: /^Pay BD [\d.]+ \(test\)$/ }).click()
    await page.getByRole('heading', { name: 'Booking Confirmed' }).waitFor()
    await page.waitForURL((url) => url.pathname.startsWith('/bookings/orders/'), { timeout: 10_000 })

    await reloadBackForward(page, bookedOnce(page, email, time, before))
    await listedOnce(page, time)
    await context.close()
  })

  it('as a guest, paying at the venue from the review page', async () => {
    const time = '11:00'
    const email = `once-guest-venue-${Date.now()}@example.bh`
    const { page, context } = await newVisitor(browser)
    await withCart(context, time)
    const before = await placesLeft(page, time)
    await page.goto('/checkout')
    await verifiedGuest(page, email)
    await page.getByRole('radio', { name: /Pay at Venue/ }).check()
    await page.getByRole('button', { name: 'Confirm Booking' }).click()
    await page.waitForURL('**/review-booking')
    await page.getByRole('button', { name: 'Submit Booking Confirmation' }).click()
    await page.getByRole('heading', { name: 'Booking Confirmed' }).waitFor()
    await page.waitForURL((url) => url.pathname.startsWith('/booking/'), { timeout: 10_000 })

    await reloadBackForward(page, bookedOnce(page, email, time, before))
    await context.close()
  })

  it('as a guest, paying by card', async () => {
    const time = '12:00'
    const email = `once-guest-card-${Date.now()}@example.bh`
    const { page, context } = await newVisitor(browser)
    await withCart(context, time)
    const before = await placesLeft(page, time)
    await page.goto('/checkout')
    await verifiedGuest(page, email)
    await page.getByRole('radio', { name: /Pay Now with Card/ }).check()
    await page.getByRole('button', { name: 'Pay Now' }).click()
    await page.getByRole('button', { name: /^Pay BD [\d.]+ \(test\)$/ }).click()
    await page.getByRole('heading', { name: 'Booking Confirmed' }).waitFor()
    await page.waitForURL((url) => url.pathname.startsWith('/booking/'), { timeout: 10_000 })

    await reloadBackForward(page, bookedOnce(page, email, time, before))
    await context.close()
  })

  it('as a guest with the review page open in two tabs: booking in one turns the other into the confirmation', async () => {
    const time = '13:00'
    const email = `once-two-tabs-${Date.now()}@example.bh`
    const { page, context } = await newVisitor(browser)
    await withCart(context, time)
    const before = await placesLeft(page, time)
    await page.goto('/checkout')
    await verifiedGuest(page, email)
    await page.getByRole('radio', { name: /Pay at Venue/ }).check()
    // A tab opened from this one starts with a copy of its session: the details and the proof.
    const [second] = await Promise.all([
      context.waitForEvent('page'),
      page.evaluate(() => window.open('/checkout')),
    ])
    await second.waitForSelector('html[data-app-ready]', { state: 'attached' })
    for (const tab of [page, second]) {
      await tab.getByText('Email verified').waitFor()
      await tab.getByRole('button', { name: 'Confirm Booking' }).click()
      await tab.waitForURL('**/review-booking')
    }

    await page.getByRole('button', { name: 'Submit Booking Confirmation' }).click()
    await page.getByRole('heading', { name: 'Booking Confirmed' }).waitFor()
    await second.getByRole('heading', { name: 'Booking Confirmed' }).waitFor()
    await second.getByText(/already confirmed/).waitFor()
    expect(await submitButtons(second).count()).toBe(0)
    await second.reload()
    await second.getByRole('heading', { name: 'Booking Confirmed' }).waitFor()
    expect(await submitButtons(second).count()).toBe(0)
    await bookedOnce(page, email, time, before)()
    await context.close()
  })
})
