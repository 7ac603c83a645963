import { chromium, type Page } from 'playwright-core'

/**
 * How soon a page answers a visitor on a phone (docs/decisions/018): the page loaded in Chromium
 * under Lighthouse's mobile throttling, applied through the DevTools protocol (4× slower CPU,
 * 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip), with the visitor acting as soon as the first
 * paint is on screen. Real throttling, not Lighthouse's simulation: figures are of one real load.
 */
export interface Interactivity {
  /** First contentful paint, ms after navigation start. */
  fcpMs: number
  /** When `<html data-app-ready>` appeared: the app has hydrated and handles the page. */
  readyMs: number
  /** The time between them, while only the early-event script answers taps. */
  windowMs: number
  /** JavaScript the page fetched before it was ready (as transferred), in KiB. */
  scriptKiB: number
  /** Actions made right after the first paint, and how many of them took no effect. */
  actions: number
  lost: number
  /** How many of the actions were made before the app was ready (so were held and replayed). */
  early: number
}

/** One scripted action: done at once after the first paint, then checked once the app is ready. */
export interface EarlyAction {
  name: string
  act(page: Page): Promise<void>
  tookEffect(page: Page): Promise<boolean>
}

const mobile = { width: 390, height: 844 }

export async function measureInteractivity(url: string, actions: EarlyAction[]): Promise<Interactivity> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  })
  try {
    const context = await browser.newContext({
      // The benchmark front's self-signed certificate (support/https-front.ts).
      ignoreHTTPSErrors: true,
      viewport: mobile,
      locale: 'en-GB',
      isMobile: true,
      hasTouch: true,
    })
    const page = await context.newPage()
    // Records when the app marks itself ready, from the first byte. The script runs before the
    // document has its <html> element, so it watches the document for the attribute to appear.
    await page.addInitScript(() => {
      const timing = window as unknown as { appReadyAt?: number }
      new MutationObserver((_, observer) => {
        if (document.documentElement?.hasAttribute('data-app-ready')) {
          timing.appReadyAt = performance.now()
          observer.disconnect()
        }
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-app-ready'] })
    })
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    })
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await page.goto(url, { waitUntil: 'commit' })
    await page.waitForFunction(
      () => performance.getEntriesByName('first-contentful-paint').length > 0,
      null,
      {
        polling: 'raf',
        timeout: 60_000,
      },
    )
    let early = 0
    for (const action of actions) {
      if (!(await page.evaluate(() => document.documentElement.hasAttribute('data-app-ready')))) early++
      await action.act(page)
    }
    await page.waitForSelector('html[data-app-ready]', { state: 'attached', timeout: 60_000 })
    let lost = 0
    for (const action of actions) if (!(await action.tookEffect(page))) lost++
    const timing = await page.evaluate(() => {
      const ready = (window as unknown as { appReadyAt?: number }).appReadyAt
      if (ready === undefined) throw new Error('The moment the app was ready was not recorded')
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0
      const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
        (entry) => entry.name.endsWith('.js') && entry.responseEnd <= ready,
      )
      return { fcp, ready, scriptBytes: scripts.reduce((sum, entry) => sum + entry.transferSize, 0) }
    })
    return {
      fcpMs: Math.round(timing.fcp),
      readyMs: Math.round(timing.ready),
      windowMs: Math.round(timing.ready - timing.fcp),
      scriptKiB: Math.round((timing.scriptBytes / 1024) * 10) / 10,
      actions: actions.length,
      lost,
      early,
    }
  } finally {
    await browser.close()
  }
}

/** The actions a visitor makes at once on each page: the menu, and the page's own control. */
export function earlyActionsFor(path: string): EarlyAction[] {
  const menu: EarlyAction = {
    name: 'open the menu',
    act: (page) => page.getByRole('button', { name: 'Open menu' }).tap(),
    // A held tap is replayed once the page's content has hydrated too, a moment after the app
    // marks itself ready (src/web/app/content-hydrated.tsx): wait for it, as for the pass below.
    tookEffect: async (page) => {
      await page
        .waitForSelector('header button[aria-expanded="true"]', { timeout: 10_000 })
        .catch(() => undefined)
      return (await page.locator('header button[aria-expanded]').getAttribute('aria-expanded')) === 'true'
    },
  }
  if (path === '/gyms' || path === '/') {
    return [
      {
        name: 'type "seef" and press Enter',
        act: async (page) => {
          const box = page.getByRole('searchbox')
          await box.pressSequentially('seef')
          await box.press('Enter')
        },
        tookEffect: async (page) => {
          await page.waitForURL('**/gyms?search=seef', { timeout: 20_000 }).catch(() => undefined)
          await page.waitForSelector('html[data-app-ready]', { state: 'attached', timeout: 60_000 })
          return (await page.getByRole('searchbox').inputValue()) === 'seef'
        },
      },
    ]
  }
  return [
    menu,
    {
      name: 'choose a pass',
      act: (page) => page.locator('button[aria-pressed]').first().tap(),
      tookEffect: async (page) => {
        await page.waitForSelector('button[aria-pressed="true"]', { timeout: 10_000 }).catch(() => undefined)
        return (await page.locator('button[aria-pressed="true"]').count()) === 1
      },
    },
  ]
}
