import type { Browser, Cookie, Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { addDays, formatDisplayDate, todayInBahrain } from '../../src/shared/bahrain-time.ts'
import accounts from '../../src/web/locales/ar/accounts.json' with { type: 'json' }
import admin from '../../src/web/locales/ar/admin.json' with { type: 'json' }
import catalog from '../../src/web/locales/ar/catalog.json' with { type: 'json' }
import checkout from '../../src/web/locales/ar/checkout.json' with { type: 'json' }
import desk from '../../src/web/locales/ar/desk.json' with { type: 'json' }
import team from '../../src/web/locales/ar/team.json' with { type: 'json' }
import vendors from '../../src/web/locales/ar/vendors.json' with { type: 'json' }
import venue from '../../src/web/locales/ar/venue-admin.json' with { type: 'json' }
import photos from '../../src/web/locales/ar/venue-photos.json' with { type: 'json' }
import { signedUpAndIn } from './support/accounts.ts'
import { baseURL, expectAccessible, launchBrowser, newVisitor, phone } from './support/browser.ts'
import { linkIn, mailsTo, waitForMail } from './support/mailbox.ts'

/**
 * The venue's side, start to end, as its people live it in Arabic on a phone: the owner applies,
 * the team approves and completes the draft, publishes it and invites a member of staff, who lands
 * on the venue's desk; a visitor books, and the venue's bookings address hears of it once.
 */

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** A field's label, which may end with the required mark. */
const label = (text: string) => new RegExp(`^${escapeRegExp(text)}`)
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true })

/** Nothing spills sideways at 390 px. */
async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width)
}

/** A screenshot for a person to look at; not part of the repository. */
async function shoot(page: Page, name: string) {
  await page.waitForTimeout(300)
  await page.screenshot({ path: `/tmp/venue-side-${name}.png`, fullPage: true })
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

async function photo(): Promise<Buffer> {
  const width = 900
  const height = 600
  const pixels = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3
      pixels[i] = 40
      pixels[i + 1] = (x * 255) / width
      pixels[i + 2] = (y * 255) / height
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer()
}

const stamp = Date.now()
const nameAr = `نادي شاطئ اللؤلؤ ${stamp}`
const nameEn = `Pearl Beach Club ${stamp}`
const ownerEmail = `pearl-owner-${stamp}@example.bh`
const bookingsEmail = `pearl-bookings-${stamp}@example.bh`
const staffEmail = `pearl-staff-${stamp}@example.bh`
const adultAr = 'تذكرة الكبار'
const kidsAr = vendors.passes.kids
// Sold from today, ongoing: the visit two days ahead is on sale.
const sellsFrom = todayInBahrain()
const visitDate = addDays(sellsFrom, 2)

describe('the venue’s side (Arabic, phone)', () => {
  let editorPath = ''
  let venueId = ''

  it('an owner applies for a beach club, from today and ongoing, with a kids and an adult pass', async () => {
    const { page, context } = await newVisitor(browser, { language: 'ar', viewport: phone })
    await page.goto('/vendors')
    await page.getByRole('heading', { level: 1, name: vendors.title }).waitFor()
    await fitsThePhone(page)

    // Only the Arabic name: the venue is known by it.
    await page.getByLabel(label(vendors.venueNameAr)).fill(nameAr)
    await page.getByLabel(label(vendors.venueEmail)).fill(ownerEmail)
    await page.getByRole('radio', { name: vendors.venueTypes['Beach Club'] }).check()
    await page.getByLabel(label(vendors.contactFirstName)).fill('هدى')
    await page.getByLabel(label(vendors.contactLastName)).fill('المناعي')
    await page.getByLabel(label(vendors.contactPhone)).fill('3612 3456')
    const facilities = page.getByRole('group', { name: vendors.facilities, exact: true })
    await facilities.getByRole('checkbox', { name: 'دخول الشاطئ' }).check()
    await facilities.getByRole('checkbox', { name: 'منطقة الأطفال' }).check()

    const passes = region(page, vendors.sections.passes)
    await passes.getByRole('checkbox', { name: kidsAr }).check()
    await page.getByLabel(vendors.priceOf.replace('{{pass}}', kidsAr), { exact: true }).pressSequentially('4')
    await page.getByLabel(vendors.otherPassName, { exact: true }).fill(adultAr)
    await page.getByLabel(vendors.otherPassPrice).fill('9.500')
    await page.getByLabel(label(vendors.otherPassType)).selectOption(vendors.passTypes.Adult)

    await page.getByLabel(label(vendors.startDate)).fill(formatDisplayDate(sellsFrom))
    expect(await page.getByLabel(label(vendors.endDate)).inputValue()).toBe('')
    await page.getByLabel(label(vendors.startTime)).selectOption('08:00')
    await page.getByLabel(label(vendors.endTime)).selectOption('20:00')
    await page.getByLabel(label(vendors.area)).selectOption('amwaj-islands')
    await page.getByLabel(label(vendors.city)).fill('Muharraq')
    await fitsThePhone(page)
    await expectAccessible(page)
    await shoot(page, 'application-form')

    await page.getByRole('button', { name: vendors.submit }).click()
    await page.getByRole('heading', { level: 1, name: vendors.receivedTitle }).waitFor()
    await fitsThePhone(page)
    await waitForMail(ownerEmail, /VA-\d{6}/)
    await context.close()
  })

  it('the admin approves it: the Arabic name is in the Arabic field and the start date is on sale', async () => {
    const { page, context } = await newVisitor(browser, { language: 'ar', viewport: phone })
    await signInAsAdmin(page)
    await page.goto('/admin/vendor-applications')
    await page.getByRole('heading', { level: 1, name: admin.applications.title }).waitFor()
    await page.getByRole('link', { name: nameAr }).click()
    await page.getByRole('heading', { level: 1, name: nameAr }).waitFor()
    await fitsThePhone(page)
    await page.getByRole('button', { name: admin.applications.review.approve }).click()
    await page.getByRole('status').filter({ hasText: admin.applications.review.approvedNow }).waitFor()
    const draft = page.getByRole('link', { name: admin.applications.review.openDraft })
    editorPath = (await draft.getAttribute('href')) ?? ''
    expect(editorPath).toMatch(/^\/admin\/venues\/[a-z0-9-]+$/)
    venueId = editorPath.split('/').pop() ?? ''
    await draft.click()
    await page.waitForURL(`**${editorPath}`)

    const details = region(page, venue.details.title)
    const arabicName = details.getByLabel(label(venue.details.nameAr))
    await expect.poll(() => arabicName.inputValue()).toBe(nameAr)
    expect(await details.getByLabel(label(venue.details.nameEn)).inputValue()).toBe('')
    expect(await details.getByLabel(label(venue.details.sellsFrom)).inputValue()).toBe(sellsFrom)
    expect(await details.getByLabel(label(venue.details.sellsUntil)).inputValue()).toBe('')
    expect(await details.getByLabel(label(venue.details.venueType)).inputValue()).toBe('beach-club')
    await fitsThePhone(page)
    await expectAccessible(page)
    await context.close()
  })

  it('the admin completes and publishes it, sets its bookings address, and invites a member of staff', async () => {
    const { page, context } = await newVisitor(browser, { language: 'ar', viewport: phone })
    await signInAsAdmin(page)
    await page.goto(editorPath)
    const details = region(page, venue.details.title)
    await details.getByLabel(label(venue.details.nameAr)).waitFor()
    await expect.poll(() => details.getByLabel(label(venue.details.nameAr)).inputValue()).toBe(nameAr)

    // The English name and the Arabic place, which visitors in each language need.
    await details.getByLabel(label(venue.details.nameEn)).fill(nameEn)
    // The description came from the facilities in both languages; the place was typed in Latin
    // letters, so the Arabic place names only the area chosen from the list, in Arabic.
    expect(await details.getByLabel(label(venue.details.descriptionAr)).inputValue()).toContain('دخول الشاطئ')
    expect(await details.getByLabel(label(venue.details.locationAr)).inputValue()).toBe('جزر أمواج، البحرين')
    await details.getByLabel(label(venue.details.locationAr)).fill('جزر أمواج، المحرق')
    await details.getByRole('button', { name: venue.details.save }).click()
    await details.getByRole('status').filter({ hasText: venue.editor.saved }).waitFor()

    // The adult pass was named in Arabic only: it gets its English name.
    const passes = region(page, venue.passes.title)
    await passes.getByRole('heading', { name: kidsAr }).waitFor()
    await passes.getByRole('button', { name: `${venue.passes.edit} ${adultAr}` }).click()
    const dialog = page.getByRole('dialog')
    expect(await dialog.getByLabel(label(venue.passes.nameAr)).inputValue()).toBe(adultAr)
    await dialog.getByLabel(label(venue.passes.nameEn)).fill('Adult pass')
    await dialog.getByRole('button', { name: venue.passes.save }).click()
    await dialog.waitFor({ state: 'detached' })

    const photoSection = region(page, photos.title)
    await photoSection.getByLabel(photos.add).setInputFiles({
      name: 'beach.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo(),
    })
    await photoSection
      .getByRole('status')
      .filter({ hasText: photos.uploaded_one })
      .waitFor({ timeout: 30_000 })

    // Booking notices: one mail a booking, in Arabic, to the venue's bookings address.
    const notices = region(page, venue.notices.title)
    await notices.getByLabel(label(venue.notices.bookingsEmail)).fill(bookingsEmail)
    await notices.getByLabel(label(venue.notices.mode)).selectOption('each')
    await notices.getByLabel(label(venue.notices.language)).selectOption('ar')
    await notices.getByRole('button', { name: venue.notices.save }).click()
    await notices.getByRole('status').filter({ hasText: venue.editor.saved }).waitFor()

    const status = region(page, venue.statusSection.title)
    await status.getByRole('button', { name: venue.statusSection.to.published }).click()
    await status.getByText(venue.statusSection.explain.published).waitFor()
    await fitsThePhone(page)
    await expectAccessible(page)
    await shoot(page, 'editor-published')

    await page.goto('/admin/invitations')
    await page.getByRole('heading', { level: 1, name: team.invitations.title }).waitFor()
    await page.getByLabel(label(team.invitations.email)).fill(staffEmail)
    await page.getByLabel(label(team.invitations.venue)).selectOption({ label: nameAr })
    await page.getByRole('radio', { name: team.invitations.languages.ar }).check()
    await page.getByRole('button', { name: team.invitations.send }).click()
    await page.getByText(team.invitations.sent.replace('{{email}}', staffEmail)).waitFor()
    await fitsThePhone(page)
    await expectAccessible(page)
    await context.close()
  }, 150_000)

  it('the member of staff opens the invitation, chooses a password, and lands on the venue’s desk', async () => {
    const mail = await waitForMail(staffEmail, new RegExp(escapeRegExp(nameAr)))
    const { page, context } = await newVisitor(browser, { language: 'ar', viewport: phone })
    await page.goto(linkIn(mail.text, baseURL()))
    await page
      .getByRole('heading', { level: 1, name: accounts.invitation.titleAt.replace('{{venue}}', nameAr) })
      .waitFor()
    await fitsThePhone(page)
    await expectAccessible(page)
    await page.getByLabel(label(accounts.invitation.name)).fill('سلمان')
    await page.getByLabel(label(accounts.password)).fill('Pearl-diving-1932')
    await page.getByLabel(label(accounts.confirmPassword)).fill('Pearl-diving-1932')
    await page.getByRole('button', { name: accounts.invitation.accept }).click()
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/desk')
    await page.getByRole('heading', { level: 1, name: desk.title }).waitFor()
    await expect.poll(() => page.getByLabel(desk.venue).inputValue()).toBe(venueId)
    await fitsThePhone(page)
    await expectAccessible(page)
    await context.close()
  })

  it('a visitor books the kids pass, paying at the venue; the bookings address gets one notice with the reference', async () => {
    const { page, context } = await newVisitor(browser, { language: 'ar', viewport: phone })
    await signedUpAndIn(page, `pearl-visitor-${stamp}@example.bh`, 'مريم')
    await page.goto('/gyms')
    const search = page.getByRole('main').getByRole('search').getByRole('searchbox')
    await search.fill(nameAr)
    await search.press('Enter')
    await page.getByRole('link', { name: nameAr }).click()
    await page.getByRole('heading', { level: 1, name: nameAr }).waitFor()
    await page.getByRole('heading', { name: catalog.openingHours }).waitFor()
    await fitsThePhone(page)
    await expectAccessible(page)

    await page
      .getByRole('main')
      .getByRole('button', { name: new RegExp(escapeRegExp(kidsAr)) })
      .click()
    await page.getByRole('button', { name: catalog.addToCart }).click()
    const dialog = page.getByRole('dialog', { name: catalog.bookTitle })
    await dialog.getByLabel(label(catalog.date)).fill(formatDisplayDate(visitDate))
    await dialog.getByText('10:00', { exact: true }).click()
    await shoot(page, 'booking-dialog')
    await dialog.getByRole('button', { name: catalog.confirm }).click()
    await dialog.waitFor({ state: 'detached' })

    await page.goto('/checkout')
    await page.getByRole('radio', { name: new RegExp(escapeRegExp(checkout.payAtVenue)) }).check()
    await fitsThePhone(page)
    await page.getByRole('button', { name: checkout.confirmBooking }).click()
    await page.getByRole('heading', { name: checkout.confirmedTitle }).waitFor()
    const { bookings } = await (await page.request.get('/api/bookings')).json()
    expect(bookings).toHaveLength(1)
    expect(bookings[0]).toMatchObject({ date: visitDate, time: '10:00', priceFils: 4000 })
    const reference: string = bookings[0].reference
    expect(reference).toMatch(/^DP-/)

    const notice = await waitForMail(bookingsEmail, new RegExp(`^حجز جديد - ${escapeRegExp(nameAr)}`))
    expect(notice.text).toContain(reference)
    expect(notice.text).toContain(kidsAr)
    // Once: a second notice would have come with the first.
    await new Promise((resolve) => setTimeout(resolve, 2000))
    expect(await mailsTo(bookingsEmail, /./)).toHaveLength(1)
    // The owner's address is not the bookings address now: it hears nothing of the booking.
    expect(await mailsTo(ownerEmail, /حجز/)).toHaveLength(0)
    await context.close()
  })
})
