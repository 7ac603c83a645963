import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, FileChooser, Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { kcalPerMinute } from '../../src/shared/scan.ts'
import { expectAccessible, launchBrowser, newVisitor, phone } from './support/browser.ts'
import { type ServerProcess, startServer } from './support/server-process.ts'

let browser: Browser
let photoDir: string
let photoPath: string
beforeAll(async () => {
  browser = await launchBrowser()
  photoDir = await mkdtemp(join(tmpdir(), 'e2e-scan-'))
  // A real camera-sized JPEG; the fake vision model (started by the global setup) calls it a treadmill.
  photoPath = join(photoDir, 'gym-photo.jpg')
  await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#5d6d7e' } })
    .jpeg()
    .toFile(photoPath)
})
afterAll(async () => {
  await browser?.close()
  await rm(photoDir, { recursive: true, force: true })
})

/** The calorie table's numbers for an effort: MET, kcal a minute, kcal for the session. */
function effortRow(page: Page, effort: 'light' | 'moderate' | 'vigorous') {
  return page.locator(`tr[data-effort="${effort}"] td`).allTextContents()
}

/** What the page should show, from the Compendium formula: kcal/min = MET × 3.5 × kg ÷ 200. */
function formula(met: number, kg: number, minutes: number) {
  const rate = kcalPerMinute(met, kg)
  return [met.toFixed(1), (Math.round(rate * 10) / 10).toFixed(1), String(Math.round(rate * minutes))]
}

/**
 * Focuses the file button and presses Space. The page may still be settling (its settings load just
 * after the first paint) and take the focus back, so the key is pressed once the button really has
 * the focus, and again if no chooser opened.
 */
async function openChooserByKeyboard(page: Page): Promise<FileChooser> {
  const input = page.getByLabel(/Choose an image/)
  for (let attempt = 1; ; attempt++) {
    await input.focus()
    await expect.poll(() => input.evaluate((element) => element === document.activeElement)).toBe(true)
    const opened = page.waitForEvent('filechooser', { timeout: 5_000 })
    await page.keyboard.press('Space')
    try {
      return await opened
    } catch (error) {
      if (attempt === 3) throw error
    }
  }
}

describe('the equipment scanner', () => {
  it('analyzes a photo chosen with the keyboard and shows the formula’s calories as weight changes', async () => {
    const { page, context } = await newVisitor(browser)
    await page.goto('/scan')
    await page.getByRole('heading', { name: 'Equipment Scanner' }).waitFor()
    await page.getByText('Upload an image and analyze to see results.').waitFor()
    await expectAccessible(page)

    // The drop zone is a real file button: focus it and open the chooser from the keyboard.
    const chooser = await openChooserByKeyboard(page)
    await chooser.setFiles(photoPath)
    await page.getByRole('img', { name: 'The photo to analyze' }).waitFor()
    for (let tab = 0; tab < 4; tab++) {
      const focused = await page.evaluate(() => document.activeElement?.textContent?.trim())
      if (focused === 'Analyze Equipment') break
      await page.keyboard.press('Tab')
    }
    await page.keyboard.press('Enter')

    await page.getByText('Confidence: 92%').waitFor()
    expect(await page.getByText('Treadmill', { exact: true }).count()).toBeGreaterThan(0)
    expect(await effortRow(page, 'light')).toEqual(formula(4.8, 70, 30))
    expect(await effortRow(page, 'moderate')).toEqual(formula(5.5, 70, 30))
    expect(await effortRow(page, 'vigorous')).toEqual(formula(9.3, 70, 30))
    expect((await effortRow(page, 'vigorous'))[2]).toBe('342')
    await page.getByText('2024 Adult Compendium of Physical Activities').waitFor()

    await page.getByLabel('Your weight (kg)').fill('85')
    expect(await effortRow(page, 'vigorous')).toEqual(formula(9.3, 85, 30))
    await page.getByLabel('Minutes').fill('50')
    expect(await effortRow(page, 'vigorous')).toEqual(formula(9.3, 85, 50))
    await page.getByText('About 357 to 692 kcal in 50 minutes at 85 kg.').waitFor()
    await expectAccessible(page)
    await context.close()
  })

  it('refuses a file that is not an image', async () => {
    const { page, context } = await newVisitor(browser)
    await page.goto('/scan')
    await page
      .getByLabel(/Choose an image/)
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') })
    await page.getByText('Please choose an image (JPEG, PNG, GIF or WebP).').waitFor()
    expect(await page.getByRole('button', { name: 'Analyze Equipment' }).isDisabled()).toBe(true)
    await context.close()
  })

  it('works in Arabic on a phone, right to left and accessible', async () => {
    const { page, context } = await newVisitor(browser, { language: 'ar', viewport: phone })
    await page.goto('/scan')
    await page.getByRole('heading', { name: 'ماسح الأجهزة الرياضية' }).waitFor()
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl')
    await expectAccessible(page)
    await page.getByLabel(/اختر صورة/).setInputFiles(photoPath)
    await page.getByRole('button', { name: 'حلّل الجهاز' }).click()
    await page.getByText('درجة الثقة: 92٪').waitFor()
    expect(await effortRow(page, 'vigorous')).toEqual(formula(9.3, 70, 30))
    // Nothing sticks out sideways at 390 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width)
    await expectAccessible(page)
    await context.close()
  })
})

describe('the equipment scanner without a vision model', () => {
  let manual: ServerProcess
  beforeAll(async () => {
    // Its own server with no API key (even if the developer's shell has one).
    manual = await startServer({ VISION_API_KEY: '' })
  })
  afterAll(() => manual?.stop())

  it('keeps the upload, and analysing says recognition is unavailable and offers the picker beside the photo', async () => {
    const { page, context } = await newVisitor(browser)
    await page.goto(`${manual.baseURL}/scan`)
    // The spec's screen, as with a model, and nothing about servers.
    await page.getByText('Upload an image and analyze to see results.').waitFor()
    const analyze = page.getByRole('button', { name: 'Analyze Equipment' })
    expect(await analyze.isDisabled()).toBe(true)
    expect(await page.getByText(/server/i).count()).toBe(0)
    await expectAccessible(page)

    await page.getByLabel(/Choose an image/).setInputFiles(photoPath)
    await page.getByRole('img', { name: 'The photo to analyze' }).waitFor()
    await analyze.click()
    await page.getByText(/Automatic recognition is unavailable/).waitFor()
    expect(await page.getByRole('img', { name: 'The photo to analyze' }).isVisible()).toBe(true)
    await expectAccessible(page)

    // Radio buttons: arrow keys move from one piece of equipment to the next.
    await page.getByRole('radio', { name: 'Treadmill' }).check()
    expect(await effortRow(page, 'vigorous')).toEqual(formula(9.3, 70, 30))
    await page.keyboard.press('ArrowDown')
    expect(await page.getByRole('radio', { name: 'Stationary bike' }).isChecked()).toBe(true)
    expect(await effortRow(page, 'moderate')).toEqual(formula(6.8, 70, 30))
    await page.getByRole('radio', { name: 'Swimming pool' }).check()
    await page.getByLabel('Your weight (kg)').fill('60')
    expect(await effortRow(page, 'light')).toEqual(formula(5.3, 60, 30))
    expect(await page.getByText(/Confidence/).count()).toBe(0)
    await expectAccessible(page)
    await context.close()
  })
})
