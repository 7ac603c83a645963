import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, formatDisplayDate, todayInBahrain } from '../../src/shared/bahrain-time.ts'
import { launchBrowser, newVisitor, phone } from './support/browser.ts'
import { waitForMail } from './support/mailbox.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const visitDate = addDays(todayInBahrain(), 8)

/** A cart line as the booking dialog saves it in English. */
async function withEnglishCart(context: BrowserContext) {
  const line = {
    id: `manama-marina-hotel-${Date.now()}`,
    gymId: 'manama-marina-hotel',
    passId: 'manama-marina-hotel-gym',
    gymName: 'Manama Marina Hotel',
    passName: 'Gym Day Pass - Gym access, lockers and towels',
    passPrice: 'BD 10.000',
    date: visitDate,
    time: '15:00',
    location: 'Manama',
    payAtVenueOnly: false,
  }
  await context.addInitScript(
    (cart) => {
      if (!localStorage.getItem('cart')) localStorage.setItem('cart', cart)
    },
    JSON.stringify([line]),
  )
}

/** Fills in the guest form and verifies the e-mail with the code from the mail. */
async function verifiedGuest(page: Page, email: string) {
  await page.getByLabel('First name').fill('Noor')
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

describe('what a visitor chose survives Back and reload', () => {
  it('a guest’s Pay at Venue survives Back from the review page, and the verification a reload', async () => {
    const email = `noor-${Date.now()}@example.bh`
    const { page, context } = await newVisitor(browser)
    await withEnglishCart(context)
    await page.goto('/checkout')
    await verifiedGuest(page, email)

    await page.reload()
    await page.getByText('Email verified').waitFor()
    expect(await page.getByLabel('First name').inputValue()).toBe('Noor')
    expect(await page.getByRole('button', { name: 'Send Code to Email' }).count()).toBe(0)

    await page.getByRole('radio', { name: /Pay at Venue/ }).check()
    await page.getByRole('button', { name: 'Confirm Booking' }).click()
    await page.waitForURL('**/review-booking')
    await page.getByRole('heading', { name: 'Review your booking' }).waitFor()
    await page.goBack()
    await page.waitForURL('**/checkout')
    await page.getByText('Email verified').waitFor()
    expect(await page.getByRole('radio', { name: /Pay at Venue/ }).isChecked()).toBe(true)
    expect(await page.getByRole('button', { name: 'Confirm Booking' }).isEnabled()).toBe(true)

    await page.goForward()
    await page.getByRole('heading', { name: 'Review your booking' }).waitFor()
    await page.getByText('Pay at Venue').waitFor()
    await context.close()
  })

  it('a cart line added in English shows Arabic names once the visitor switches to Arabic', async () => {
    const { page, context } = await newVisitor(browser)
    await withEnglishCart(context)
    await page.goto('/cart')
    await page.getByText('Manama Marina Hotel').waitFor()
    await page.getByRole('button', { name: 'Switch to Arabic' }).click()
    await page.getByRole('heading', { name: 'سلة التسوق' }).waitFor()
    await page.getByText('فندق مرسى المنامة').waitFor()
    await page.getByText(/^تذكرة يومية للصالة الرياضية - /).waitFor()
    expect(await page.getByText('Manama Marina Hotel').count()).toBe(0)
    expect(await page.getByText(/Gym Day Pass/).count()).toBe(0)
    await page.getByText(formatDisplayDate(visitDate)).waitFor()
    await context.close()
  })

  it('registering on a phone puts the success message on the screen, focused', async () => {
    const email = `reem-${Date.now()}@example.bh`
    const password = 'Pearl-diving-1932'
    const { page, context } = await newVisitor(browser, { viewport: phone })
    await page.goto('/register')
    await page.getByLabel('First name').fill('Reem')
    await page.getByLabel('Last name').fill('Al Khalifa')
    await page.getByLabel('Birthday').pressSequentially('14021995')
    await page.getByLabel(/^Email/).fill(email)
    await page.getByLabel('Confirm email').fill(email)
    await page.getByLabel('Mobile number').fill('+97333123456')
    await page.getByLabel(/^Password/).fill(password)
    await page.getByLabel('Confirm password').fill(password)
    const submit = page.getByRole('button', { name: 'Create Account' })
    await submit.scrollIntoViewIfNeeded()
    await submit.click()

    const heading = page.getByRole('heading', { name: 'Registration Successful!' })
    await heading.waitFor()
    // The panel takes focus in an effect, which may run just after the heading is painted.
    await expect.poll(() => heading.evaluate((element) => element === document.activeElement)).toBe(true)
    const box = await heading.boundingBox()
    expect(box).not.toBeNull()
    expect(box?.y ?? -1).toBeGreaterThanOrEqual(0)
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(phone.height)
    await context.close()
  })
})
