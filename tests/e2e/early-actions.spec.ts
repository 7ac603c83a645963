import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { baseURL, desktop, launchBrowser, phone } from './support/browser.ts'

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

/** A fresh visitor with the CPU slowed 4×, as Lighthouse's mobile profile does, on `path` just loaded. */
async function earlyVisit(path: string, viewport = desktop): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseURL(), viewport, locale: 'en-GB' })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  pageErrors.set(page, errors)
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  // Acts right after the load event: the page is drawn, the app's code may still be on its way.
  await page.goto(path, { waitUntil: 'load' })
  return page
}

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
      const page = await earlyVisit(path, phone)
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
