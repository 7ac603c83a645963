import { randomUUID } from 'node:crypto'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, todayInBahrain } from '../../src/shared/bahrain-time.ts'
import type { CartItem } from '../../src/shared/cart.ts'
import { signedUpAndIn } from './support/accounts.ts'
import { baseURL, launchBrowser, newVisitor, phone } from './support/browser.ts'
import { waitForMail } from './support/mailbox.ts'

/**
 * Every error path, walked in Arabic: what a visitor reads in an alert or under a field is Arabic.
 * Only e-mail addresses, booking references and digits (08:00, +973…) may be written in Latin.
 */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

// A Sunday to Thursday two to three weeks ahead, clear of the other suites' bookings.
function weekdayAhead(days: number): string {
  let date = addDays(todayInBahrain(), days)
  while ([5, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay())) date = addDays(date, 1)
  return date
}
const visitDate = weekdayAhead(17)

function cartLine(overrides: Partial<CartItem> = {}): CartItem {
  return {
    id: `seef-${Math.random().toString(36).slice(2)}`,
    gymId: 'seef-towers-residences',
    passId: 'seef-towers-residences-gym',
    gymName: 'Seef Towers Residences',
    passName: 'Gym',
    passPrice: 'BD 10.000',
    date: visitDate,
    time: '10:00',
    location: 'Seef',
    payAtVenueOnly: false,
    quantity: 1,
    ...overrides,
  }
}

async function withCart(context: BrowserContext, items: CartItem[]) {
  await context.addInitScript((cart) => {
    if (!sessionStorage.getItem('cart-seeded')) {
      localStorage.setItem('cart', cart)
      sessionStorage.setItem('cart-seeded', '1')
    }
  }, JSON.stringify(items))
}

/** The visible alerts' texts, with what may stay Latin taken out: addresses, references, digits. */
async function alertTexts(page: Page): Promise<string[]> {
  const texts = await page.locator('[role="alert"]:visible').allInnerTexts()
  return texts.map((text) => text.trim()).filter(Boolean)
}

const allowedLatin = [/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, /\bDP-\d+\b/g]

function latinIn(text: string): string | undefined {
  const stripped = allowedLatin.reduce((rest, pattern) => rest.replace(pattern, ''), text)
  return /[A-Za-z]/.test(stripped) ? text : undefined
}

/** Waits for at least `count` alerts, then expects none of them to hold a Latin word. */
async function expectArabicAlerts(page: Page, count = 1): Promise<string[]> {
  await expect
    .poll(async () => (await alertTexts(page)).length, { timeout: 10_000 })
    .toBeGreaterThanOrEqual(count)
  const texts = await alertTexts(page)
  expect(texts.filter(latinIn), texts.join(' | ')).toEqual([])
  return texts
}

describe('errors in Arabic', () => {
  it('guest checkout: every validation, a wrong code, a full slot and a proof that no longer holds', async () => {
    // A full slot, filled for real by three other visitors' bookings of 4 places each: one booking
    // may hold at most 4 places of a slot (the venue's cap), and the slot has 12.
    for (const name of ['Huda', 'Maryam', 'Noor']) {
      const booker = await newVisitor(browser)
      await signedUpAndIn(booker.page, `filler-${name.toLowerCase()}-${Date.now()}@example.bh`, name)
      const filled = await booker.page.request.post('/api/checkout/orders', {
        headers: { origin: baseURL(), 'idempotency-key': randomUUID() },
        data: {
          items: Array.from({ length: 4 }, () => ({
            gymId: 'seef-towers-residences',
            passId: 'seef-towers-residences-gym',
            date: visitDate,
            time: '15:00',
          })),
          paymentMethod: 'venue',
          language: 'en',
        },
      })
      expect(filled.status(), await filled.text()).toBe(201)
      await booker.context.close()
    }

    const full = await newVisitor(browser, { language: 'ar', viewport: phone })
    await withCart(full.context, [cartLine({ time: '15:00' })])
    await full.page.goto('/checkout')
    await full.page.getByRole('heading', { name: 'إتمام الطلب' }).waitFor()
    await full.page.getByText('هذا الموعد ممتلئ. يرجى اختيار وقت آخر.').first().waitFor()
    expect((await alertTexts(full.page)).filter(latinIn)).toEqual([])
    await full.context.close()

    const email = `guest-ar-${Date.now()}@example.bh`
    const { page, context } = await newVisitor(browser, { language: 'ar', viewport: phone })
    await withCart(context, [cartLine({ time: '11:00' })])
    await page.goto('/checkout')
    await page.getByRole('heading', { name: 'إتمام الطلب' }).waitFor()

    // Every guest validation: empty, too short, malformed, mismatched.
    const first = page.getByLabel('الاسم الأول')
    const last = page.getByLabel('اسم العائلة')
    const address = page.getByLabel(/^البريد الإلكتروني/)
    const confirm = page.getByLabel('تأكيد البريد الإلكتروني')
    const mobile = page.getByLabel('رقم الهاتف المحمول')
    for (const [field, value] of [
      [first, 'A'],
      [last, 'x'],
      [address, 'not-an-address'],
      [confirm, 'other@example.bh'],
      [mobile, '12345'],
    ] as const) {
      await field.fill(value)
      await field.blur()
    }
    await expectArabicAlerts(page, 4)
    for (const field of [first, last, address, confirm, mobile]) {
      await field.fill('')
      await field.blur()
    }
    await expectArabicAlerts(page, 4)

    // Booking before the e-mail is verified is refused: the verify-first message.
    await first.fill('Fatima')
    await last.fill('Al Sayed')
    await address.fill(email)
    await confirm.fill(email)
    await mobile.fill('+97333123456')
    await page.getByRole('radio', { name: /الدفع في المنشأة/ }).check()
    const confirmBooking = page.getByRole('button', { name: 'تأكيد الحجز' })
    if (await confirmBooking.isEnabled()) {
      await confirmBooking.click()
      await expectArabicAlerts(page)
    }

    // A wrong code.
    await page.getByRole('button', { name: 'إرسال رمز التحقق إلى البريد الإلكتروني' }).click()
    const mail = await waitForMail(email, /رمز التحقق/)
    const code = mail.text?.match(/\b\d{6}\b/)?.[0] ?? ''
    const wrong = code === '000000' ? '111111' : '000000'
    await page.getByLabel('أدخل رمز التحقق').fill(wrong)
    await page.getByRole('button', { name: 'تحقّق', exact: true }).click()
    await page.getByText('رمز التحقق غير صحيح. يرجى المحاولة مرة أخرى.').waitFor()
    await expectArabicAlerts(page)

    // The right code, then a proof the server no longer accepts (as once it has expired): the
    // order request carries an altered proof, which the server refuses like an expired one.
    await page.getByLabel('أدخل رمز التحقق').fill(code)
    await page.getByRole('button', { name: 'تحقّق', exact: true }).click()
    await page.getByText('تم التحقق من البريد الإلكتروني').waitFor()
    await page.route('**/api/checkout/orders', async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}')
      if (body.guest) body.guest.proof = `${body.guest.proof}x`
      await route.continue({ postData: JSON.stringify(body) })
    })
    await page.getByRole('radio', { name: /الدفع في المنشأة/ }).check()
    await page.getByRole('button', { name: 'تأكيد الحجز' }).click()
    await page.waitForURL('**/review-booking')
    await page.getByRole('button', { name: 'إرسال تأكيد الحجز' }).click()
    await page.getByText('يرجى التحقق من بريدك الإلكتروني برمز التحقق قبل المتابعة').first().waitFor()
    await expectArabicAlerts(page)
    await context.close()
  }, 180_000)

  it('a refused file on the contact form', async () => {
    const { page, context } = await newVisitor(browser, { language: 'ar' })
    await page.goto('/contact')
    await page.getByRole('heading', { name: 'اتصل بنا' }).waitFor()
    await page.getByLabel(/^مرفق/).setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    })
    await page.getByText('يرجى رفع صور فقط أو ملفات بي دي إف.').waitFor()
    await page.getByRole('button', { name: 'أرسل الرسالة' }).click()
    await expectArabicAlerts(page, 2)
    await context.close()
  })

  it('sign-in failures and the registration rules', async () => {
    const { page, context } = await newVisitor(browser, { language: 'ar' })
    await page.goto('/login')
    await page.getByRole('heading', { name: 'تسجيل الدخول' }).waitFor()
    const signIn = page.locator('form').getByRole('button', { name: 'سجّل الدخول' })
    await signIn.click()
    await expectArabicAlerts(page)
    await page.getByLabel('البريد الإلكتروني').fill(`nobody-${Date.now()}@example.bh`)
    await page.getByLabel('كلمة المرور', { exact: true }).fill('Wrong-password-1')
    await signIn.click()
    await page.getByText('البريد الإلكتروني أو كلمة المرور غير صحيحة').waitFor()
    await expectArabicAlerts(page)

    await page.goto('/register')
    await page.getByRole('heading', { name: 'إنشاء حساب' }).waitFor()
    const fill = async (label: RegExp, value: string) => {
      const field = page.getByLabel(label).first()
      await field.fill(value)
      await field.blur()
    }
    await fill(/^الاسم الأول/, 'x')
    await fill(/^الاسم الأول/, '')
    await fill(/^اسم العائلة/, 'x')
    await fill(/^اسم العائلة/, '')
    await fill(/^تاريخ الميلاد/, '31/02/2001')
    await fill(/^البريد الإلكتروني/, 'layla@')
    await fill(/^تأكيد البريد الإلكتروني/, 'layla@example.bh')
    await fill(/^رقم الهاتف المحمول/, '3312')
    await fill(/^كلمة المرور/, 'short')
    await fill(/^تأكيد كلمة المرور/, 'other')
    await expectArabicAlerts(page, 6)
    await fill(/^تاريخ الميلاد/, `01/01/${new Date().getFullYear() - 10}`)
    await fill(/^كلمة المرور/, 'password')
    await expectArabicAlerts(page, 6)
    await context.close()
  })

  it('the vendor form', async () => {
    const { page, context } = await newVisitor(browser, { language: 'ar' })
    await page.goto('/vendors')
    await page.getByRole('heading', { level: 1, name: 'سجّل منشأتك' }).waitFor()
    await page.getByRole('button', { name: 'أرسل الطلب' }).click()
    await expectArabicAlerts(page, 8)
    await page.getByLabel(/^البريد الإلكتروني للمنشأة/).fill('venue@')
    await page.getByLabel(/^البريد الإلكتروني للمنشأة/).blur()
    await expectArabicAlerts(page, 8)
    await context.close()
  })
})
