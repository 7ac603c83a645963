import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { baseURL, consoleErrors, launchBrowser, newVisitor, phone } from './support/browser.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const venue = '/gyms/manama-marina-hotel'

describe('server rendering', () => {
  it('sends the venue list, a venue page and the home page as HTML that reads without JavaScript', async () => {
    for (const language of ['en', 'ar'] as const) {
      const context = await browser.newContext({
        baseURL: baseURL(),
        javaScriptEnabled: false,
        locale: language === 'ar' ? 'ar-BH' : 'en-GB',
      })
      const page = await context.newPage()

      await page.goto('/gyms')
      const name = language === 'en' ? 'Manama Marina Hotel' : 'فندق مرسى المنامة'
      expect(await page.getByRole('heading', { name }).count()).toBe(1)
      // Bahrain's own way of writing the currency in Arabic (ADR 019).
      const price = language === 'en' ? 'BD 14.000' : '14.000 د.ب'
      expect(await page.getByText(price).first().isVisible()).toBe(true)
      expect(await page.locator('html').getAttribute('dir')).toBe(language === 'en' ? 'ltr' : 'rtl')

      await page.goto(venue)
      expect(await page.getByRole('heading', { level: 1, name }).isVisible()).toBe(true)
      expect(
        await page.getByText(language === 'en' ? 'Health Club Day Pass' : 'تذكرة يومية للنادي الصحي').count(),
      ).toBeGreaterThan(0)

      await page.goto('/')
      expect(await page.locator('h1').textContent()).toBe(
        language === 'en'
          ? "Your day pass to Bahrain's best gyms"
          : 'تذكرتك اليومية إلى أفضل النوادي في البحرين',
      )
      await context.close()
    }
  })

  it('hydrates the HTML it sent instead of drawing the page again, and the page then works', async () => {
    const { context, page } = await newVisitor(browser, { viewport: phone })
    // Remember the heading the HTML arrived with, before any of the app's code runs.
    await context.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') {
          ;(window as unknown as { firstHeading: Element | null }).firstHeading = document.querySelector('h1')
        }
      })
    })
    await page.goto('/gyms')
    // The search works only once the app has attached to the page.
    await page.getByRole('searchbox').fill('spa')
    await page.getByRole('button', { name: 'Search' }).click()
    await page.waitForURL('**/gyms?search=spa')
    expect(
      await page.evaluate(() => {
        const first = (window as unknown as { firstHeading: Element | null }).firstHeading
        return first !== null && first === document.querySelector('h1') && first.isConnected
      }),
    ).toBe(true)
    expect(consoleErrors(page)).toEqual([])
    await context.close()
  })

  it('shows the saved cart once the page has hydrated, and keeps it saved', async () => {
    const { context, page } = await newVisitor(browser)
    const item = {
      id: 'manama-marina-hotel-1',
      gymId: 'manama-marina-hotel',
      passId: 'day',
      gymName: 'Manama Marina Hotel',
      passName: 'Health Club Day Pass',
      passPrice: 'BD 14.000',
      date: '2030-01-06',
      time: '10:00',
      location: 'Manama Marina, Manama',
      payAtVenueOnly: false,
    }
    await context.addInitScript(
      (saved) => {
        if (!localStorage.getItem('cart')) localStorage.setItem('cart', saved)
      },
      JSON.stringify([item]),
    )
    await page.goto(venue)
    await expect.poll(() => page.getByTestId('cart-badge').first().textContent()).toBe('1')
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('cart'))) ?? '[]')).toEqual([item])
    expect(consoleErrors(page)).toEqual([])
    await context.close()
  })
})
