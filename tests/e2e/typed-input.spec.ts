import type { Browser, Page } from 'playwright-core'
import { PNG } from 'pngjs'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { addDays, todayInBahrain } from '../../src/shared/bahrain-time.ts'
import type { CartItem } from '../../src/shared/cart.ts'
import type { DeskDay } from '../../src/shared/desk.ts'
import { baseURL, desktop, expectAccessible, launchBrowser, newVisitor, phone } from './support/browser.ts'
import { withCart } from './support/cart.ts'
import { waitForMail } from './support/mailbox.ts'

/**
 * Input as people in Bahrain type it, end to end: a guest books with their mobile number written
 * with its spaces and the e-mailed code in Arabic-Indic digits; the booking keeps the number as
 * E.164 and shows it formatted. The visit is today when the venue still sells an hour today, so the
 * same booking can be taken on to the desk.
 */
let browser: Browser
const venue = 'manama-marina-hotel'
/** Today's first hour still on sale, else a weekday ahead (the desk then sees it on that date). */
let visit: { date: string; time: string }
beforeAll(async () => {
  browser = await launchBrowser()
  const today = todayInBahrain()
  const day = await fetch(`${baseURL()}/api/gyms/${venue}/availability?date=${today}`)
  const { slots } = (await day.json()) as { slots: { time: string; status: string }[] }
  const open = slots.find((slot) => slot.status === 'open')?.time
  let ahead = addDays(today, 7)
  while ([5, 6].includes(new Date(`${ahead}T00:00:00Z`).getUTCDay())) ahead = addDays(ahead, 1)
  visit = open ? { date: today, time: open } : { date: ahead, time: '10:00' }
})
afterAll(() => browser?.close())

function cartLine(): CartItem {
  return {
    id: `${venue}-${Math.random().toString(36).slice(2)}`,
    gymId: venue,
    passId: `${venue}-gym`,
    gymName: 'Manama Marina Hotel',
    passName: 'Gym Day Pass - Gym access, lockers and towels',
    passPrice: 'BD 10.000',
    date: visit.date,
    time: visit.time,
    location: 'Manama',
    payAtVenueOnly: false,
    quantity: 1,
  }
}

/** 0–9 written as Arabic-Indic digits, as a phone set to Arabic types them. */
const arabicIndic = (digits: string) =>
  digits.replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)))

/**
 * Books the cart as a guest paying at the venue, typing `mobile` as given and the e-mailed code in
 * Arabic-Indic digits; checks the review page shows `shown`. Answers the booking's reference.
 */
async function bookAsGuest(page: Page, email: string, mobile: string, shown: string): Promise<string> {
  await page.goto('/checkout')
  await page.getByRole('heading', { name: 'Checkout' }).waitFor()
  await page.getByLabel('First name').fill('Fatima')
  await page.getByLabel('Last name').fill('Al Sayed')
  await page.getByLabel(/^Email/).fill(email)
  await page.getByLabel('Confirm email').fill(email)
  await page.getByLabel('Mobile number').fill(mobile)
  await page.getByRole('button', { name: 'Send Code to Email' }).click()

  const mail = await waitForMail(email, /code/i)
  const code = mail.text?.match(/\b\d{6}\b/)?.[0] ?? ''
  expect(code).toMatch(/^\d{6}$/)
  const codeBox = page.getByLabel('Enter code')
  await codeBox.fill(arabicIndic(code))
  // The box shows the digits as 0–9, and the server takes them.
  expect(await codeBox.inputValue()).toBe(code)
  await page.getByRole('button', { name: 'Verify', exact: true }).click()
  await page.getByText('Email verified').waitFor()

  await page.getByRole('radio', { name: /Pay at Venue/ }).check()
  await page.getByRole('button', { name: 'Confirm Booking' }).click()
  await page.waitForURL('**/review-booking')
  const mobileRow = page.getByRole('definition').filter({ hasText: shown })
  await mobileRow.waitFor()
  expect(await mobileRow.textContent()).toBe(shown)
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Submit Booking Confirmation' }).click()
  await page.waitForURL((url) => url.pathname.startsWith('/booking/'), { timeout: 10_000 })
  await page.getByRole('heading', { name: 'Your order' }).waitFor()
  const reference = await page
    .getByText(/^DP-[2-9A-Z]{4}-[2-9A-Z]{4}$/)
    .first()
    .textContent()
  expect(reference).toMatch(/^DP-/)
  return reference ?? ''
}

/** The desk's list of the visit's day, as the team sees it, searched for `search`. */
async function deskFind(page: Page, search: string): Promise<DeskDay> {
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    headers: { origin: baseURL() },
    data: inject('admin'),
  })
  expect(signIn.status(), await signIn.text()).toBe(200)
  const query = new URLSearchParams({ venue, date: visit.date, search })
  const day = await page.request.get(`/api/desk/bookings?${query}`)
  expect(day.status(), await day.text()).toBe(200)
  return (await day.json()) as DeskDay
}

describe('input as people type it', () => {
  it('a guest books with their mobile typed as “+973 3612 3456”, and is checked in by “dp…” typed at the desk', async () => {
    const email = `typed-${Date.now()}@example.bh`
    const { page, context } = await newVisitor(browser)
    await withCart(context, [cartLine()])
    const reference = await bookAsGuest(page, email, '+973 3612 3456', '+973 3612 3456')

    // The team's desk finds the visit by the number however it is typed, and it is stored as E.164.
    const team = await newVisitor(browser)
    const found = (await deskFind(team.page, '٣٦١٢-٣٤٥٦')).slots.flatMap((slot) => slot.bookings)
    const booking = found.find((candidate) => candidate.reference === reference)
    expect(booking?.mobile).toBe('+97336123456')

    // At the desk the visitor reads the reference out, and staff type it as they hear it.
    if (visit.date === todayInBahrain()) {
      const typed = reference.replaceAll('-', '').toLowerCase()
      await team.page.goto('/desk')
      await team.page.getByRole('heading', { level: 1, name: 'Bookings desk' }).waitFor()
      await team.page.getByLabel('Venue').selectOption(venue)
      const field = team.page.getByRole('textbox', { name: 'Scan or type a reference' })
      await field.fill(typed)
      await field.press('Enter')
      const answer = team.page.locator('[data-status]')
      await answer.first().waitFor()
      if ((await answer.getAttribute('data-status')) === 'too_early') {
        await team.page.getByRole('button', { name: 'Check in anyway' }).click()
        await expect.poll(() => answer.getAttribute('data-status')).not.toBe('too_early')
      }
      expect(await answer.getAttribute('data-status')).toBe('unpaid')
      expect(await answer.textContent()).toContain('Reference only: check ID')
      await team.page.getByRole('button', { name: 'Cash' }).click()
      await expect.poll(() => answer.getAttribute('data-status')).toBe('ok')
      expect(await answer.textContent()).toContain('Fatima Al Sayed')
    }
    await team.context.close()
    await context.close()
  })

  for (const viewport of [phone, desktop])
    it(`a mobile typed in Arabic-Indic digits shows in the order typed, and one digit short says so (Arabic, ${viewport.width} px)`, async () => {
      const { page, context } = await newVisitor(browser, { language: 'ar', viewport })
      await page.goto('/register')
      const mobile = page.getByRole('textbox', { name: 'رقم الهاتف المحمول' })
      // The field's text as drawn (inside its border, which an error colours), as pixels.
      const drawn = async (value: string) => {
        await mobile.fill(value)
        await mobile.evaluate((field: HTMLInputElement) => field.blur())
        const box = await mobile.boundingBox()
        if (!box) throw new Error('the mobile field is not on screen')
        const clip = { x: box.x + 4, y: box.y + 4, width: box.width - 8, height: box.height - 8 }
        return PNG.sync.read(await page.screenshot({ clip })).data
      }
      const distance = (one: Buffer, other: Buffer) =>
        one.reduce((sum, value, index) => sum + Math.abs(value - (other[index] ?? 0)), 0)
      // The same digits forced into the order typed, and into the groups swapped (U+202D … U+202C):
      // what the visitor typed looks like the first.
      const inTypedOrder = await drawn('\u202d٣٦١٢ ٣٤٥٦\u202c')
      const swapped = await drawn('\u202d٣٤٥٦ ٣٦١٢\u202c')
      const typed = await drawn('٣٦١٢ ٣٤٥٦')
      expect(distance(typed, inTypedOrder)).toBeLessThan(distance(typed, swapped) / 100)

      // The hint's number a digit short is too short, not one wanting a country code.
      await mobile.fill('٣٦١٢ ٣٤٥')
      await page.getByText('هذا الرقم قصير: أرقام الهاتف في البحرين من 8 خانات').waitFor()
      await context.close()
    })
})
