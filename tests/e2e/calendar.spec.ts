import { readFile } from 'node:fs/promises'
import ICAL from 'ical.js'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { addDays, todayInBahrain } from '../../src/shared/bahrain-time.ts'
import type { CartItem } from '../../src/shared/cart.ts'
import type { AdminVenueDetail } from '../../src/shared/venue-admin.ts'
import { unchangedDetails } from '../support/venue-admin.ts'
import { signedUpAndIn } from './support/accounts.ts'
import { baseURL, desktop, expectAccessible, launchBrowser, newVisitor, phone } from './support/browser.ts'
import { mailsTo, waitForMail } from './support/mailbox.ts'

/** No other spec books this venue; this one gives it a position on the map. */
const venue = 'juffair-grand-suites'
const position = { latitude: 26.2172, longitude: 50.6056 }
const directionsUrl = `https://www.google.com/maps/dir/?api=1&destination=${position.latitude},${position.longitude}`

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
  // The team sets the venue's position, as the venue editor does.
  const { page, context } = await newVisitor(browser)
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    headers: { origin: baseURL() },
    data: inject('admin'),
  })
  expect(signIn.status()).toBe(200)
  const editor: AdminVenueDetail = await (await page.request.get(`/api/admin/venues/${venue}`)).json()
  const saved = await page.request.patch(`/api/admin/venues/${venue}`, {
    headers: { origin: baseURL() },
    data: {
      ...unchangedDetails(editor),
      latitude: String(position.latitude),
      longitude: String(position.longitude),
    },
  })
  expect(saved.status(), await saved.text()).toBe(200)
  await context.close()
})
afterAll(() => browser?.close())

// A Sunday to Thursday a week or two ahead, as checkout's spec books.
function nextWeekday(): string {
  let date = addDays(todayInBahrain(), 8)
  while ([5, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay())) date = addDays(date, 1)
  return date
}
const visitDate = nextWeekday()

function cartLine(time: string): CartItem {
  return {
    id: `${venue}-${Math.random().toString(36).slice(2)}`,
    gymId: venue,
    passId: 'juffair-grand-suites-health-club',
    gymName: 'Juffair Grand Suites',
    passName: 'Health Club Day Pass',
    passPrice: 'BD 12.000',
    date: visitDate,
    time,
    location: 'Juffair, Manama',
    payAtVenueOnly: false,
    quantity: 1,
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

/** Screenshots for a person to look at, when SHOTS_DIR is set. */
async function shoot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true })
}

/** Clicks "Add to calendar" and reads the downloaded file with an iCalendar parser. */
async function downloadCalendar(page: Page, scope: ReturnType<Page['locator']> | Page, name: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    scope.getByRole('link', { name }).click(),
  ])
  const text = await readFile((await download.path()) ?? '', 'utf8')
  const calendar = new ICAL.Component(ICAL.parse(text))
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent') ?? undefined)
  return {
    fileName: download.suggestedFilename(),
    method: calendar.getFirstPropertyValue('method'),
    start: event.startDate.toJSDate().toISOString(),
    summary: event.summary,
    description: event.description,
    uid: event.uid,
  }
}

/** The visit's hour in Bahrain (UTC+3) as UTC. */
const startsAt = (time: string) => new Date(`${visitDate}T${time}:00+03:00`).toISOString()

describe('the confirmation that stays', () => {
  it('in English on a desktop: each visit’s ticket, reference, directions and calendar file; and the ticket view’s', async () => {
    const email = `noor-${Date.now()}@example.bh`
    const { page, context } = await newVisitor(browser, { viewport: desktop })
    await signedUpAndIn(page, email, 'Noor')
    await withCart(context, [cartLine('10:00'), cartLine('15:00')])
    await page.goto('/checkout')
    await page.getByRole('heading', { name: 'Checkout' }).waitFor()
    await page.getByRole('radio', { name: /Pay at Venue/ }).check()
    await page.getByRole('button', { name: 'Confirm Booking' }).click()
    await page.getByRole('heading', { name: 'Booking Confirmed' }).waitFor()
    await page.waitForURL((url) => url.pathname.startsWith('/bookings/orders/'))

    const visits = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('img', { name: /Ticket QR code/ }) })
    await expect.poll(() => visits.count()).toBe(2)
    const first = visits.first()
    const reference = (await first.getAttribute('data-reference')) ?? ''
    expect(reference).toMatch(/^DP-[2-9A-Z]{4}-[2-9A-Z]{4}$/)
    await first.getByText(reference, { exact: true }).waitFor()
    const qr = first.getByRole('img', { name: `Ticket QR code for booking ${reference}` })
    await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0)
    await first.getByText('Juffair, Manama').waitFor()
    expect(await first.getByRole('link', { name: 'Directions' }).getAttribute('href')).toBe(directionsUrl)

    const file = await downloadCalendar(page, first, 'Add to calendar')
    expect(file).toMatchObject({
      fileName: `daypass-${reference}.ics`,
      method: 'PUBLISH',
      start: startsAt('10:00'),
      summary: 'Juffair Grand Suites: day pass',
    })
    expect(file.description).toContain(reference)
    await expectAccessible(page)
    await shoot(page, 'confirmation-en-1280')

    // The same file from the ticket in My Bookings.
    await page.getByRole('link', { name: 'Go to My Bookings' }).click()
    await page.waitForURL((url) => url.pathname === '/bookings')
    const card = page.getByRole('article').filter({ hasText: reference })
    await card.getByRole('button', { name: 'Show ticket' }).click()
    const ticket = page.getByRole('dialog')
    expect(await ticket.getByRole('link', { name: 'Directions' }).getAttribute('href')).toBe(directionsUrl)
    const again = await downloadCalendar(page, ticket, 'Add to calendar')
    expect(again.uid).toBe(file.uid)
    expect(again.start).toBe(file.start)
    await expectAccessible(page)

    // The order's one confirmation: its calendar file is named after the order's first ticket.
    const fileName = `daypass-${reference}.ics`
    const attachedTo = async () =>
      (await mailsTo(email, /^Booking Confirmation - Juffair Grand Suites$/))
        .flatMap((mail) => mail.attachments)
        .find((attachment) => attachment.filename === fileName)
    await expect
      .poll(async () => (await attachedTo())?.contentType, { timeout: 20_000 })
      .toBe('text/calendar')
    await context.close()
  })

  it('in Arabic on a phone, as a guest: the ticket, directions and calendar file, then the booking’s page has them too', async () => {
    const email = `guest-calendar-${Date.now()}@example.bh`
    const { page, context } = await newVisitor(browser, { language: 'ar', viewport: phone })
    await withCart(context, [cartLine('11:00')])
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
    await page.getByRole('radio', { name: /الدفع في المنشأة/ }).check()
    await page.getByRole('button', { name: 'تأكيد الحجز' }).click()
    await page.waitForURL('**/review-booking')
    await page.getByRole('button', { name: 'إرسال تأكيد الحجز' }).click()
    await page.getByRole('heading', { name: 'تم تأكيد الحجز' }).waitFor()
    // The confirmation is the guest's order page, the one their mail links to.
    await page.waitForURL((url) => url.pathname.startsWith('/booking/'))
    await page.getByRole('heading', { name: 'طلبك' }).waitFor()

    const visit = page
      .getByRole('article')
      .filter({ has: page.getByRole('img', { name: /رمز QR لتذكرة الحجز/ }) })
    const reference = (await visit.getAttribute('data-reference')) ?? ''
    expect(reference).toMatch(/^DP-/)
    const qr = visit.getByRole('img', { name: `رمز QR لتذكرة الحجز ${reference}` })
    await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0)
    await visit.getByRole('button', { name: 'اعرض التذكرة' }).click()
    const ticket = page.getByRole('dialog')
    await ticket.getByText('الجفير، المنامة').waitFor()
    expect(await ticket.getByRole('link', { name: 'الاتجاهات' }).getAttribute('href')).toBe(directionsUrl)
    const file = await downloadCalendar(page, ticket, 'أضف إلى التقويم')
    expect(file.start).toBe(startsAt('11:00'))
    expect(file.summary).toBe('جفير جراند سويتس: تذكرة يومية')
    await expectAccessible(page)
    await ticket.getByRole('button', { name: 'إغلاق' }).click()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width)
    await shoot(page, 'booking-page-ar-390')
    await context.close()
  })
})
