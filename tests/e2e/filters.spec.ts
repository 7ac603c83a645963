import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, formatDisplayDate, todayInBahrain } from '../../src/shared/bahrain-time.ts'
import { baseURL, launchBrowser, newVisitor, nextVisitorAddress, phone } from './support/browser.ts'

/** Finding a pass with the /gyms filters (docs/catalog.md, "Finding a pass"). */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const tomorrow = addDays(todayInBahrain(), 1)
const seefTowers = { en: 'Seef Towers Residences', ar: 'مساكن أبراج السيف' }

describe('filters on /gyms', () => {
  it('in Arabic on a phone: pools in Seef open tomorrow at 07:00, by price, and the first one booked', async () => {
    const { page, context } = await newVisitor(browser, { language: 'ar', viewport: phone })
    await page.goto('/gyms')
    const form = page.getByRole('form', { name: 'التصفية' })
    // On a phone the filters fold under one line, so the venues start on the first screen.
    expect(await form.getByRole('combobox', { name: 'المنطقة' }).isVisible()).toBe(false)
    expect((await page.getByRole('article').first().boundingBox())?.y).toBeLessThan(phone.height)
    await form.locator('summary').click()
    await form.getByRole('combobox', { name: 'المنطقة' }).selectOption({ label: 'السيف' })
    await form.getByRole('checkbox', { name: 'مسبح', exact: true }).check()
    await form.getByLabel('التاريخ').fill(tomorrow)
    await form.getByRole('combobox', { name: 'مفتوح الساعة' }).selectOption('7')
    await form.getByRole('combobox', { name: 'الترتيب حسب' }).selectOption('price')
    await form.getByRole('button', { name: 'اعرض الأماكن' }).click()
    await page.waitForURL(
      (url) =>
        url.searchParams.get('area') === 'seef' &&
        url.searchParams.get('facility') === 'pool' &&
        url.searchParams.get('date') === tomorrow &&
        url.searchParams.get('hour') === '7' &&
        url.searchParams.get('sort') === 'price',
    )
    const cards = page.getByRole('article')
    await cards.first().getByRole('heading', { name: seefTowers.ar }).waitFor()
    expect(await cards.count()).toBe(1)
    const first = cards.first()
    expect(await first.getByTestId('next-slot').textContent()).toContain('07:00')
    expect(await first.getByTestId('from-price').textContent()).toContain('د.ب')

    // The booking dialog opens at the date and time the filters asked for.
    await first.getByRole('button').filter({ hasText: 'د.ب' }).first().click()
    await first.getByRole('button', { name: 'أضف إلى السلة' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.waitFor()
    await dialog.getByRole('radio', { checked: true }).waitFor()
    expect(await dialog.getByRole('radio', { checked: true }).getAttribute('value')).toBe('07:00')
    await dialog.getByRole('button', { name: 'أكّد وأضف إلى السلة' }).click()
    await dialog.waitFor({ state: 'detached' })
    const added = page.getByRole('status').filter({ hasText: 'أُضيف إلى السلة:' })
    expect(await added.textContent()).toContain(formatDisplayDate(tomorrow))
    expect(await added.textContent()).toContain('07:00')
    expect(await page.getByTestId('cart-badge').first().textContent()).toBe('1')

    // Back returns to the list before the filters.
    await page.goBack()
    await page.waitForURL((url) => url.search === '')
    expect(await page.getByRole('article').count()).toBeGreaterThan(1)
    await context.close()
  })

  it('without JavaScript, the same filters render the right venues, and the form still filters', async () => {
    const context = await browser.newContext({
      baseURL: baseURL(),
      javaScriptEnabled: false,
      locale: 'en-GB',
      extraHTTPHeaders: { 'x-forwarded-for': nextVisitorAddress() },
    })
    const page = await context.newPage()
    await page.goto(`/gyms?area=seef&facility=pool&date=${tomorrow}&hour=7&sort=price`)
    const names = async () => page.locator('article h2').allTextContents()
    expect(await names()).toEqual([seefTowers.en])
    expect(await page.getByTestId('next-slot').first().textContent()).toMatch(/^Next: 07:00, \d+ places$/)

    // A plain GET form: the server reads the empty fields as no filter.
    await page.goto('/gyms')
    expect((await names()).length).toBeGreaterThan(1)
    const form = page.getByRole('form', { name: 'Filters' })
    await form.getByRole('combobox', { name: 'Area' }).selectOption('Seef')
    await form.getByRole('checkbox', { name: 'Pool', exact: true }).check()
    await form.getByLabel('Date').fill(tomorrow)
    await form.getByRole('combobox', { name: 'Open at' }).selectOption('7')
    await form.getByRole('button', { name: 'Show venues' }).click()
    await page.waitForURL((url) => url.searchParams.get('hour') === '7')
    expect(await names()).toEqual([seefTowers.en])

    // A clear is a plain link too.
    await page.getByRole('link', { name: 'Remove: Open at 07:00' }).click()
    await page.waitForURL((url) => !url.searchParams.has('hour'))
    // Without the hour, Seef's Coming Soon hotel with a pool is listed too, after the bookable one.
    expect(await names()).toEqual([seefTowers.en, 'Grand Swiss-Belhotel Waterfront'])
    await context.close()
  })
})
