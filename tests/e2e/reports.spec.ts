import { mkdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'csv-parse/sync'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { addDays, todayInBahrain } from '../../src/shared/bahrain-time.ts'
import { commissionFils, type Report, type Statement } from '../../src/shared/reports.ts'
import { vatOnFils } from '../../src/shared/vat.ts'
import {
  baseURL,
  consoleErrors,
  expectAccessible,
  launchBrowser,
  newVisitor,
  phone,
} from './support/browser.ts'
import { waitForMail } from './support/mailbox.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

/** A venue the other browser tests do not book, so its figures move only with this test's bookings. */
const venue = 'juffair-grand-suites'
const pass = 'juffair-grand-suites-health-club'
const today = todayInBahrain()
const month = today.slice(0, 7)
/** Two visits tomorrow and one the day after: this month's, unless the month ends first. */
const [first, second] = [addDays(today, 1), addDays(today, 2)]
const inThisMonth = first.startsWith(month) && second.startsWith(month)
/** Screenshots to look at: 390 px and desktop, English and Arabic. */
const shots = join(tmpdir(), 'reports-e2e')
mkdirSync(shots, { recursive: true })

async function signIn(page: Page, account: { email: string; password: string }) {
  const response = await page.request.post('/api/auth/sign-in/email', {
    headers: { origin: baseURL() },
    data: account,
  })
  expect(response.status(), await response.text()).toBe(200)
}

/** A guest's pay-at-venue order of three visits, through the API as the checkout sends it. */
async function guestOrder(page: Page) {
  const email = `reports-guest-${Date.now()}@example.bh`
  const post = (url: string, data: object, headers: Record<string, string> = {}) =>
    page.request.post(url, { headers: { origin: baseURL(), ...headers }, data })
  expect((await post('/api/guest-verification/send-code', { email })).status()).toBe(202)
  const code = (await waitForMail(email, /code/i)).text?.match(/\b\d{6}\b/)?.[0] ?? ''
  const verified = await post('/api/guest-verification/verify-code', { email, code })
  expect(verified.status(), await verified.text()).toBe(200)
  const items = [
    { gymId: venue, passId: pass, date: first, time: '10:00' },
    { gymId: venue, passId: pass, date: first, time: '11:00' },
    { gymId: venue, passId: pass, date: second, time: '10:00' },
  ]
  const order = await post(
    '/api/checkout/orders',
    {
      items,
      paymentMethod: 'venue',
      guest: {
        firstName: 'Maryam',
        lastName: 'Al Zayani',
        email,
        mobileNumber: '+97333123456',
        proof: (await verified.json()).proof,
      },
    },
    { 'idempotency-key': `reports-e2e-${Date.now()}` },
  )
  expect(order.status(), await order.text()).toBe(201)
  return (await order.json()).bookings as { id: number; reference: string; priceFils: number }[]
}

const reportOf = async (page: Page): Promise<Report> => {
  const from = `${month}-01`
  const response = await page.request.get(
    `/api/admin/reports?from=${from}&to=${lastDayOf(from)}&venue=${venue}`,
  )
  expect(response.status()).toBe(200)
  return response.json()
}
/** The last day of the month `from` starts. */
const lastDayOf = (from: string) => {
  const next = new Date(`${from}T00:00:00Z`)
  next.setUTCMonth(next.getUTCMonth() + 1)
  return addDays(next.toISOString().slice(0, 10), -1)
}
const money = (fils: number) => `BD ${(fils / 1000).toFixed(3)}`

async function download(page: Page, name: string): Promise<Record<string, string>[]> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()])
  const path = await file.path()
  return parse(readFileSync(path, 'utf8'), { columns: true, bom: true })
}

describe('reports and statements', () => {
  it.skipIf(!inThisMonth)(
    'a manager sees this month’s chart and table agree with the bookings made, downloads the CSV, and reads the statement',
    async () => {
      const { page, context } = await newVisitor(browser)
      await signIn(page, inject('manager'))
      const before = await reportOf(page)
      const visitor = await newVisitor(browser)
      const booked = await guestOrder(visitor.page)
      await visitor.context.close()
      // The desk takes the first visit's payment in cash.
      const paid = booked[0] as { id: number; reference: string; priceFils: number }
      const desk = await page.request.post(`/api/desk/bookings/${paid.id}/payment`, {
        headers: { origin: baseURL() },
        data: { method: 'cash' },
      })
      expect(desk.status(), await desk.text()).toBe(200)

      await page.goto('/admin/reports')
      await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor()
      expect(await page.getByRole('button', { name: 'This month' }).getAttribute('aria-pressed')).toBe('true')
      await page.getByRole('combobox', { name: 'Venue', exact: true }).selectOption(venue)
      const after = await reportOf(page)
      const dayIndex = (date: string) => Number(date.slice(8)) - 1
      for (const [date, made] of [
        [first, 2],
        [second, 1],
      ] as const) {
        const was = before.days[dayIndex(date)]?.bookings ?? 0
        expect(after.days[dayIndex(date)]?.bookings).toBe(was + made)
      }
      expect(after.totals.atVenueFils - before.totals.atVenueFils).toBe(paid.priceFils)

      // The table by day: one row per date of the month, the bookings in its first figure.
      const byDay = page.getByRole('region', { name: 'Figures by day' })
      // Polled whole: until the venue's figures replace all venues', one matching row proves nothing.
      const countsOnPage = () =>
        byDay
          .locator('tbody tr')
          .evaluateAll((rows) => rows.map((row) => Number(row.querySelector('td')?.textContent)))
      await expect.poll(countsOnPage).toEqual(after.days.map((day) => day.bookings))
      const tableCounts = await countsOnPage()
      // The chart draws the same figures, on a canvas uPlot drew.
      const chart = page.getByRole('img', { name: /bookings per day/ })
      await chart.locator('canvas').waitFor()
      const drawn = JSON.parse((await chart.getAttribute('data-chart')) ?? '{}')
      expect(drawn.series[0]).toEqual(tableCounts)
      expect(drawn.categories).toHaveLength(after.days.length)
      const revenue = page.getByRole('img', { name: /revenue per venue/ })
      await revenue.locator('canvas').waitFor()
      expect(JSON.parse((await revenue.getAttribute('data-chart')) ?? '{}').series).toEqual([
        [after.totals.onlineFils],
        [after.totals.atVenueFils],
      ])
      const byVenue = page.getByRole('region', { name: 'Figures by venue' })
      await expect
        .poll(() => byVenue.getByRole('row', { name: /Juffair Grand Suites/ }).textContent())
        .toContain(money(after.totals.atVenueFils))
      await page.screenshot({ path: join(shots, 'reports-desktop-en.png'), fullPage: true })
      await expectAccessible(page)

      const rows = await download(page, 'Download CSV')
      const dayRows = rows.filter((row) => row.row === 'day')
      expect(dayRows.map((row) => Number(row.bookings))).toEqual(tableCounts)
      expect(rows.find((row) => row.row === 'venue')).toMatchObject({
        venue: 'Juffair Grand Suites',
        at_venue_bd: (after.totals.atVenueFils / 1000).toFixed(3),
      })

      // The statement: the visit paid at the desk, charged 15%.
      await page.getByRole('link', { name: 'Venue statements' }).click()
      await page.getByRole('heading', { level: 1, name: 'Venue statements' }).waitFor()
      await page.getByRole('combobox', { name: 'Venue', exact: true }).selectOption(venue)
      await page.getByLabel('Month', { exact: true }).fill(month)
      const line = page.getByRole('row', { name: new RegExp(paid.reference) })
      await line.waitFor()
      expect(await line.textContent()).toContain('Cash at the venue')
      expect(await line.textContent()).toContain(money(commissionFils(paid.priceFils, 1500)))
      const statement: Statement = await (
        await page.request.get(`/api/admin/statements?venue=${venue}&month=${month}`)
      ).json()
      const lines = await download(page, 'Download CSV')
      expect(lines.find((row) => row.reference === paid.reference)).toMatchObject({
        collected_by: 'cash',
        gross_bd: (paid.priceFils / 1000).toFixed(3),
        commission_bd: (commissionFils(paid.priceFils, 1500) / 1000).toFixed(3),
        commission_vat_bd: (vatOnFils(commissionFils(paid.priceFils, 1500)) / 1000).toFixed(3),
      })
      expect(lines.at(-1)).toMatchObject({
        reference: 'total',
        owed_to_venue_bd: (statement.totals.owedToVenueFils / 1000).toFixed(3),
      })
      await page.screenshot({ path: join(shots, 'statements-desktop-en.png'), fullPage: true })
      await expectAccessible(page)
      expect(consoleErrors(page)).toEqual([])
      await context.close()
    },
  )

  it('works in Arabic on a 390 px phone, and is closed to staff', async () => {
    const { page, context } = await newVisitor(browser, { language: 'ar', viewport: phone })
    await signIn(page, inject('manager'))
    for (const [path, heading, shot] of [
      ['/admin/reports', 'التقارير', 'reports-phone-ar.png'],
      ['/admin/statements', 'كشوف حساب المنشآت', 'statements-phone-ar.png'],
    ] as const) {
      await page.goto(path)
      await page.getByRole('heading', { level: 1, name: heading }).waitFor()
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'))
      // Nothing wider than the phone but the tables, which scroll in their own frame.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width)
      await page.screenshot({ path: join(shots, shot), fullPage: true })
      await expectAccessible(page)
    }
    expect(consoleErrors(page)).toEqual([])
    await context.close()

    const staff = await newVisitor(browser, { viewport: phone })
    const [staffMember] = inject('staff')
    if (staffMember) await signIn(staff.page, staffMember)
    expect(
      (await staff.page.request.get(`/api/admin/statements?venue=${venue}&month=${month}`)).status(),
    ).toBe(403)
    await staff.page.goto('/admin/reports')
    await expect.poll(() => new URL(staff.page.url()).pathname).toBe('/unauthorized')
    await staff.context.close()
  })
})
