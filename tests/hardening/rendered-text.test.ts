import { copyFileSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'csv-parse/sync'
import ICAL from 'ical.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CatalogService } from '../../src/server/domain/catalog/service.ts'
import { mailTemplates } from '../../src/server/mail-templates.ts'
import { renderMail } from '../../src/server/platform/mail/templates/render.tsx'
import { seedIfEmpty } from '../../src/server/seed.ts'
import { signedInUser, testOrigin } from '../support/accounts.ts'
import { checkoutClock, line, placeOrder } from '../support/checkout.ts'
import { parseHtml } from '../support/html.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'
import { hostileStrings } from './support/malformed-values.ts'

/**
 * Hostile text in a venue's name, description and address, and in a booking's pass, comes out of
 * every page, mail and file exactly as it was stored: no markup it was not given, no `$` pattern
 * expanded (a page once copied parts of its own head in for `$'`), one description, no refresh.
 */
const venue = 'manama-marina-hotel'
const texts = Object.entries(hostileStrings).filter(([, text]) => text.trim() !== '' && text.length <= 120)
/** An HTML parser reads CR LF and a lone CR as LF, and iCalendar text holds a line break as `\n`. */
const asParsed = (text: string) => text.replace(/\r\n?/g, () => '\n')
/** csv-stringify's escape_formulas: a leading `=`, `+`, `-`, `@`, tab or CR (or full-width) gets a `'`. */
const asCsvCell = (text: string) => (/^[=+\-@\t\r＝＋－＠]/.test(text) ? `'${text}` : text)

let t: TestApp
let userCookie: string
let managerCookie: string
let bookingId: number

beforeAll(async () => {
  // The built page's own template: its tags are where the venue's text goes.
  const dist = mkdtempSync(join(tmpdir(), 'rendered-text-'))
  copyFileSync('index.html', join(dist, 'index.html'))
  t = await createTestApp({ PUBLIC_URL: testOrigin, WEB_DIST_DIR: dist }, (database) => ({
    now: () => checkoutClock,
    catalog: new CatalogService(database.db, { cacheMs: 0, now: () => checkoutClock }),
  }))
  await seedIfEmpty(t.database.db)
  userCookie = (await signedInUser(t, 'rendered-text@example.bh')).cookie
  managerCookie = (await signedInUser(t, 'rendered-text-manager@example.bh', 'manager')).cookie
  const order = await placeOrder(t, { items: [line()], paymentMethod: 'venue' }, { cookie: userCookie })
  expect(order.statusCode, order.body).toBe(201)
  bookingId = order.json().bookings[0].id
  // A statement charges visits whose money was taken: this one as if paid online.
  await t.database.db
    .updateTable('confirmed_bookings')
    .set({ payment_status: 'paid' })
    .where('id', '=', bookingId)
    .execute()
})
afterAll(() => t?.close())

async function setVenueText(text: string) {
  await t.database.db
    .updateTable('venues')
    .set({ name_en: text, description_en: `Facilities: ${text}`, location_en: text })
    .where('id', '=', venue)
    .execute()
  await t.database.db
    .updateTable('confirmed_bookings')
    .set({ venue_name: text, pass_name: text, location: text })
    .where('id', '=', bookingId)
    .execute()
}

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: { origin: testOrigin, ...(cookie ? { cookie } : {}) } })

describe('hostile venue text', () => {
  it('is written literally into the venue page’s head and JSON-LD', async () => {
    for (const [what, text] of texts) {
      await setVenueText(text)
      const response = await get(`/gyms/${venue}`)
      expect(response.statusCode, what).toBe(200)
      const document = parseHtml(response.body)
      const contents = (selector: string) =>
        [...document.querySelectorAll(selector)].map((tag) => tag.getAttribute('content'))
      const title = `${asParsed(text)} · DayPass Bahrain`
      const description = asParsed(`Facilities: ${text}`)
      expect(
        [...document.querySelectorAll('title')].map((tag) => tag.textContent),
        what,
      ).toEqual([title])
      expect(contents('meta[name="description"]'), what).toEqual([description])
      expect(contents('meta[property="og:title"]'), what).toEqual([title])
      expect(contents('meta[property="og:description"]'), what).toEqual([description])
      expect(document.querySelectorAll('meta[http-equiv]'), what).toHaveLength(0)
      expect(document.querySelectorAll('head > script:not([type="application/ld+json"])'), what).toHaveLength(
        0,
      )
      const jsonLd = [...document.querySelectorAll('script[type="application/ld+json"]')]
      expect(jsonLd, what).toHaveLength(1)
      expect(JSON.parse(jsonLd[0]?.textContent ?? '{}'), what).toMatchObject({
        name: text,
        description: `Facilities: ${text}`,
        address: { streetAddress: text },
      })
    }
  })

  it('is written literally into the booking’s mail, its .ics and the statement’s CSV', async () => {
    const links = { secret: t.config.AUTH_SECRET, siteUrl: testOrigin }
    for (const [what, text] of texts) {
      await setVenueText(text)

      // The visitor's confirmation and its mail of a move, and the venue's notice and morning list of the same visit.
      for (const [template, payload] of [
        ['booking-confirmation', { bookingId }],
        ['venue-booking-notice', { event: 'confirmed', bookingIds: [bookingId] }],
        [
          'booking-date-change',
          { bookingIds: [bookingId], previous: { date: '2026-12-02', time: '10:00' }, differenceFils: 0 },
        ],
        ['venue-daily-digest', { venueId: venue, date: '2026-12-03' }],
      ] as const) {
        const mail = await renderMail(
          mailTemplates,
          template,
          'en',
          payload,
          t.database.db,
          links,
          checkoutClock,
        )
        const label = `${template}: ${what}`
        const { body } = parseHtml(mail.html)
        expect(body.textContent, label).toContain(asParsed(text))
        expect(
          body.querySelectorAll('script, iframe, object, embed, svg, [onerror], [onload]'),
          label,
        ).toHaveLength(0)
        // The plain-text part wraps long lines, and writes a zero-width space as a space: fold them.
        const folded = (value: string) => value.replace(/[\s\u200b]+/g, () => ' ').trim()
        expect(folded(mail.text), label).toContain(folded(text))
        expect(mail.html.match(/<meta[^>]+http-equiv="refresh"/gi) ?? [], label).toEqual([])
      }

      const ics = await get(`/api/bookings/${bookingId}/calendar.ics`, userCookie)
      expect(ics.statusCode, what).toBe(200)
      const event = new ICAL.Component(ICAL.parse(ics.body)).getFirstSubcomponent('vevent')
      expect(event?.getFirstPropertyValue('summary'), what).toBe(`${asParsed(text)}: day pass`)
      expect(event?.getFirstPropertyValue('location'), what).toContain(asParsed(text))
      expect(String(event?.getFirstPropertyValue('description')), what).toContain(`Pass: ${asParsed(text)}`)

      const csv = await get(`/api/admin/statements/csv?venue=${venue}&month=2026-12`, managerCookie)
      expect(csv.statusCode, what).toBe(200)
      const rows: Record<string, string>[] = parse(csv.body, { columns: true, bom: true })
      const visit = rows.find((row) => row.pass === asCsvCell(text))
      expect(visit, `${what}: ${csv.body}`).toBeDefined()
      expect(visit?.venue, what).toBe(asCsvCell(text))
    }
  })
})
