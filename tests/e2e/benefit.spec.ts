import { readFileSync } from 'node:fs'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, todayInBahrain } from '../../src/shared/bahrain-time.ts'
import type { CartItem } from '../../src/shared/cart.ts'
import { pdfText, withoutSpaces } from '../support/pdf-text.ts'
import { signedUpAndIn } from './support/accounts.ts'
import { baseURL, desktop, expectAccessible, launchBrowser, newVisitor, phone } from './support/browser.ts'
import { withCart } from './support/cart.ts'
import { linkIn, waitForMail } from './support/mailbox.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

// A Sunday to Thursday a week or two ahead: the weekday price, every slot still open.
function nextWeekday(): string {
  let date = addDays(todayInBahrain(), 8)
  while ([5, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay())) date = addDays(date, 1)
  return date
}
const visitDate = nextWeekday()

function cartLine(time: string): CartItem {
  return {
    id: `manama-marina-hotel-${Math.random().toString(36).slice(2)}`,
    gymId: 'manama-marina-hotel',
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
}

describe('paying with BENEFIT (Tap’s test mode)', () => {
  it('a guest in Arabic on a phone pays with BENEFIT through the redirect: paid, and the mail says BENEFIT in BD', async () => {
    const email = `benefit-${Date.now()}@example.bh`
    const { page, context } = await newVisitor(browser, { language: 'ar', viewport: phone })
    await withCart(context, [cartLine('09:00')])
    await page.goto('/checkout')
    await page.getByRole('heading', { name: 'إتمام الطلب' }).waitFor()

    await page.getByLabel('الاسم الأول').fill('Fatima')
    await page.getByLabel('اسم العائلة').fill('Al Sayed')
    await page.getByLabel(/^البريد الإلكتروني/).fill(email)
    await page.getByLabel('تأكيد البريد الإلكتروني').fill(email)
    await page.getByLabel('رقم الهاتف المحمول').fill('+97333123456')
    await page.getByRole('button', { name: 'إرسال رمز التحقق إلى البريد الإلكتروني' }).click()
    const codeMail = await waitForMail(email, /رمز التحقق/)
    await page.getByLabel('أدخل رمز التحقق').fill(codeMail.text?.match(/\b\d{6}\b/)?.[0] ?? '')
    await page.getByRole('button', { name: 'تحقّق', exact: true }).click()
    await page.getByText('تم التحقق من البريد الإلكتروني').waitFor()

    await page.getByRole('radio', { name: /ادفع عبر بنفت/ }).check()
    await page.getByText('دفع تجريبي، لا تُحوَّل أي أموال').first().waitFor()
    await expectAccessible(page)
    await page.screenshot({ path: 'test-results/benefit-checkout-ar-390.png', fullPage: true })
    await page.getByRole('button', { name: /^ادفع .*عبر بنفت$/ }).click()

    // Out to the page standing in for BENEFIT's, labelled as a test, and back.
    await page.waitForURL((url) => url.pathname.startsWith('/checkout/test-payment/'), { timeout: 15_000 })
    await page.getByRole('heading', { name: 'دفع تجريبي، لا تُحوَّل أي أموال' }).waitFor()
    await page.getByText('10.000 د.ب').first().waitFor()
    await expectAccessible(page)
    await page.screenshot({ path: 'test-results/benefit-test-page-ar-390.png', fullPage: true })
    await page.getByRole('button', { name: /^ادفع / }).click()

    // The result page asked the server, which asked the gateway: booked. Its answer is the order's
    // status only: the guest's link to their order is in the mail, never on the result address.
    await page.getByRole('heading', { name: 'تم تأكيد الحجز' }).waitFor({ timeout: 15_000 })
    await page.getByText(/تذاكرك ورابط إدارة حجزك في رسالة البريد الإلكتروني المرسلة إلى/).waitFor()
    await expectAccessible(page)
    await page.screenshot({ path: 'test-results/benefit-paid-guest-ar-390.png', fullPage: true })
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]').length)).toBe(0)

    const confirmation = await waitForMail(email, /^تأكيد الحجز - /)
    expect(confirmation.text).toContain('مدفوع عبر الإنترنت عبر بنفت (BENEFIT)')
    expect(confirmation.text).toContain('إجمالي المدفوع: 10.000 د.ب، عبر بنفت (BENEFIT)')
    expect(confirmation.text).not.toMatch(/USD|\$/)
    await page.goto(linkIn(confirmation.text, `${baseURL()}/booking/`))
    await page.getByRole('heading', { name: 'طلبك' }).waitFor()
    await page.getByText(/دُفع 10\.000 د\.ب عبر بنفت \(BENEFIT\)/).waitFor()
    await expectAccessible(page)
    await page.screenshot({ path: 'test-results/benefit-order-ar-390.png', fullPage: true })
    const token = new URL(page.url()).pathname.split('/').pop() ?? ''
    const managed = await (await page.request.get(`/api/manage/${token}`)).json()
    expect(managed.booking).toMatchObject({ paymentStatus: 'paid', priceFils: 10_000 })
    expect(managed.payment).toEqual({ method: 'benefit', total: 'BD 10.000' })

    // The receipt, from the guest's order page: BENEFIT, in dinars, its PDF in Arabic.
    await page.getByRole('link', { name: 'إيصال', exact: true }).click()
    await page.waitForURL((url) => url.pathname.endsWith('/receipt'))
    const receipt = page.locator('[data-receipt]')
    await receipt.waitFor()
    expect(await receipt.textContent()).toContain('10.000 د.ب')
    expect(await receipt.textContent()).toContain('بنفت')
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'تنزيل PDF' }).click(),
    ])
    const pdf = withoutSpaces((await pdfText(readFileSync(await download.path())))[0] ?? '')
    expect(pdf).toContain(withoutSpaces('طريقة الدفع: بنفت'))
    expect(pdf).toContain(withoutSpaces('الإجمالي: 10.000 د.ب'))
    expect(pdf).not.toMatch(/USD|\$/)
    await context.close()
  })

  it('a declined BENEFIT payment gives the places back, says so plainly, and a retry pays', async () => {
    const { page, context } = await newVisitor(browser, { viewport: desktop })
    await signedUpAndIn(page, `declined-${Date.now()}@example.bh`, 'Hamad')
    await withCart(context, [cartLine('10:00')])
    await page.goto('/checkout')
    await page.getByRole('heading', { name: 'Checkout' }).waitFor()
    await page.getByRole('radio', { name: /Pay with BENEFIT/ }).check()
    await page.getByRole('button', { name: 'Pay BD 10.000 with BENEFIT' }).click()
    await page.waitForURL((url) => url.pathname.startsWith('/checkout/test-payment/'), { timeout: 15_000 })
    await page.getByRole('button', { name: 'Decline' }).click()

    await page.getByRole('heading', { name: 'Payment not completed' }).waitFor()
    await page
      .getByText('BENEFIT declined the payment. Nothing was charged, and your places were released.')
      .waitFor()
    await expectAccessible(page)
    await page.screenshot({ path: 'test-results/benefit-declined-desktop.png', fullPage: true })
    await page.getByRole('link', { name: 'Try again' }).click()

    await page.getByRole('heading', { name: 'Checkout' }).waitFor()
    await page.getByRole('radio', { name: /Card in BD/ }).check()
    await page.getByRole('button', { name: 'Pay BD 10.000 by card' }).click()
    await page.waitForURL((url) => url.pathname.startsWith('/checkout/test-payment/'), { timeout: 15_000 })
    await page.getByRole('button', { name: /^Pay / }).click()
    await page.waitForURL((url) => url.pathname.startsWith('/bookings/orders/'), { timeout: 15_000 })
    await page.getByText('Payment: Card in BD').waitFor()
    const { bookings } = await (await page.request.get('/api/bookings')).json()
    expect(bookings).toHaveLength(1)
    expect(bookings[0]).toMatchObject({ paymentStatus: 'paid', time: '10:00' })
    await context.close()
  })
})
