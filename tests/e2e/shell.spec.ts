import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  consoleErrors,
  desktop,
  expectAccessible,
  launchBrowser,
  newVisitor,
  phone,
} from './support/browser.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const staticPages = [
  { path: '/', heading: /Your day pass to Bahrain's best gyms/, arabicTitle: 'داي باس البحرين' },
  { path: '/about', heading: /About us/, arabicTitle: 'من نحن' },
  { path: '/terms', heading: /Terms and Conditions/, arabicTitle: 'الشروط والأحكام' },
  { path: '/faq', heading: /Frequently Asked Questions/, arabicTitle: 'الأسئلة الشائعة' },
  { path: '/unauthorized', heading: /You don't have access to this page/, arabicTitle: 'وصول مقيّد' },
  { path: '/no-such-page', heading: /Page not found/, arabicTitle: 'الصفحة غير موجودة' },
]

describe('static pages', () => {
  for (const page of staticPages) {
    it(`${page.path} renders in English and Arabic with no serious accessibility problems`, async () => {
      const en = await newVisitor(browser)
      await en.page.goto(page.path)
      await en.page.getByRole('heading', { level: 1, name: page.heading }).waitFor()
      expect(await en.page.locator('html').getAttribute('dir')).toBe('ltr')
      expect(await en.page.title()).toContain('DayPass Bahrain')
      await expectAccessible(en.page)
      expect(consoleErrors(en.page).filter((error) => !error.includes('404'))).toEqual([])
      await en.context.close()

      const ar = await newVisitor(browser, { language: 'ar' })
      await ar.page.goto(page.path)
      await ar.page.locator('h1').waitFor()
      expect(await ar.page.locator('html').getAttribute('dir')).toBe('rtl')
      expect(await ar.page.locator('html').getAttribute('lang')).toBe('ar')
      expect(await ar.page.title()).toContain(page.arabicTitle)
      await expectAccessible(ar.page)
      await ar.context.close()
    })
  }

  it('/terms has the 9 sections', async () => {
    const { page, context } = await newVisitor(browser)
    await page.goto('/terms')
    await page.getByRole('heading', { level: 1, name: 'Terms and Conditions' }).waitFor()
    const titles = await page.locator('article section h2').allTextContents()
    expect(titles.map((title) => title.replace(/^\d+\.\s*/, ''))).toEqual([
      'General terms',
      'Booking and check-in',
      'Payment options',
      'Venue-specific rules',
      'Age restrictions',
      'Cancellations and refunds',
      'Liability',
      'Changes to these terms',
      'Confidentiality',
    ])
    await context.close()
  })

  it('/faq has 12 questions and keeps one open at a time', async () => {
    const { page, context } = await newVisitor(browser)
    await page.goto('/faq')
    const questions = page.locator('main h2 button')
    await questions.first().waitFor()
    expect(await questions.count()).toBe(12)
    await questions.nth(0).click()
    expect(await questions.nth(0).getAttribute('aria-expanded')).toBe('true')
    await questions.nth(4).click()
    expect(await questions.nth(4).getAttribute('aria-expanded')).toBe('true')
    expect(await questions.nth(0).getAttribute('aria-expanded')).toBe('false')
    expect(await page.getByRole('region').count()).toBe(1)
    await page.getByRole('main').getByRole('link', { name: 'Contact us', exact: true }).click()
    await page.waitForURL('**/contact')
    await context.close()
  })

  it('/about links to sign-up with Join', async () => {
    const { page, context } = await newVisitor(browser)
    await page.goto('/about')
    await page.getByRole('link', { name: 'Join', exact: true }).click()
    await page.waitForURL('**/register')
    await context.close()
  })
})

describe('the header and footer', () => {
  it('link to the main sections, and the footer to the static pages', async () => {
    const { page, context } = await newVisitor(browser, { viewport: desktop })
    await page.goto('/')
    const header = page.getByRole('banner')
    await header.getByRole('link', { name: 'Gyms & Classes' }).click()
    await page.waitForURL('**/gyms')
    // Moving inside the app retitles the page (the titles load with the first move).
    await expect.poll(() => page.title()).toBe('Gyms & Classes · DayPass Bahrain')
    await header.getByRole('link', { name: 'Vendors' }).click()
    await page.waitForURL('**/vendors')
    await header.getByRole('link', { name: /Shopping Cart/ }).click()
    await page.waitForURL('**/cart')
    expect(await page.getByTestId('cart-badge').first().textContent()).toBe('0')

    const footer = page.getByRole('contentinfo')
    expect(await footer.textContent()).toContain('admin@daypass.bh')
    expect(await footer.textContent()).toContain('Manama, Bahrain')
    expect(await footer.textContent()).toContain(`© ${new Date().getFullYear()}`)
    for (const [name, path] of [
      ['About Us', '/about'],
      ['Terms & Conditions', '/terms'],
      ['FAQ', '/faq'],
      ['Contact Us', '/contact'],
    ] as const) {
      await footer.getByRole('link', { name }).click()
      await page.waitForURL(`**${path}`)
      expect(new URL(page.url()).pathname).toBe(path)
    }
    await context.close()
  })

  it('switches to Arabic, mirrors the layout, and remembers the choice', async () => {
    const { page, context } = await newVisitor(browser)
    await page.goto('/about')
    await page.getByRole('button', { name: 'Switch to Arabic' }).click()
    await page.getByRole('link', { name: 'النوادي والحصص' }).first().waitFor()
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl')
    expect(await page.locator('html').getAttribute('lang')).toBe('ar')
    expect(await page.getByRole('contentinfo').textContent()).toContain('روابط سريعة')
    expect(await page.locator('h1').textContent()).toBe('من نحن')

    await page.reload()
    await page.locator('h1', { hasText: 'من نحن' }).waitFor()
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl')
    await page.getByRole('button', { name: 'التبديل إلى الإنجليزية' }).click()
    await page.locator('h1', { hasText: 'About us' }).waitFor()
    expect(await page.locator('html').getAttribute('dir')).toBe('ltr')
    await context.close()
  })

  it('has a phone menu that works from the keyboard and closes on navigation', async () => {
    const { page, context } = await newVisitor(browser, { viewport: phone })
    await page.goto('/')
    const toggle = page.getByRole('button', { name: 'Open menu' })
    await toggle.focus()
    await page.keyboard.press('Enter')
    expect(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true')
    await page.keyboard.press('Escape')
    expect(await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false')

    await page.keyboard.press('Enter')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await page.waitForURL('**/gyms')
    expect(await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false')
    await expectAccessible(page)
    await context.close()
  })
})

describe('routes that need a session', () => {
  it('send a signed-out visitor from /bookings to /login', async () => {
    const { page, context } = await newVisitor(browser)
    await page.goto('/bookings')
    await page.waitForURL('**/login')
    expect(new URL(page.url()).pathname).toBe('/login')
    await context.close()
  })
})

describe('the server', () => {
  it('sends the page title and description in the HTML for crawlers and shared links', async () => {
    const { page, context } = await newVisitor(browser)
    const response = await page.request.get('/faq')
    const html = await response.text()
    expect(html).toContain('<title>Frequently asked questions · DayPass Bahrain</title>')
    expect(html).toMatch(/<meta name="description" content="Answers about booking/)
    await context.close()
  })

  it('runs the app under its Content-Security-Policy without violations', async () => {
    const { page, context } = await newVisitor(browser)
    await page.goto('/faq')
    await page.locator('h1').waitFor()
    expect(consoleErrors(page).filter((error) => /Content Security Policy|Refused to/i.test(error))).toEqual(
      [],
    )
    await context.close()
  })

  it('lets an open dialog lock the page behind it, within the policy (the style carries the page nonce)', async () => {
    const { page, context } = await newVisitor(browser, { viewport: phone })
    await page.goto('/gyms/manama-marina-hotel')
    await page.getByRole('main').getByRole('button').filter({ hasText: 'BD' }).first().click()
    await page.getByRole('button', { name: 'Add to Cart' }).click()
    await page.getByRole('dialog').waitFor()
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden')
    expect(consoleErrors(page).filter((error) => /Content Security Policy|Refused to/i.test(error))).toEqual(
      [],
    )
    await context.close()
  })
})
