import AxeBuilder from '@axe-core/playwright'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { expect } from 'vitest'
import { ownServer } from './workers.ts'

export const phone = { width: 390, height: 844 }
export const desktop = { width: 1280, height: 900 }

/**
 * Debian's Chromium, with the flags this closed network needs (no background calls home); `args`
 * adds switches, e.g. a fake camera for the desk's camera scan.
 */
export function launchBrowser(args: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...args,
    ],
  })
}

export function baseURL(): string {
  return ownServer().baseURL
}

/** A fresh visitor (no cookies, no storage) in the given language and viewport. */
let visitors = 0
/** A documentation address (RFC 5737) per visitor: 198.51.100.1, .2 … then 203.0.113.x. */
export function nextVisitorAddress(): string {
  visitors++
  return visitors <= 254 ? `198.51.100.${visitors}` : `203.0.113.${((visitors - 255) % 254) + 1}`
}

export async function newVisitor(
  browser: Browser,
  {
    language = 'en',
    viewport = desktop,
  }: { language?: 'en' | 'ar'; viewport?: { width: number; height: number } } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport,
    locale: language === 'ar' ? 'ar-BH' : 'en-GB',
    // The address the server's one trusted proxy reports (TRUST_PROXY=1, server-process.ts).
    extraHTTPHeaders: { 'x-forwarded-for': nextVisitorAddress() },
  })
  if (language === 'ar') {
    await context.addInitScript(() => {
      if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'ar')
    })
  }
  const page = await context.newPage()
  // A server-rendered page is on screen before the app has started, and a click then is a plain
  // link, a plain form, or nothing: act as a visitor who waits until the page works.
  const goto = page.goto.bind(page)
  const reload = page.reload.bind(page)
  const appReady = () => page.waitForSelector('html[data-app-ready]', { state: 'attached' })
  page.goto = async (url, options) => {
    const response = await goto(url, options)
    await appReady()
    return response
  }
  page.reload = async (options) => {
    const response = await reload(options)
    await appReady()
    return response
  }
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  ;(page as Page & { consoleErrors: string[] }).consoleErrors = errors
  return { context, page }
}

/** Errors the page logged or threw: a CSP violation or a failed request shows up here. */
export function consoleErrors(page: Page): string[] {
  return (page as Page & { consoleErrors?: string[] }).consoleErrors ?? []
}

/** axe-core on the current page: no serious or critical violations (WCAG 2.1 A and AA rules). */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    )
  expect(serious, `axe on ${page.url()}`).toEqual([])
}
