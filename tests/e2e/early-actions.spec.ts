import { randomUUID } from 'node:crypto'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { baseURL, desktop, launchBrowser, nextVisitorAddress, phone } from './support/browser.ts'

/**
 * A visitor on a slow phone acts as soon as the page is drawn, before the app's code has started
 * (docs/decisions/018). Every action must take effect: none may be dropped, and nothing typed lost.
 * Unlike the other specs, nothing here waits for `data-app-ready` before acting.
 */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const venue = '/gyms/manama-marina-hotel'
const allVenues = 8

interface Visit {
  viewport?: { width: number; height: number }
  language?: 'en' | 'ar'
  /** Also Lighthouse's mobile network (1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip). */
  slowNetwork?: boolean
  /**
   * Holds the app's code (its `app-modules` chunk, main.tsx's) back until `releaseAppCode`: typing a whole address
   * key by key can take longer than the app takes to start, even on a slow phone, and what is done
   * before the release is certainly done on the page as the server drew it.
   */
  holdAppCode?: boolean
}

/**
 * A fresh visitor with the CPU slowed 4×, as Lighthouse's mobile profile does, on `path` just
 * loaded: after the load event, or on a slow network as soon as the page has begun to arrive (the
 * actions then wait only for their control to be drawn).
 */
async function earlyVisit(
  path: string,
  { viewport = desktop, language = 'en', slowNetwork = false, holdAppCode = false }: Visit = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport,
    locale: language === 'ar' ? 'ar-BH' : 'en-GB',
    extraHTTPHeaders: { 'x-forwarded-for': nextVisitorAddress() },
  })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  pageErrors.set(page, errors)
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  if (slowNetwork) {
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    })
  }
  if (holdAppCode) {
    const released = new Promise<void>((resolve) => appCodeGates.set(page, resolve))
    await page.route('**/assets/app-modules-*.js', async (route) => {
      await released
      await route.continue()
    })
  }
  // Acts right after the load event (on a slow network, as soon as the page begins to arrive):
  // the page is drawn, the app's code may still be on its way.
  await page.goto(path, { waitUntil: slowNetwork ? 'commit' : 'load' })
  return page
}

const appCodeGates = new WeakMap<Page, () => void>()
const releaseAppCode = (page: Page) => appCodeGates.get(page)?.()

/** The CPU is slowed 4×: give the app the time it takes, rather than a browser test's usual second. */
const patiently = { timeout: 30_000 }
const pageErrors = new WeakMap<Page, string[]>()
const appReady = (page: Page) => page.waitForSelector('html[data-app-ready]', { state: 'attached' })
const venueCards = (page: Page) => page.locator('article[aria-labelledby^="gym-"]')

async function finish(page: Page) {
  await appReady(page)
  expect(pageErrors.get(page)).toEqual([])
  await page.context().close()
}

describe('actions made as soon as the page is drawn', () => {
  it('a tap on a pass chooses it', async () => {
    const page = await earlyVisit(venue)
    const pass = page.locator('button[aria-pressed]').first()
    await pass.click()
    await appReady(page)
    await expect.poll(() => pass.getAttribute('aria-pressed'), patiently).toBe('true')
    await finish(page)
  })

  it('a tap on the highlights’ next arrow moves them on, though the carousel loads after the app', async () => {
    const page = await earlyVisit('/')
    const highlights = page.getByRole('region', { name: 'Venue highlights' })
    await highlights.getByRole('button', { name: 'Next', exact: true }).click()
    await appReady(page)
    const dot = (number: number) =>
      highlights.getByRole('button', { name: `Go to slide ${number}`, exact: true })
    await expect.poll(() => dot(2).getAttribute('aria-current'), patiently).toBe('true')
    expect(await dot(1).getAttribute('aria-current')).toBeNull()
    await finish(page)
  })

  for (const path of ['/', '/gyms', venue]) {
    it(`the language switch on ${path} turns the page Arabic`, async () => {
      const page = await earlyVisit(path)
      await page.getByRole('button', { name: 'Switch to Arabic' }).click()
      await appReady(page)
      await expect.poll(() => page.locator('html').getAttribute('lang'), patiently).toBe('ar')
      await expect.poll(() => page.locator('html').getAttribute('dir'), patiently).toBe('rtl')
      await finish(page)
    })

    it(`the menu button on ${path} opens the menu on a phone`, async () => {
      const page = await earlyVisit(path, { viewport: phone })
      const toggle = page.getByRole('button', { name: /menu/i })
      await toggle.click()
      await appReady(page)
      await expect.poll(() => toggle.getAttribute('aria-expanded'), patiently).toBe('true')
      expect(await page.getByRole('link', { name: 'Gyms & Classes' }).last().isVisible()).toBe(true)
      await finish(page)
    })
  }

  for (const path of ['/', '/gyms']) {
    it(`a search typed on ${path} and sent with Enter runs with its text`, async () => {
      const page = await earlyVisit(path)
      const box = page.getByRole('searchbox')
      await box.pressSequentially('seef')
      await box.press('Enter')
      await page.waitForURL('**/gyms?search=seef')
      await appReady(page)
      await venueCards(page).first().waitFor()
      await expect.poll(() => venueCards(page).count(), patiently).toBeLessThan(allVenues)
      expect(await page.getByRole('searchbox').inputValue()).toBe('seef')
      await finish(page)
    })
  }

  it('filters chosen and sent before the app starts are all applied', async () => {
    const page = await earlyVisit('/gyms', { viewport: phone, holdAppCode: true })
    const form = page.getByRole('form', { name: 'Filters' })
    await form.locator('summary').click() // the phone's folded filters open without the app
    await form.getByRole('combobox', { name: 'Area' }).selectOption('Seef')
    await form.getByRole('checkbox', { name: 'Pool', exact: true }).check()
    await form.getByRole('button', { name: 'Show venues' }).click()
    releaseAppCode(page)
    await page.waitForURL((url) => url.search === '?area=seef&facility=pool', patiently)
    await appReady(page)
    await expect.poll(() => venueCards(page).count(), patiently).toBeLessThan(allVenues)
    // The new list's panel is folded again on the phone; its fields show the filters applied.
    expect(await form.locator('summary').textContent()).toBe('Filters(2)')
    expect(await form.locator('select[name="area"]').inputValue()).toBe('seef')
    expect(await form.locator('input[name="facility"][value="pool"]').isChecked()).toBe(true)
    await finish(page)
  })

  it('text typed before the app starts stays in the box and is searched for', async () => {
    const page = await earlyVisit('/gyms')
    await page.getByRole('searchbox').pressSequentially('seef')
    await appReady(page)
    expect(await page.getByRole('searchbox').inputValue()).toBe('seef')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await page.waitForURL('**/gyms?search=seef')
    await expect.poll(() => venueCards(page).count(), patiently).toBeLessThan(allVenues)
    expect(await page.getByRole('searchbox').inputValue()).toBe('seef')
    await finish(page)
  })
})

describe('the newsletter form filled in before the app has started', () => {
  const texts = {
    en: {
      label: 'Email address',
      subscribe: 'Subscribe',
      thanks: 'Thank you for subscribing!',
      invalid: 'Please enter a valid email address',
    },
    ar: {
      label: 'البريد الإلكتروني',
      subscribe: 'اشترك',
      thanks: 'شكراً لاشتراكك!',
      invalid: 'يرجى إدخال بريد إلكتروني صحيح',
    },
  }
  const started = (page: Page) => page.evaluate(() => document.documentElement.hasAttribute('data-app-ready'))

  for (const language of ['en', 'ar'] as const) {
    const text = texts[language]

    it(`(${language}) an address typed and sent early subscribes it`, async () => {
      const page = await earlyVisit('/', { language, slowNetwork: true, holdAppCode: true })
      const email = `early-${randomUUID()}@example.bh`
      const field = page.getByLabel(text.label, { exact: true })
      await field.pressSequentially(email)
      await page.getByRole('button', { name: text.subscribe, exact: true }).click()
      expect(await started(page)).toBe(false)
      releaseAppCode(page)
      await appReady(page)
      await expect
        .poll(() => page.getByRole('status').filter({ hasText: text.thanks }).count(), patiently)
        .toBe(1)
      await finish(page)
    })

    it(`(${language}) a wrong address typed early gets its live error once the app starts`, async () => {
      const page = await earlyVisit('/', { language, slowNetwork: true, holdAppCode: true })
      const field = page.getByLabel(text.label, { exact: true })
      await field.pressSequentially('layla@example')
      expect(await started(page)).toBe(false)
      releaseAppCode(page)
      await appReady(page)
      await expect.poll(() => page.getByRole('alert').allInnerTexts(), patiently).toContain(text.invalid)
      expect(await field.inputValue()).toBe('layla@example')
      expect(await page.getByRole('button', { name: text.subscribe, exact: true }).isDisabled()).toBe(true)
      await finish(page)
    })
  }
})
