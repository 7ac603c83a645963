import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, formatDisplayDate, todayInBahrain } from '../../src/shared/bahrain-time.ts'
import { expectAccessible, launchBrowser, newVisitor, phone } from './support/browser.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const texts = {
  en: {
    search: 'Manama Marina',
    venue: 'Manama Marina Hotel',
    addToCart: 'Add to Cart',
    /** How a price reads, so a pass's button can be told from the page's other buttons. */
    currency: 'BD',
    confirm: 'Confirm & Add to Cart',
    added: 'Added to cart:',
    remove: /^Remove /,
    empty: 'Your cart is empty.',
    cart: /Shopping Cart/,
  },
  ar: {
    search: 'مرسى المنامة',
    venue: 'فندق مرسى المنامة',
    addToCart: 'أضف إلى السلة',
    currency: 'د.ب',
    confirm: 'أكّد وأضف إلى السلة',
    added: 'أُضيف إلى السلة:',
    remove: /^إزالة /,
    empty: 'سلتك فارغة.',
    cart: /سلة التسوق/,
  },
}

async function bookByKeyboard(page: Page, t: (typeof texts)['en']) {
  const firstPass = page.getByRole('main').getByRole('button').filter({ hasText: t.currency }).first()
  await firstPass.focus()
  await page.keyboard.press('Space')
  expect(await firstPass.getAttribute('aria-pressed')).toBe('true')
  // A second press keeps the pass chosen.
  await page.keyboard.press('Space')
  expect(await firstPass.getAttribute('aria-pressed')).toBe('true')

  const addToCart = page.getByRole('button', { name: t.addToCart })
  await addToCart.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog')
  await dialog.waitFor()

  // Tomorrow in Bahrain: every slot of the day is still ahead.
  const date = addDays(todayInBahrain(), 1)
  await page.keyboard.type(formatDisplayDate(date))
  const firstSlot = dialog.getByRole('radio').first()
  await firstSlot.waitFor()
  await page.keyboard.press('Tab') // calendar button
  await page.keyboard.press('Tab') // the slot group
  await page.keyboard.press('ArrowRight')
  const chosen = dialog.getByRole('radio', { checked: true })
  await chosen.waitFor()
  const time = await chosen.getAttribute('value')
  const confirm = dialog.getByRole('button', { name: t.confirm })
  expect(await confirm.isEnabled()).toBe(true)
  // Past the people stepper (its − and + and the count) to Confirm, by keyboard only.
  for (let step = 0; step < 6 && !(await confirm.evaluate((el) => el === document.activeElement)); step++)
    await page.keyboard.press('Tab')
  expect(await confirm.evaluate((el) => el === document.activeElement)).toBe(true)
  await page.keyboard.press('Enter')
  await dialog.waitFor({ state: 'detached' })
  return { date, time }
}

for (const language of ['en', 'ar'] as const) {
  describe(`booking a pass (${language === 'en' ? 'English, desktop' : 'Arabic, phone'})`, () => {
    it('searches, opens a venue, books a slot by keyboard, and finds it in the cart after a reload', async () => {
      const t = texts[language]
      const { page, context } = await newVisitor(
        browser,
        language === 'ar' ? { language, viewport: phone } : {},
      )
      await page.goto('/')
      const search = page.getByRole('main').getByRole('search').getByRole('searchbox')
      await search.fill(`  ${t.search}  `)
      await search.press('Enter')
      await page.waitForURL((url) => url.pathname === '/gyms' && url.searchParams.get('search') === t.search)
      await page.getByRole('link', { name: t.venue }).click()
      await page.waitForURL('**/gyms/manama-marina-hotel')
      await page.getByRole('heading', { level: 1, name: t.venue }).waitFor()
      await expectAccessible(page)

      const { date, time } = await bookByKeyboard(page, t)
      const confirmation = page.getByRole('status').filter({ hasText: t.added })
      expect(await confirmation.textContent()).toContain(formatDisplayDate(date))
      expect(await confirmation.textContent()).toContain(time)
      expect(await page.getByTestId('cart-badge').first().textContent()).toBe('1')

      await page.goto('/cart')
      await page.reload()
      const row = page.getByRole('listitem').filter({ hasText: t.venue })
      await row.waitFor()
      expect(await row.textContent()).toContain(formatDisplayDate(date))
      expect(await row.textContent()).toContain(t.currency)
      await expectAccessible(page)
      await row.getByRole('button', { name: t.remove }).click()
      await page.getByText(t.empty).waitFor()
      expect(await page.getByTestId('cart-badge').first().textContent()).toBe('0')
      await context.close()
    })
  })
}

describe('the gyms listing', () => {
  it('shows the empty state for "xyz" and Clear search brings the list back', async () => {
    const { page, context } = await newVisitor(browser)
    await page.goto('/gyms?search=xyz')
    await page.getByText('No gyms found matching your search criteria.').waitFor()
    await page.getByRole('link', { name: 'Clear search' }).click()
    await page.getByRole('article').first().waitFor()
    // Every listed venue: the seed's eight, and any the team published in earlier tests of this run.
    const listed = (await (await page.request.get('/api/gyms')).json()).gyms.length
    expect(listed).toBeGreaterThanOrEqual(8)
    expect(await page.getByRole('article').count()).toBe(listed)
    expect(new URL(page.url()).search).toBe('')
    await page.goBack()
    await page.getByText('No gyms found matching your search criteria.').waitFor()
    await context.close()
  })

  it('greys Coming Soon venues and marks the pay-at-venue-only one', async () => {
    const { page, context } = await newVisitor(browser)
    await page.goto('/gyms')
    const wyndham = page.getByRole('article').filter({ hasText: 'Wyndham Grand - Bahrain Bay' })
    await wyndham.waitFor()
    expect(await wyndham.getByText('Coming Soon').count()).toBeGreaterThan(0)
    const prices = wyndham.getByRole('button').filter({ hasText: 'BD' })
    expect(await prices.count()).toBeGreaterThan(0)
    for (const price of await prices.all()) expect(await price.isDisabled()).toBe(true)
    expect(await wyndham.getByRole('button', { name: 'Add to Cart' }).count()).toBe(0)

    const vida = page.getByRole('article').filter({ hasText: 'Vida Beach Hotel' })
    expect(await vida.getByText('Pay at Venue Only').count()).toBe(1)
    await expectAccessible(page)
    await context.close()
  })

  it('opens the gallery, moves with the arrow keys, and closes with Escape', async () => {
    const { page, context } = await newVisitor(browser)
    await page.goto('/gyms/vida-beach-hotel')
    const opener = page.getByRole('button', { name: /Open the photos of Vida Beach Hotel, photo 1/ })
    await opener.click()
    const gallery = page.getByRole('dialog')
    await gallery.getByText('1 / 4').waitFor()
    await page.keyboard.press('ArrowRight')
    await gallery.getByText('2 / 4').waitFor()
    await page.keyboard.press('ArrowLeft')
    await page.keyboard.press('ArrowLeft')
    await gallery.getByText('4 / 4').waitFor()
    await page.keyboard.press('Escape')
    await gallery.waitFor({ state: 'detached' })
    // Radix hands focus back one task after the dialog has gone, so wait for it rather than race it.
    await expect.poll(() => opener.evaluate((element) => element === document.activeElement)).toBe(true)
    await context.close()
  })
})

describe('the home page', () => {
  it('has the six-slide carousel, and tells a second subscriber the address is taken', async () => {
    const { page, context } = await newVisitor(browser)
    await page.goto('/')
    const carousel = page.getByRole('region', { name: 'Venue highlights' })
    await carousel.waitFor()
    expect(await carousel.getByRole('button', { name: /Go to slide/ }).count()).toBe(6)
    await expectAccessible(page)

    const email = `e2e-${Date.now()}@example.bh`
    for (const attempt of [1, 2]) {
      if (attempt === 2) await page.reload()
      await page.getByLabel('Email address').fill(email)
      await page.getByRole('button', { name: 'Subscribe' }).click()
    }
    await page.getByText('This email is already subscribed').waitFor()
    await context.close()
  })

  it('is accessible in Arabic on a phone', async () => {
    const { page, context } = await newVisitor(browser, { language: 'ar', viewport: phone })
    await page.goto('/')
    await page.getByRole('region', { name: 'أبرز المنشآت' }).waitFor()
    await expectAccessible(page)
    await context.close()
  })
})
