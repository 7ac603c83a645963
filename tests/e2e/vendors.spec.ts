import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { addDays, formatDisplayDate, todayInBahrain } from '../../src/shared/bahrain-time.ts'
import { vendorApplicationInput } from '../support/vendor-application.ts'
import { signedUpAndIn } from './support/accounts.ts'
import { baseURL, expectAccessible, launchBrowser, newVisitor, phone } from './support/browser.ts'
import { waitForMail } from './support/mailbox.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const venueName = `Amwaj Beach Club ${Date.now()}`
const venueEmail = `amwaj-${Date.now()}@example.bh`
const start = addDays(todayInBahrain(), 14)
const end = addDays(todayInBahrain(), 180)

/** The pass's checkbox in the Day passes section (the Facilities section has a Beach Access too). */
function passBox(page: Page, pass: string) {
  return page.getByRole('region', { name: 'Day passes' }).getByRole('checkbox', { name: pass })
}

async function tickPass(page: Page, pass: string, typed: string) {
  await passBox(page, pass).check()
  const price = page.getByLabel(`Price of ${pass}, in BD`)
  // Typed key by key, so the browser's own input events go through the price filter.
  await price.pressSequentially(typed)
  return price
}

/** The e2e admin's session in this page's browser context. */
async function signInAsAdmin(page: Page) {
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    headers: { origin: baseURL() },
    data: inject('admin'),
  })
  expect(signIn.status()).toBe(200)
}

describe('venue applications', () => {
  it('a venue owner applies with several passes and gets a confirmation e-mail', async () => {
    const { page, context } = await newVisitor(browser)
    await page.goto('/vendors')
    await page.getByRole('heading', { level: 1, name: 'Register Your Venue' }).waitFor()
    await expectAccessible(page)

    await page.getByLabel(/^Venue name in English/).fill(venueName)
    await page.getByLabel(/^Venue name in Arabic/).fill('نادي شاطئ أمواج')
    await page.getByLabel(/^Venue email/).fill(venueEmail)
    await page.getByRole('radio', { name: 'Beach club' }).check()
    await page.getByLabel(/^First name/).fill('Huda')
    await page.getByLabel(/^Last name/).fill('Al Mannai')
    await page.getByLabel(/^Contact phone/).fill('3612 3456')
    const facilities = page.getByRole('group', { name: 'Facilities', exact: true })
    await facilities.getByRole('checkbox', { name: 'Jacuzzi' }).check()
    await facilities.getByRole('checkbox', { name: 'Beach access' }).check()
    await page.getByLabel(/^Anything else the venue offers/).fill('Padel court')

    expect(await page.getByLabel('Price of Pool only, in BD').isDisabled()).toBe(true)
    const poolOnly = await tickPass(page, 'Pool only', '8a.5.009')
    expect(await poolOnly.inputValue()).toBe('8.500')
    await tickPass(page, 'Pool & gym', '15')
    const beach = await tickPass(page, 'Beach access', '30.75')
    // Unticking a pass empties its price; ticking it again starts from nothing.
    await passBox(page, 'Beach access').uncheck()
    expect(await beach.inputValue()).toBe('')
    await tickPass(page, 'Beach access', '20.250')
    await page.getByLabel('Other pass', { exact: true }).fill('Family swim')
    await page.getByLabel('Price of the other pass, in BD').fill('22')
    await page.getByLabel(/^Who the other pass is for/).selectOption('Family')

    await page.getByLabel(/^Start date/).fill(formatDisplayDate(start))
    await page.getByLabel(/^End date/).fill(formatDisplayDate(end))
    await page.getByLabel(/^Start time/).selectOption('06:00')
    await page.getByLabel(/^End time/).selectOption('22:00')
    await page.getByLabel(/^Area/).selectOption({ label: 'Amwaj Islands' })
    await page.getByLabel(/^City/).fill('Muharraq')
    expect(await page.getByLabel(/^Country/).inputValue()).toBe('BH')

    await page.getByRole('button', { name: 'Submit Application' }).click()
    await page.getByRole('heading', { level: 1, name: 'Application received' }).waitFor()
    await page.getByText(`replies to ${venueEmail} to set up your listing`, { exact: false }).waitFor()
    await page.getByRole('link', { name: 'Return to Home' }).waitFor()
    await expectAccessible(page)

    // The typed address gets fixed words and the reference only; the team gets the details.
    const mail = await waitForMail(venueEmail, /We received your application - VA-\d{6}/)
    expect(mail.text).toContain('Thank you for applying')
    expect(mail.text).not.toContain(venueName)
    expect(mail.text).not.toContain('Huda')
    const team = await waitForMail('admin@daypass.bh', new RegExp(`New venue application: ${venueName}`))
    for (const detail of [
      'Huda',
      '+973 3612 3456',
      'Pool only (Pool): BD 8.500',
      'Pool & gym (Fitness): BD 15.000',
      'Beach access (Pool): BD 20.250',
      'Family swim (Family): BD 22.000',
    ])
      expect(team.text).toContain(detail)
    await context.close()
  })

  it('is listed for an admin, opens on its own page with its prices, and is approved into a draft venue', async () => {
    const { page, context } = await newVisitor(browser)
    await signInAsAdmin(page)
    await page.goto('/admin/vendor-applications')
    await page.getByRole('heading', { level: 1, name: 'Venue applications' }).waitFor()
    const open = page.getByRole('link', { name: venueName })
    await open.waitFor()
    await expectAccessible(page)

    await open.click()
    await page.waitForURL(/\/admin\/vendor-applications\/\d+$/)
    await page.getByRole('heading', { level: 1, name: venueName }).waitFor()
    await page.getByText('BD 20.250').waitFor()
    const text = (await page.locator('main').textContent()) ?? ''
    for (const shown of [
      venueEmail,
      'Huda Al Mannai',
      'نادي شاطئ أمواج',
      'Jacuzzi, Beach access, Padel court',
      'Pool only',
      'BD 8.500',
      'BD 15.000',
      'Family swim',
      'BD 22.000',
      formatDisplayDate(start),
      '06:00 - 22:00',
      'Amwaj Islands, Muharraq, Bahrain',
      'Pending',
    ])
      expect(text).toContain(shown)
    await expectAccessible(page)

    await page.getByRole('button', { name: 'Approve' }).click()
    await page.getByRole('status').filter({ hasText: 'Approved. The applicant has been e-mailed' }).waitFor()
    const draft = page.getByRole('link', { name: 'Open the draft venue' })
    expect(await draft.getAttribute('href')).toMatch(/^\/admin\/venues\/amwaj-beach-club-\d+$/)
    await expectAccessible(page)
    const mail = await waitForMail(venueEmail, /Your application is approved - VA-\d{6}/)
    expect(mail.text).toContain('Our team is now preparing your listing')
    await context.close()
  })

  it('is declined on a phone in Arabic with a reason, which the applicant reads in Arabic', async () => {
    const email = `declined-${Date.now()}@example.bh`
    const { page, context } = await newVisitor(browser, { language: 'ar', viewport: phone })
    const applied = await page.request.post('/api/vendor-applications', {
      headers: { origin: baseURL(), cookie: 'lang=ar' },
      data: vendorApplicationInput({ venueNameEn: `نادي البحر ${Date.now()}`, venueEmail: email }),
    })
    expect(applied.status()).toBe(201)
    await signInAsAdmin(page)
    await page.goto(`/admin/vendor-applications/${(await applied.json()).id}`)
    await page.getByRole('button', { name: 'رفض' }).waitFor()
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width)
    await expectAccessible(page)

    await page.getByRole('button', { name: 'رفض' }).click()
    const dialog = page.getByRole('dialog', { name: 'رفض هذا الطلب' })
    await dialog.getByRole('button', { name: 'رفض وإرسال بريد إلى مقدّم الطلب' }).click()
    await dialog.getByText('يرجى ذكر سبب الرفض.').waitFor()
    await expectAccessible(page)
    const reason = 'نقبل حالياً المنشآت التي تضم مسبحاً فقط.'
    await dialog.getByLabel(/سبب الرفض/).fill(reason)
    await dialog.getByRole('button', { name: 'رفض وإرسال بريد إلى مقدّم الطلب' }).click()
    await page.getByRole('status').filter({ hasText: 'تم الرفض' }).waitFor()
    await page.getByText(reason).waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width)
    await expectAccessible(page)

    const mail = await waitForMail(email, /بخصوص طلبك - VA-\d{6}/)
    expect(mail.text).toContain(reason)
    await context.close()
  })

  it('is closed to a plain user: 403 from the API, /unauthorized from the page', async () => {
    const { page, context } = await newVisitor(browser)
    await signedUpAndIn(page, `plain-${Date.now()}@example.bh`)
    const response = await page.request.get('/api/admin/vendor-applications')
    expect(response.status()).toBe(403)
    await page.goto('/admin/vendor-applications')
    await page.waitForURL('**/unauthorized')
    await context.close()
  })

  it('shows the form and its messages in Arabic on a phone, accessibly', async () => {
    const { page, context } = await newVisitor(browser, { language: 'ar', viewport: phone })
    await page.goto('/vendors')
    await page.getByRole('heading', { level: 1, name: 'سجّل منشأتك' }).waitFor()
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl')
    await expectAccessible(page)
    await page.getByRole('button', { name: 'أرسل الطلب' }).click()
    // One name is enough, in either language: both fields ask until one is filled.
    await page.getByText('اسم المنشأة مطلوب').first().waitFor()
    expect(await page.getByText('اسم المنشأة مطلوب').count()).toBe(2)
    await page.getByText('يرجى اختيار نوع المنشأة').waitFor()
    // Nothing spills sideways at 390 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width)
    await expectAccessible(page)
    await context.close()
  })
})
