import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { addDays, formatDisplayDate, todayInBahrain } from '../../src/shared/bahrain-time.ts'
import { baseURL, expectAccessible, launchBrowser, newVisitor, phone } from './support/browser.ts'
import { waitForMail } from './support/mailbox.ts'

const venue = 'vida-beach-hotel'
const today = todayInBahrain()
/** The pool day the family comes on: today if it is a Friday with an hour still sold, else the next. */
let friday = today
/** The hour they come at: 10:00, or today's first still sold. */
let hour = '10:00'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
  const day = await fetch(`${baseURL()}/api/gyms/${venue}/availability?date=${today}`)
  const { slots } = (await day.json()) as { slots: { time: string; status: string }[] }
  const open = slots.find((slot) => slot.status === 'open')?.time
  if (new Date(`${today}T00:00:00Z`).getUTCDay() === 5 && open) hour = open
  else {
    friday = addDays(today, 1)
    while (new Date(`${friday}T00:00:00Z`).getUTCDay() !== 5) friday = addDays(friday, 1)
  }
})
afterAll(() => browser?.close())

/** Chooses a pass, opens the dialog and adds `people` at the slot (the date typed only if asked). */
async function addPass(page: Page, pass: string, people: number, date?: string) {
  await page.getByRole('button', { name: new RegExp(pass) }).click()
  await page.getByRole('button', { name: 'أضف إلى السلة' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.waitFor()
  if (date) {
    await dialog.getByRole('textbox', { name: 'التاريخ' }).fill(formatDisplayDate(date))
    await page.keyboard.press('Tab')
    await dialog.getByRole('radio', { name: new RegExp(`^${hour}`) }).check({ force: true })
  }
  // The second pass opens at the date and time the first was added for.
  await expect.poll(() => dialog.getByRole('radio', { name: new RegExp(`^${hour}`) }).isChecked()).toBe(true)
  for (let more = 1; more < people; more++) await dialog.getByRole('button', { name: 'شخص إضافي' }).click()
  await dialog.getByRole('button', { name: 'أكّد وأضف إلى السلة' }).click()
  await dialog.waitFor({ state: 'detached' })
}

describe('a family’s day at the beach', () => {
  it('a guest in Arabic on a phone books 2 adults and 2 children for Friday, paying at the venue; the desk checks the party in with one tap', async () => {
    const email = `family-${Date.now()}@example.bh`
    const { page, context } = await newVisitor(browser, { language: 'ar', viewport: phone })
    await page.goto(`/gyms/${venue}`)
    await page.getByRole('heading', { level: 1, name: 'فندق فيدا بيتش' }).waitFor()
    await addPass(page, 'تذكرة يومية للشاطئ والمسبح', 2, friday)
    await addPass(page, 'تذكرة يومية للأطفال', 2)

    await page.goto('/cart')
    // Two lines, one per pass, each counting its people.
    const cart = page.getByRole('main')
    await cart.getByText(/^2 × /).first().waitFor()
    expect(await cart.getByText(/^2 × /).count()).toBe(2)
    await page.getByRole('link', { name: 'المتابعة لإتمام الطلب' }).click()
    await page.getByRole('heading', { name: 'إتمام الطلب' }).waitFor()

    await page.getByLabel('الاسم الأول').fill('Noora')
    await page.getByLabel('اسم العائلة').fill('Al Khalifa')
    await page.getByLabel(/^البريد الإلكتروني/).fill(email)
    await page.getByLabel('تأكيد البريد الإلكتروني').fill(email)
    await page.getByLabel('رقم الهاتف المحمول').fill('+973 3612 3456')
    await page.getByRole('button', { name: 'إرسال رمز التحقق إلى البريد الإلكتروني' }).click()
    const code = (await waitForMail(email, /رمز التحقق/)).text?.match(/\b\d{6}\b/)?.[0] ?? ''
    await page.getByLabel('أدخل رمز التحقق').fill(code)
    await page.getByRole('button', { name: 'تحقّق', exact: true }).click()
    await page.getByText('تم التحقق من البريد الإلكتروني').waitFor()
    // The beach club takes payment at the venue only: that is the choice, and cards are off.
    await page.getByText('يتضمن حجزك منشأة لا تقبل الدفع إلا في المنشأة.').waitFor()
    // 2 × 18.000 and 2 × 10.000, summed by the server.
    await page.getByText('56.000 د.ب').first().waitFor()
    await page.getByRole('button', { name: 'تأكيد الحجز' }).click()
    await page.waitForURL('**/review-booking')
    await page.getByRole('button', { name: 'إرسال تأكيد الحجز' }).click()
    await page.getByRole('heading', { name: 'تم تأكيد الحجز' }).waitFor()
    await page.waitForURL((url) => url.pathname.startsWith('/booking/'), { timeout: 10_000 })
    await expectAccessible(page)
    await page.screenshot({ path: 'test-results/family-booking-ar-390.png', fullPage: true })

    // One mail for the order, with the four people's tickets under the party's heading.
    const mail = await waitForMail(email, /^تأكيد الحجز - /)
    const references = [...new Set(mail.text?.match(/DP-[2-9A-Z]{4}-[2-9A-Z]{4}/g) ?? [])]
    expect(references).toHaveLength(4)
    expect(mail.text).toContain('4 أشخاص')
    await context.close()

    // The desk, on a phone: staff assigned to the venue type one reference and see all four.
    const [, staff] = inject('staff') as [unknown, { email: string; password: string }]
    const admin = await newVisitor(browser)
    await signIn(admin.page, inject('admin'))
    const staffList = await (await admin.page.request.get('/api/admin/staff')).json()
    const staffId = staffList.staff.find((member: { email: string }) => member.email === staff.email).id
    const assign = await admin.page.request.put(`/api/admin/staff/${staffId}/venues`, {
      headers: { origin: baseURL() },
      data: { venueIds: [venue] },
    })
    expect(assign.status()).toBe(200)
    await admin.context.close()

    const desk = await newVisitor(browser, { viewport: phone })
    await signIn(desk.page, staff)
    await desk.page.goto('/desk')
    await desk.page.getByRole('heading', { level: 1, name: 'Bookings desk' }).waitFor()
    const field = desk.page.getByRole('textbox', { name: 'Scan or type a reference' })
    await field.fill(references[3] as string)
    await field.press('Enter')
    const party = desk.page.getByRole('region', { name: 'Party of 4' })
    await party.waitFor()
    for (const reference of references) await party.getByText(reference).waitFor()
    // One payment for the party: the sum, with one tap.
    await party.getByText('Collect BD 56.000').waitFor()
    await party.getByRole('button', { name: 'Cash' }).click()
    await party.getByText('BD 56.000 collected').waitFor()
    const day = async () =>
      (await (await desk.page.request.get(`/api/desk/bookings?venue=${venue}&date=${friday}`)).json()).slots
        .flatMap((slot: { bookings: { reference: string; state: string }[] }) => slot.bookings)
        .filter((booking: { reference: string }) => references.includes(booking.reference))
        .map((booking: { state: string }) => booking.state)
    if (friday === today) {
      // On the day: everyone goes in with one tap (one more outside the venue's check-in window).
      await party.getByRole('button', { name: 'Check in all 4' }).click()
      await party
        .getByRole('status')
        .filter({ hasText: /checked in$/ })
        .waitFor()
      const anyway = party.getByRole('button', { name: 'Check in all 4 anyway' })
      if (await anyway.isVisible()) await anyway.click()
      await party.getByText('Everyone is checked in').waitFor()
      expect(await day()).toEqual(['checked_in', 'checked_in', 'checked_in', 'checked_in'])
    } else {
      // Before the day the card says when they come, and offers no check-in the server would refuse.
      await party
        .getByText(`This party comes on ${formatDisplayDate(friday)}: check them in on the day.`)
        .waitFor()
      expect(await party.getByRole('button', { name: /^Check in/ }).count()).toBe(0)
      expect(await day()).toEqual(['to_come', 'to_come', 'to_come', 'to_come'])
    }
    await desk.page.screenshot({ path: 'test-results/family-desk-390.png', fullPage: true })
    await expectAccessible(desk.page)
    await desk.context.close()
  })
})

async function signIn(page: Page, account: { email: string; password: string }) {
  const response = await page.request.post('/api/auth/sign-in/email', {
    headers: { origin: baseURL() },
    data: account,
  })
  expect(response.status(), await response.text()).toBe(200)
}
