import { randomUUID } from 'node:crypto'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { todayInBahrain } from '../../src/shared/bahrain-time.ts'
import { decodeQrPng } from '../support/qr.ts'
import { baseURL, desktop, expectAccessible, launchBrowser, newVisitor, phone } from './support/browser.ts'
import { linkIn, waitForMail } from './support/mailbox.ts'

let browser: Browser
/** The first hour of today the venue still sells (none late at night). */
let slot: string | undefined
const venue = 'juffair-grand-suites'

beforeAll(async () => {
  browser = await launchBrowser()
  const day = await fetch(`${baseURL()}/api/gyms/${venue}/availability?date=${todayInBahrain()}`)
  const { slots } = (await day.json()) as { slots: { time: string; status: string }[] }
  slot = slots.find((candidate) => candidate.status === 'open')?.time
})
afterAll(() => browser?.close())

const post = (page: Page, url: string, data: object, headers: Record<string, string> = {}) =>
  page.request.post(url, { headers: { origin: baseURL(), ...headers }, data })

/**
 * A guest books today's visit and pays by card (the labelled test mode): the desk checks it in by
 * override below, which counts for a review only when paid through DayPass (docs/decisions/051).
 * The ticket's payload from the confirmation's QR code.
 */
async function guestVisit(page: Page, email: string): Promise<string> {
  expect((await post(page, '/api/guest-verification/send-code', { email })).status()).toBe(202)
  const code = (await waitForMail(email, /code/i)).text?.match(/\b\d{6}\b/)?.[0] ?? ''
  const verified = await post(page, '/api/guest-verification/verify-code', { email, code })
  expect(verified.status(), await verified.text()).toBe(200)
  const order = await post(
    page,
    '/api/checkout/orders',
    {
      items: [
        { gymId: venue, passId: `${venue}-health-club`, date: todayInBahrain(), time: slot, quantity: 1 },
      ],
      paymentMethod: 'card',
      guest: {
        firstName: 'Noor',
        lastName: 'Al Khalifa',
        email,
        mobileNumber: '+97333123456',
        proof: (await verified.json()).proof,
      },
    },
    { 'idempotency-key': `reviews-e2e-${Date.now()}` },
  )
  expect(order.status(), await order.text()).toBe(201)
  const { id } = await order.json()
  const proof = (await verified.json()).proof
  const started = await post(page, `/api/checkout/orders/${id}/payment`, { proof })
  expect(started.status(), await started.text()).toBe(200)
  const { providerOrderId } = await started.json()
  const captured = await post(page, `/api/checkout/orders/${id}/capture`, { providerOrderId, proof })
  expect(captured.status(), await captured.text()).toBe(200)
  const mail = await waitForMail(email, /^Booking Confirmation - /)
  const qr = mail.attachments.find((attachment) => attachment.cid === 'ticket-qr@daypass')
  return decodeQrPng(qr?.content as Buffer) as string
}

describe('verified reviews', () => {
  it('a visitor checked in at the desk gets the review mail, reviews in Arabic on a phone, and sees the review on the venue page', async (test) => {
    if (!slot) return test.skip('the venue sells no more hours today')
    const email = `reviewer-${Date.now()}@example.bh`
    const visitor = await newVisitor(browser)
    const payload = await guestVisit(visitor.page, email)
    await visitor.context.close()

    // The desk checks the visitor in (before the slot's window: anyway).
    const desk = await newVisitor(browser)
    expect((await post(desk.page, '/api/auth/sign-in/email', inject('manager'))).status()).toBe(200)
    const scanned = await post(desk.page, '/api/desk/redeem', {
      venueId: venue,
      text: payload,
      entry: 'keyboard',
      nonce: randomUUID(),
      override: true,
    })
    const answer = await scanned.json()
    expect(answer.status, JSON.stringify(answer)).toBe('ok')
    await desk.context.close()

    // The invitation, in the language the visit was booked in, with the review page's signed link.
    const invite = await waitForMail(email, /^How was your visit to Juffair Grand Suites\?$/)
    const link = linkIn(invite.text, `${baseURL()}/reviews/`)

    // In Arabic at 390 px: four stars and a few words.
    const { page, context } = await newVisitor(browser, { language: 'ar', viewport: phone })
    await page.goto(link)
    await page.getByRole('heading', { level: 1, name: 'قيّم زيارتك' }).waitFor()
    await page.getByRole('button', { name: 'أرسل التقييم' }).click()
    await page.getByText('اختر من نجمة واحدة إلى 5 نجوم.').waitFor()
    await page.getByRole('radio', { name: '4 نجوم' }).check({ force: true })
    await page.getByRole('textbox', { name: 'تقييمك (اختياري)' }).fill('مسبح نظيف وطاقم لطيف')
    await expectAccessible(page)
    await page.screenshot({ path: 'test-results/review-form-ar-390.png' })
    await page.getByRole('button', { name: 'أرسل التقييم' }).click()
    await page.getByRole('heading', { level: 1, name: 'شكراً على تقييمك' }).waitFor()
    // The same link cannot review again.
    const again = await post(page, new URL(link).pathname.replace('/reviews/', '/api/reviews/'), { stars: 1 })
    expect(again.status()).toBe(409)
    await context.close()

    // The venue page shows it, newest first, with the pass and month of the visit.
    const reader = await newVisitor(browser, { viewport: desktop })
    await reader.page.goto(`/gyms/${venue}`)
    const reviews = reader.page.getByRole('region', { name: 'Reviews from visitors' })
    const first = reviews.getByRole('listitem').first()
    await first.getByText('مسبح نظيف وطاقم لطيف').waitFor()
    await first.getByText('Noor').waitFor()
    const month = new Intl.DateTimeFormat('en-GB', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${todayInBahrain()}T00:00:00Z`))
    await first.getByText(new RegExp(`visited in ${month}`)).waitFor()
    await expect.poll(() => first.getByRole('img', { name: 'Rated 4 out of 5' }).count()).toBe(1)
    await expectAccessible(reader.page)
    await reader.page.screenshot({ path: 'test-results/review-on-venue-page.png', fullPage: true })
    await reader.context.close()
  })
})
