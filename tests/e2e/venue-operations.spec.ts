import type { Browser, Cookie, Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { addDays, formatDisplayDate, todayInBahrain } from '../../src/shared/bahrain-time.ts'
import { formatBhd } from '../../src/shared/money.ts'
import adminAr from '../../src/web/locales/ar/admin.json' with { type: 'json' }
import catalogAr from '../../src/web/locales/ar/catalog.json' with { type: 'json' }
import checkoutAr from '../../src/web/locales/ar/checkout.json' with { type: 'json' }
import errorsAr from '../../src/web/locales/ar/errors.json' with { type: 'json' }
import venueAdminAr from '../../src/web/locales/ar/venue-admin.json' with { type: 'json' }
import photosAr from '../../src/web/locales/ar/venue-photos.json' with { type: 'json' }
import scheduleAr from '../../src/web/locales/ar/venue-schedule.json' with { type: 'json' }
import adminEn from '../../src/web/locales/en/admin.json' with { type: 'json' }
import catalogEn from '../../src/web/locales/en/catalog.json' with { type: 'json' }
import checkoutEn from '../../src/web/locales/en/checkout.json' with { type: 'json' }
import errorsEn from '../../src/web/locales/en/errors.json' with { type: 'json' }
import venueAdminEn from '../../src/web/locales/en/venue-admin.json' with { type: 'json' }
import photosEn from '../../src/web/locales/en/venue-photos.json' with { type: 'json' }
import scheduleEn from '../../src/web/locales/en/venue-schedule.json' with { type: 'json' }
import { noPass, vendorApplicationInput } from '../support/vendor-application.ts'
import { signedUpAndIn } from './support/accounts.ts'
import { baseURL, desktop, expectAccessible, launchBrowser, newVisitor, phone } from './support/browser.ts'

/**
 * Running the catalog as the team lives it (docs/decisions/021): a manager approves an application, finishes the draft venue in
 * the editor, publishes it; a visitor books it; the manager then closes that date and is told who
 * is affected. Once in English on a desktop, once in Arabic on a phone. The words come from the
 * locale files, so the test reads the screen as the user does.
 */

const locales = {
  en: {
    admin: adminEn,
    catalog: catalogEn,
    checkout: checkoutEn,
    errors: errorsEn,
    photos: photosEn,
    schedule: scheduleEn,
    venue: venueAdminEn,
  },
  ar: {
    admin: adminAr,
    catalog: catalogAr,
    checkout: checkoutAr,
    errors: errorsAr,
    photos: photosAr,
    schedule: scheduleAr,
    venue: venueAdminAr,
  },
}

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** A field's label, which may end with the required mark. */
const label = (text: string) => new RegExp(`^${escapeRegExp(text)}`)

/** The next Friday at least two days ahead: the weekend price, every slot still ahead. */
function nextFriday(): string {
  let date = addDays(todayInBahrain(), 2)
  while (new Date(`${date}T00:00:00Z`).getUTCDay() !== 5) date = addDays(date, 1)
  return date
}

let adminCookies: Cookie[] | undefined
/** The e2e admin's session, signed in once: sign-ins are rate limited per address. */
async function signInAsAdmin(page: Page) {
  if (!adminCookies) {
    const signIn = await page.request.post('/api/auth/sign-in/email', {
      headers: { origin: baseURL() },
      data: inject('admin'),
    })
    expect(signIn.status()).toBe(200)
    adminCookies = await page.context().cookies()
  } else await page.context().addCookies(adminCookies)
}

/** Screenshots for a person to look at, when SHOTS_DIR is set: both widths, full pages. */
async function shoot(page: Page, name: string, language: string) {
  const dir = process.env.SHOTS_DIR
  if (!dir) return
  for (const size of [phone, desktop]) {
    await page.setViewportSize(size)
    await page.waitForTimeout(300)
    await page.screenshot({ path: `${dir}/${name}-${language}-${size.width}.png`, fullPage: true })
  }
}

/** Nothing spills sideways. */
async function fitsTheScreen(page: Page) {
  const width = page.viewportSize()?.width ?? 0
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
}

async function photo(): Promise<Buffer> {
  // A real photo-like JPEG: a gradient, so the encoder has something to do.
  const width = 1200
  const height = 800
  const pixels = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3
      pixels[i] = (x * 255) / width
      pixels[i + 1] = 120
      pixels[i + 2] = (y * 255) / height
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer()
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true })

for (const language of ['en', 'ar'] as const) {
  const L = locales[language]
  const viewport = language === 'ar' ? phone : desktop
  const stamp = `${Date.now()}${language}`
  const venueEn = `Wave Club ${stamp}`
  const venueAr = `نادي الموج ${stamp}`
  const passEn = `Sunset swim ${stamp}`
  const passAr = `سباحة الغروب ${stamp}`
  const visitorEmail = `visitor-${stamp}@example.bh`
  const friday = nextFriday()
  const shown = (en: string, ar: string) => (language === 'ar' ? ar : en)

  describe(`operating a venue (${language === 'en' ? 'English, desktop' : 'Arabic, phone'})`, () => {
    let editorPath = ''
    let applicationPath = ''
    let venuePath = ''

    it('a manager approves an application into a draft venue', async () => {
      const { page, context } = await newVisitor(browser, { language, viewport })
      const applied = await page.request.post('/api/vendor-applications', {
        headers: { origin: baseURL() },
        data: vendorApplicationInput({
          venueNameEn: venueEn,
          venueEmail: `wave-${stamp}@example.bh`,
          // The draft sells from the requested start: today, so Friday's visit below is on sale.
          availableStartDate: todayInBahrain(),
          startTime: '08:00',
          endTime: '20:00',
          dayPasses: {
            poolOnly: noPass,
            gymOnly: { selected: true, price: '10' },
            poolGym: noPass,
            saunaSteam: noPass,
            allInclusive: noPass,
            beachAccess: noPass,
            poolAccess: noPass,
          },
        }),
      })
      expect(applied.status()).toBe(201)
      await signInAsAdmin(page)
      applicationPath = `/admin/vendor-applications/${(await applied.json()).id}`
      await page.goto(applicationPath)
      await page.getByRole('heading', { level: 1, name: venueEn }).waitFor()
      await fitsTheScreen(page)
      await expectAccessible(page)

      await page.getByRole('button', { name: L.admin.applications.review.approve }).click()
      await page.getByRole('status').filter({ hasText: L.admin.applications.review.approvedNow }).waitFor()
      const draft = page.getByRole('link', { name: L.admin.applications.review.openDraft })
      editorPath = (await draft.getAttribute('href')) ?? ''
      expect(editorPath).toMatch(/^\/admin\/venues\/wave-club-/)
      await expectAccessible(page)
      await draft.click()
      await page.getByRole('heading', { level: 1, name: venueEn }).waitFor()
      await context.close()
    })

    it('the manager completes the draft in the editor and publishes it', async () => {
      const { page, context } = await newVisitor(browser, { language, viewport })
      await signInAsAdmin(page)
      await page.goto('/admin/venues')
      await page.getByRole('heading', { level: 1, name: L.venue.list.title }).waitFor()
      await page.getByRole('link', { name: venueEn }).waitFor()
      await fitsTheScreen(page)
      await expectAccessible(page)
      await page.getByRole('link', { name: venueEn }).click()
      await page.waitForURL(`**${editorPath}`)
      await page.getByRole('heading', { level: 1, name: venueEn }).waitFor()
      await expectAccessible(page)

      // Details, in both languages, with the map's coordinates.
      const details = region(page, L.venue.details.title)
      const v = L.venue.details
      await details.getByLabel(label(v.nameAr)).fill(venueAr)
      await details.getByLabel(label(v.descriptionEn)).fill('A **sea-view** pool and a quiet gym.')
      await details.getByLabel(label(v.descriptionAr)).fill('مسبح **مطل على البحر** وصالة هادئة.')
      await details.getByLabel(label(v.locationEn)).fill('Amwaj Islands')
      await details.getByLabel(label(v.locationAr)).fill('جزر أمواج')
      await details.getByLabel(label(v.latitude)).fill('26.2885')
      await details.getByLabel(label(v.longitude)).fill('50.6639')
      await details.getByLabel(label(v.cancellationNoticeHours)).fill('12')
      await details.getByRole('button', { name: v.save }).click()
      await details.getByRole('status').filter({ hasText: L.venue.editor.saved }).waitFor()

      // The application's pass gets its Arabic name; a second pass with its weekend price.
      const passes = region(page, L.venue.passes.title)
      await passes.getByRole('button', { name: new RegExp(`^${escapeRegExp(L.venue.passes.edit)} `) }).click()
      let dialog = page.getByRole('dialog')
      await dialog.getByLabel(label(L.venue.passes.nameAr)).fill('تذكرة الصالة الرياضية')
      await dialog.getByRole('button', { name: L.venue.passes.save }).click()
      await dialog.waitFor({ state: 'detached' })

      await passes.getByRole('button', { name: L.venue.passes.add }).click()
      dialog = page.getByRole('dialog', { name: L.venue.passes.addTitle })
      await dialog.getByLabel(label(L.venue.passes.type)).selectOption({ index: 1 })
      await dialog.getByLabel(label(L.venue.passes.nameEn)).fill(passEn)
      await dialog.getByLabel(label(L.venue.passes.nameAr)).fill(passAr)
      await dialog.getByLabel(label(L.venue.passes.weekdayPrice)).fill('12.500')
      await dialog.getByLabel(label(L.venue.passes.weekendPrice)).fill('16.750')
      await expectAccessible(page)
      await dialog.getByRole('button', { name: L.venue.passes.save }).click()
      await dialog.waitFor({ state: 'detached' })
      await passes.getByRole('heading', { name: shown(passEn, passAr) }).waitFor()

      // A photo, which becomes the cover.
      const photos = region(page, L.photos.title)
      await photos.getByLabel(L.photos.add).setInputFiles({
        name: 'pool.jpg',
        mimeType: 'image/jpeg',
        buffer: await photo(),
      })
      await photos.getByRole('status').filter({ hasText: L.photos.uploaded_one }).waitFor({ timeout: 30_000 })
      await photos.getByRole('img').first().waitFor()

      // 06:00 to 22:00 every day, 5 places per slot.
      const hours = region(page, L.schedule.hours.title)
      for (const day of L.schedule.days) {
        const group = hours.getByRole('group', { name: day, exact: true })
        await group.getByLabel(L.schedule.hours.opens).selectOption('6')
        await group.getByLabel(L.schedule.hours.closes).selectOption('22')
      }
      await hours.getByLabel(label(L.schedule.hours.capacity)).fill('5')
      await hours.getByRole('button', { name: L.schedule.hours.save }).click()
      await hours.getByRole('status').filter({ hasText: L.schedule.hours.saved }).waitFor()
      await fitsTheScreen(page)
      await expectAccessible(page)

      const status = region(page, L.venue.statusSection.title)
      await status.getByRole('button', { name: L.venue.statusSection.to.published }).click()
      await status.getByText(L.venue.statusSection.explain.published).waitFor()
      await region(page, L.venue.history.title).getByText(L.venue.history.actions['venue.status']).waitFor()
      await fitsTheScreen(page)
      await expectAccessible(page)
      await context.close()
      // Many steps, each with a server round trip and three axe runs: a busy machine needs longer.
    }, 150_000)

    it('a visitor finds it, sees its hours, and books the new pass on Friday at 21:00 at the weekend price', async () => {
      const { page, context } = await newVisitor(browser, { language, viewport })
      await signedUpAndIn(page, visitorEmail, 'Noora')
      const name = shown(venueEn, venueAr)
      await page.goto('/gyms')
      const search = page.getByRole('main').getByRole('search').getByRole('searchbox')
      await search.fill(name)
      await search.press('Enter')
      await page.getByRole('link', { name }).click()
      await page.getByRole('heading', { level: 1, name }).waitFor()
      venuePath = new URL(page.url()).pathname
      await page.getByRole('heading', { name: L.catalog.openingHours }).waitFor()
      await page.getByText(L.catalog.cancellationNotice_other.replace('{{count}}', '12')).waitFor()
      const maps = page.getByRole('link', { name: L.catalog.openInMaps })
      expect(await maps.getAttribute('href')).toContain('26.2885')
      expect((await page.locator('main').textContent()) ?? '').toContain('06:00–22:00')
      await fitsTheScreen(page)
      await expectAccessible(page)

      await page
        .getByRole('main')
        .getByRole('button', { name: new RegExp(escapeRegExp(shown(passEn, passAr))) })
        .click()
      await page.getByRole('button', { name: L.catalog.addToCart }).click()
      const dialog = page.getByRole('dialog', { name: L.catalog.bookTitle })
      await dialog.getByLabel(label(L.catalog.date)).fill(formatDisplayDate(friday))
      await dialog.getByText(formatBhd(16750, language)).waitFor()
      // The slot's label is what a finger taps.
      await dialog.getByText('21:00', { exact: true }).click()
      expect(await dialog.getByRole('radio', { name: /^21:00/ }).isChecked()).toBe(true)
      await expectAccessible(page)
      await dialog.getByRole('button', { name: L.catalog.confirm }).click()
      await dialog.waitFor({ state: 'detached' })

      await page.goto('/checkout')
      await page.getByRole('radio', { name: new RegExp(escapeRegExp(L.checkout.payAtVenue)) }).check()
      await page.getByRole('button', { name: L.checkout.confirmBooking }).click()
      await page.getByRole('heading', { name: L.checkout.confirmedTitle }).waitFor()
      const { bookings } = await (await page.request.get('/api/bookings')).json()
      expect(bookings).toHaveLength(1)
      expect(bookings[0]).toMatchObject({ date: friday, time: '21:00', priceFils: 16750 })
      await context.close()
    })

    it('the manager closes that Friday, is told one booking is affected, and sees it listed', async () => {
      const { page, context } = await newVisitor(browser, { language, viewport })
      await signInAsAdmin(page)
      await page.goto(editorPath)
      const closures = region(page, L.schedule.closures.title)
      await closures.getByLabel(label(L.schedule.closures.date)).fill(friday)
      await closures.getByRole('checkbox', { name: L.schedule.closures.closedAllDay }).check()
      await closures.getByRole('button', { name: L.schedule.closures.save }).click()

      const dialog = page.getByRole('dialog', { name: L.schedule.confirm.title })
      await dialog.getByText(L.errors.CLOSURE_AFFECTS_BOOKINGS.replace('{{count}}', '1')).waitFor()
      await dialog.getByText(visitorEmail).waitFor()
      await fitsTheScreen(page)
      await expectAccessible(page)
      await dialog.getByRole('button', { name: L.schedule.confirm.go }).click()
      await dialog.waitFor({ state: 'detached' })

      await closures.getByRole('status').filter({ hasText: L.schedule.closures.saved }).waitFor()
      const affected = closures.getByRole('region', { name: L.schedule.bookings.title }).first()
      await affected.getByText(visitorEmail).waitFor()
      await closures.getByText(L.schedule.closures.affected.replace('{{count}}', '1')).waitFor()
      await fitsTheScreen(page)
      await expectAccessible(page)
      await shoot(page, 'venue-editor', language)
      await page.goto('/admin/venues')
      await page.getByRole('link', { name: shown(venueEn, venueAr) }).waitFor()
      await shoot(page, 'admin-venues', language)
      await page.goto(applicationPath)
      await page.getByRole('heading', { level: 1, name: venueEn }).waitFor()
      await shoot(page, 'application', language)
      await page.goto(venuePath)
      await page.getByRole('heading', { name: L.catalog.openingHours }).waitFor()
      await shoot(page, 'venue-page', language)
      await context.close()
    }, 150_000)
  })
}
