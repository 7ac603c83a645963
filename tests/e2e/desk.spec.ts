import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import { todayInBahrain } from '../../src/shared/bahrain-time.ts'
import { writeCameraVideo } from '../support/fake-camera.ts'
import { decodeQrPng } from '../support/qr.ts'
import { baseURL, expectAccessible, launchBrowser, newVisitor, phone } from './support/browser.ts'
import { waitForMail } from './support/mailbox.ts'

let browser: Browser
/**
 * The first hour of today the venue still sells: the visit the desk checks in (none late at night).
 * Read again before each test: a run that crosses the hour would otherwise book an hour that has begun.
 */
let slot: string | undefined
beforeAll(async () => {
  browser = await launchBrowser()
})
beforeEach(async () => {
  const day = await fetch(`${baseURL()}/api/gyms/${venue}/availability?date=${todayInBahrain()}`)
  const { slots } = (await day.json()) as { slots: { time: string; status: string }[] }
  slot = slots.find((candidate) => candidate.status === 'open')?.time
})
afterAll(() => browser?.close())

const venue = 'manama-marina-hotel'
const otherVenue = 'seef-towers-residences'

async function signIn(page: Page, account: { email: string; password: string }) {
  const response = await page.request.post('/api/auth/sign-in/email', {
    headers: { origin: baseURL() },
    data: account,
  })
  expect(response.status(), await response.text()).toBe(200)
}

/**
 * A guest books a visit for today, paying at the venue, through the API as the checkout does; the
 * ticket's payload is read from the QR code in the confirmation mail, as a phone would show it.
 */
async function guestTicket(
  page: Page,
  quantity = 1,
): Promise<{ payload: string; qrImage: Buffer; references: string[] }> {
  const email = `desk-guest-${Date.now()}@example.bh`
  const post = (url: string, data: object, headers: Record<string, string> = {}) =>
    page.request.post(url, { headers: { origin: baseURL(), ...headers }, data })
  expect((await post('/api/guest-verification/send-code', { email })).status()).toBe(202)
  const code = (await waitForMail(email, /code/i)).text?.match(/\b\d{6}\b/)?.[0] ?? ''
  const verified = await post('/api/guest-verification/verify-code', { email, code })
  expect(verified.status(), await verified.text()).toBe(200)
  const order = await post(
    '/api/checkout/orders',
    {
      items: [{ gymId: venue, passId: `${venue}-gym`, date: todayInBahrain(), time: slot, quantity }],
      paymentMethod: 'venue',
      guest: {
        firstName: 'Fatima',
        lastName: 'Al Sayed',
        email,
        mobileNumber: '+97333123456',
        proof: (await verified.json()).proof,
      },
    },
    { 'idempotency-key': `desk-e2e-${Date.now()}` },
  )
  expect(order.status(), await order.text()).toBe(201)
  const mail = await waitForMail(email, /^Booking Confirmation - /)
  const qr = mail.attachments.find((attachment) => attachment.cid === 'ticket-qr@daypass')
  expect(qr, 'the confirmation carries the ticket’s QR code').toBeTruthy()
  const payload = decodeQrPng(qr?.content as Buffer)
  expect(payload).toMatch(/^DP-[2-9A-Z]{4}-[2-9A-Z]{4}\.[A-Za-z0-9_-]{43}$/)
  const references = (order.ok() ? (await order.json()).bookings : []).map(
    (booking: { reference: string }) => booking.reference,
  )
  return { payload: payload as string, qrImage: qr?.content as Buffer, references }
}

/** Types the payload as a USB scanner does (its Enter included) and waits for the answer shown. */
async function scan(page: Page, payload: string, label = 'Scan or type a reference') {
  const field = page.getByRole('textbox', { name: label })
  await field.fill(payload)
  await field.press('Enter')
  const answer = page.locator('[data-status]')
  await expect.poll(async () => (await field.inputValue()) === '' && (await answer.count()) > 0).toBe(true)
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'))
  return answer
}

describe('the bookings desk', () => {
  it('staff of the venue scan a pay-at-venue ticket: collect BENEFIT, check in, and a second scan is refused', async (test) => {
    if (!slot) return test.skip('the venue sells no more hours today')
    const [staffA, staffB] = inject('staff') as [
      { email: string; password: string },
      { email: string; password: string },
    ]
    const { page: admin, context: adminContext } = await newVisitor(browser)
    await signIn(admin, inject('admin'))
    // The admin ticks staff A's venue on the staff page; staff B is given the other venue.
    await admin.goto('/admin/staff')
    await admin.getByRole('heading', { level: 1, name: 'Staff and venues' }).waitFor()
    const formA = admin.getByRole('group', { name: /staff-a/ })
    await formA.getByRole('checkbox', { name: 'Manama Marina Hotel' }).check()
    await admin.locator('form', { has: formA }).getByRole('button', { name: 'Save' }).click()
    await admin.getByRole('status').filter({ hasText: 'Saved.' }).waitFor()
    await expectAccessible(admin)
    const staffList = await (await admin.request.get('/api/admin/staff')).json()
    const idOf = (email: string) =>
      staffList.staff.find((member: { email: string }) => member.email === email).id
    const assignB = await admin.request.put(`/api/admin/staff/${idOf(staffB.email)}/venues`, {
      headers: { origin: baseURL() },
      data: { venueIds: [otherVenue] },
    })
    expect(assignB.status()).toBe(200)
    await adminContext.close()

    const visitor = await newVisitor(browser)
    const { payload } = await guestTicket(visitor.page)
    await visitor.context.close()

    // Staff signing in land on the desk.
    const { page, context } = await newVisitor(browser, { viewport: phone })
    await page.goto('/login')
    await page.getByLabel('Email').fill(staffA.email)
    await page.getByLabel(/^Password/).fill(staffA.password)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/desk')
    await page.getByRole('heading', { level: 1, name: 'Bookings desk' }).waitFor()
    await page.getByRole('region', { name: new RegExp(slot ?? '') }).waitFor()
    await expectAccessible(page)

    let answer = await scan(page, payload)
    // Before the slot's check-in opens (more than 30 minutes ahead), the desk checks in anyway.
    if ((await answer.getAttribute('data-status')) === 'too_early') {
      await page.getByRole('button', { name: 'Check in anyway' }).click()
      await expect.poll(() => answer.getAttribute('data-status')).not.toBe('too_early')
    }
    expect(await answer.getAttribute('data-status')).toBe('unpaid')
    expect(await answer.textContent()).toMatch(/Collect BD \d+\.\d{3}/)
    await page.getByRole('button', { name: 'BENEFIT' }).click()
    await expect.poll(() => answer.getAttribute('data-status')).toBe('ok')
    expect(await answer.getAttribute('role')).toBe('status')
    expect(await answer.textContent()).toContain('Fatima Al Sayed')

    answer = await scan(page, payload)
    await expect.poll(() => answer.getAttribute('data-status')).toBe('already_checked_in')
    expect(await answer.getAttribute('role')).toBe('alert')
    await context.close()

    const other = await newVisitor(browser, { language: 'ar', viewport: phone })
    await signIn(other.page, staffB)
    await other.page.goto('/desk')
    await other.page.getByRole('heading', { level: 1, name: 'مكتب الحجوزات' }).waitFor()
    // Staff of another venue learn nothing of this one's tickets: it reads as no ticket at all.
    const refused = await scan(other.page, payload, 'امسح الرمز أو اكتب الرقم المرجعي')
    await expect.poll(() => refused.getAttribute('data-status')).toBe('invalid')
    expect(await refused.textContent()).toContain('تذكرة غير صالحة')
    expect(await refused.textContent()).not.toContain('Fatima')
    await expectAccessible(other.page)
    const day = await other.page.request.get(`/api/desk/bookings?venue=${venue}&date=${todayInBahrain()}`)
    expect(day.status()).toBe(403)
    await other.context.close()
  })

  it('staff check a visitor in by the reference typed as people type it, and are told to check ID', async (test) => {
    if (!slot) return test.skip('the venue sells no more hours today')
    const [staffA] = inject('staff') as [{ email: string; password: string }]
    const { page: admin, context: adminContext } = await newVisitor(browser)
    await signIn(admin, inject('admin'))
    const staffList = await (await admin.request.get('/api/admin/staff')).json()
    const staffId = staffList.staff.find((member: { email: string }) => member.email === staffA.email).id
    const assign = await admin.request.put(`/api/admin/staff/${staffId}/venues`, {
      headers: { origin: baseURL() },
      data: { venueIds: [venue] },
    })
    expect(assign.status()).toBe(200)
    await adminContext.close()

    const visitor = await newVisitor(browser)
    const { payload } = await guestTicket(visitor.page)
    await visitor.context.close()
    // `DP-58J9-Q98F` as a visitor reads it out and staff type it: `dp58j9q98f`.
    const reference = payload.split('.')[0] as string
    const typed = reference.replaceAll('-', '').toLowerCase()

    const { page, context } = await newVisitor(browser, { viewport: phone })
    await signIn(page, staffA)
    await page.goto('/desk')
    await page.getByRole('heading', { level: 1, name: 'Bookings desk' }).waitFor()
    // The day's search finds it typed the same way.
    await page.getByRole('searchbox', { name: 'Search by name, e-mail, mobile or reference' }).fill(typed)
    await page
      .getByRole('region', { name: new RegExp(slot ?? '') })
      .getByText(reference, { exact: true })
      .waitFor()

    const redeemed = page.waitForRequest((request) => request.url().endsWith('/api/desk/redeem'))
    let answer = await scan(page, typed)
    expect((await redeemed).postDataJSON()).toMatchObject({ text: reference, entry: 'keyboard' })
    if ((await answer.getAttribute('data-status')) === 'too_early') {
      await page.getByRole('button', { name: 'Check in anyway' }).click()
      await expect.poll(() => answer.getAttribute('data-status')).not.toBe('too_early')
    }
    expect(await answer.getAttribute('data-status')).toBe('unpaid')
    expect(await answer.textContent()).toContain('Reference only: check ID')
    await page.getByRole('button', { name: 'Cash' }).click()
    await expect.poll(() => answer.getAttribute('data-status')).toBe('ok')
    answer = page.locator('[data-status="ok"]')
    expect(await answer.getAttribute('data-reference-only')).toBe('true')
    expect(await answer.getAttribute('role')).toBe('status')
    expect(await answer.textContent()).toContain('Reference only: check ID')
    expect(await answer.textContent()).toContain('Fatima Al Sayed')
    await expectAccessible(page)
    await context.close()
  })

  it('staff check a ticket in with the device camera, reading the QR code from the mail', async (test) => {
    if (!slot) return test.skip('the venue sells no more hours today')
    const [staffA] = inject('staff') as [{ email: string; password: string }]
    const { page: admin, context: adminContext } = await newVisitor(browser)
    await signIn(admin, inject('admin'))
    const staffList = await (await admin.request.get('/api/admin/staff')).json()
    const staffId = staffList.staff.find((member: { email: string }) => member.email === staffA.email).id
    const assign = await admin.request.put(`/api/admin/staff/${staffId}/venues`, {
      headers: { origin: baseURL() },
      data: { venueIds: [venue] },
    })
    expect(assign.status()).toBe(200)
    await adminContext.close()

    const visitor = await newVisitor(browser)
    const { payload, qrImage } = await guestTicket(visitor.page)
    await visitor.context.close()

    // Chromium's camera plays the mail's QR code, as a visitor holds their phone up to the desk.
    const video = join(await mkdtemp(join(tmpdir(), 'desk-camera-')), 'ticket.y4m')
    await writeCameraVideo(qrImage, video)
    const cameraBrowser = await launchBrowser([
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ])
    try {
      const { page } = await newVisitor(cameraBrowser, { viewport: phone })
      await signIn(page, staffA)
      await page.goto('/desk')
      await page.getByRole('heading', { level: 1, name: 'Bookings desk' }).waitFor()
      const redeemed = page.waitForRequest((request) => request.url().endsWith('/api/desk/redeem'))
      await page.getByRole('button', { name: 'Scan with camera' }).click()
      expect((await redeemed).postDataJSON()).toMatchObject({ text: payload, entry: 'camera' })
      const answer = page.locator('[data-status]')
      await expect
        .poll(() => answer.getAttribute('data-status'), { timeout: 15_000 })
        .toMatch(/^(unpaid|too_early)$/)
      // The camera is released once the code is read.
      await expect.poll(() => page.locator('video').count()).toBe(0)
    } finally {
      await cameraBrowser.close()
    }
  })

  it('a party of three: any ticket shows all three, "Collect" takes the sum once, "Check in all 3" with one tap', async (test) => {
    if (!slot) return test.skip('the venue sells no more hours today')
    const [staffA] = inject('staff') as [{ email: string; password: string }]
    const { page: admin, context: adminContext } = await newVisitor(browser)
    await signIn(admin, inject('admin'))
    const staffList = await (await admin.request.get('/api/admin/staff')).json()
    const staffId = staffList.staff.find((member: { email: string }) => member.email === staffA.email).id
    const assign = await admin.request.put(`/api/admin/staff/${staffId}/venues`, {
      headers: { origin: baseURL() },
      data: { venueIds: [venue] },
    })
    expect(assign.status()).toBe(200)
    await adminContext.close()
    const visitor = await newVisitor(browser)
    const { references } = await guestTicket(visitor.page, 3)
    await visitor.context.close()
    expect(references).toHaveLength(3)

    const { page, context } = await newVisitor(browser, { viewport: phone })
    await signIn(page, staffA)
    await page.goto('/desk')
    await page.getByRole('heading', { level: 1, name: 'Bookings desk' }).waitFor()
    // The third person's reference, typed: the card shows the whole party.
    await scan(page, references[2] as string)
    const party = page.getByRole('region', { name: 'Party of 3' })
    await party.waitFor()
    for (const reference of references) await party.getByText(reference).waitFor()
    const collect = party.getByText(/^Collect BD \d+\.\d{3}$/)
    await collect.waitFor()
    await party.getByRole('button', { name: 'Cash' }).click()
    await party.getByText(/BD \d+\.\d{3} collected/).waitFor()
    expect(await collect.count()).toBe(0)
    // Cash was the wrong button: undone with one tap, the sum is due again, then taken by card.
    await party.getByRole('button', { name: /^Undo collect \(BD \d+\.\d{3}\)$/ }).click()
    await party.getByText(/^Collect of BD \d+\.\d{3} undone/).waitFor()
    await collect.waitFor()
    await page.screenshot({ path: 'test-results/desk-party-undone-390.png', fullPage: true })
    await party.getByRole('button', { name: 'Card' }).click()
    await party.getByText(/BD \d+\.\d{3} collected/).waitFor()
    const checkInAll = party.getByRole('button', { name: 'Check in all 3' })
    // Within the slot's check-in window everyone goes in with one tap; before it, nobody does, and
    // the card offers to check them all in anyway, with one more tap.
    await checkInAll.click()
    await party
      .getByRole('status')
      // "3 checked in", or "0 checked in" and why, before the slot's check-in window opens.
      .filter({ hasText: /\d checked in/ })
      .waitFor()
    const anyway = party.getByRole('button', { name: 'Check in all 3 anyway' })
    if (await anyway.isVisible()) await anyway.click()
    await party.getByText('Everyone is checked in').waitFor()
    const day = await page.request.get(`/api/desk/bookings?venue=${venue}&date=${todayInBahrain()}`)
    const states = (await day.json()).slots
      .flatMap((one: { bookings: { reference: string; state: string }[] }) => one.bookings)
      .filter((booking: { reference: string }) => references.includes(booking.reference))
      .map((booking: { state: string }) => booking.state)
    expect(states).toEqual(['checked_in', 'checked_in', 'checked_in'])
    await expectAccessible(page)
    await context.close()
  })
})
