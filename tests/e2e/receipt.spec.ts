import { mkdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, todayInBahrain } from '../../src/shared/bahrain-time.ts'
import type { CartItem } from '../../src/shared/cart.ts'
import { pdfText, withoutSpaces } from '../support/pdf-text.ts'
import { signedUpAndIn } from './support/accounts.ts'
import { desktop, expectAccessible, launchBrowser, newVisitor, phone } from './support/browser.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

/** Screenshots to look at: 390 px in Arabic, desktop in English. */
const shots = join(tmpdir(), 'receipt-e2e')
mkdirSync(shots, { recursive: true })

// A weekday a few weeks ahead no other browser test books: the weekday price, every slot open.
function visitDate(): string {
  let date = addDays(todayInBahrain(), 29)
  while ([5, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay())) date = addDays(date, 1)
  return date
}

async function withCart(context: BrowserContext, time: string) {
  const line: CartItem = {
    id: `manama-marina-hotel-${Math.random().toString(36).slice(2)}`,
    gymId: 'manama-marina-hotel',
    passId: 'manama-marina-hotel-gym',
    gymName: 'Manama Marina Hotel',
    passName: 'Gym Day Pass - Gym access, lockers and towels',
    passPrice: 'BD 10.000',
    date: visitDate(),
    time,
    location: 'Manama',
    payAtVenueOnly: false,
    quantity: 2,
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

const words = {
  en: {
    payByCard: /Pay Now with Card/,
    payNow: 'Pay Now',
    testPay: 'Pay BD 20.000 (test)',
    receipt: 'Receipt',
    title: 'Your receipt',
    download: 'Download PDF',
  },
  ar: {
    payByCard: /ادفع الآن بالبطاقة/,
    payNow: 'ادفع الآن',
    testPay: 'ادفع 20.000 د.ب (تجريبي)',
    receipt: 'إيصال',
    title: 'إيصالك',
    download: 'تنزيل PDF',
  },
}

/** Pays a party of two by test card, opens the receipt from the order page, and downloads its PDF. */
async function payAndDownload(page: Page, context: BrowserContext, language: 'en' | 'ar', time: string) {
  const text = words[language]
  await signedUpAndIn(page, `receipt-${language}-${Date.now()}@example.bh`, 'Noor')
  await withCart(context, time)
  await page.goto('/checkout')
  await page.getByRole('radio', { name: text.payByCard }).check()
  await page.getByRole('button', { name: text.payNow, exact: true }).click()
  await page.getByRole('button', { name: text.testPay }).click()
  await page.waitForURL((url) => url.pathname.startsWith('/bookings/orders/'), { timeout: 10_000 })
  await page.getByRole('link', { name: text.receipt, exact: true }).click()
  await page.waitForURL((url) => url.pathname.endsWith('/receipt'))
  await page.getByRole('heading', { name: text.title }).waitFor()
  await page
    .getByRole('region', { name: language === 'ar' ? 'فندق مرسى المنامة' : 'Manama Marina Hotel' })
    .waitFor()
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: text.download }).click(),
  ])
  const path = await download.path()
  return readFileSync(path)
}

describe('a receipt', () => {
  it('on a desktop in English: paid by test card, opened from the order page, downloaded as a PDF', async () => {
    const { page, context } = await newVisitor(browser, { viewport: desktop })
    const pdf = await payAndDownload(page, context, 'en', '15:00')
    const receipt = page.locator('[data-receipt]')
    expect(await receipt.textContent()).toContain('BD 20.000')
    expect(await receipt.textContent()).toContain('Card (PayPal)')
    await page.screenshot({ path: join(shots, 'receipt-desktop-en.png'), fullPage: true })
    await expectAccessible(page)
    const [text = ''] = await pdfText(pdf)
    expect(text).toContain('Manama Marina Hotel')
    expect(text).toContain('Total: BD 20.000')
    expect(text).toContain('Payment method: Card (PayPal)')
    expect(text).toMatch(/Receipt number: R-\d{6}/)
    await context.close()
  })

  it('on a phone in Arabic: the page reads right to left, and the PDF is in Arabic', async () => {
    const { page, context } = await newVisitor(browser, { viewport: phone, language: 'ar' })
    const pdf = await payAndDownload(page, context, 'ar', '16:00')
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width)
    await page.screenshot({ path: join(shots, 'receipt-phone-ar.png'), fullPage: true })
    await expectAccessible(page)
    const [text = ''] = await pdfText(pdf)
    const flat = withoutSpaces(text)
    expect(flat).toContain(withoutSpaces('الإجمالي: 20.000 د.ب'))
    expect(flat).toContain(withoutSpaces('طريقة الدفع: بطاقة عبر PayPal'))
    expect(flat).toContain(withoutSpaces('رقم الإيصال: R-'))
    await context.close()
  })
})
