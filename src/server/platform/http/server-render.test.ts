import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sampleValue, scrape } from '../../../../tests/support/metrics.ts'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts'
import * as webEntry from '../../../web/entry-server.tsx'
import { seedIfEmpty } from '../../seed.ts'
import type { PageRenderer } from './server-render.ts'

const template = `<!doctype html>
<html lang="en" dir="ltr">
  <head>
    <meta charset="UTF-8" />
    <title>DayPass Bahrain</title><meta name="description" content="placeholder" />
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`

let distDir: string
const renders: string[] = []
/** The web app's own server entry, counting what it renders. */
const countingRenderer: PageRenderer = {
  ...webEntry,
  renderPage(url, language, data, slot) {
    renders.push(`${language} ${url.pathname}${url.search}`)
    return webEntry.renderPage(url, language, data, slot)
  },
}

let t: TestApp
beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'web-dist-'))
  await writeFile(join(distDir, 'index.html'), template)
  t = await createTestApp({ WEB_DIST_DIR: distDir }, () => ({ pageRenderer: countingRenderer }))
  await seedIfEmpty(t.database.db)
})
afterAll(() => t.close())

function rootOf(html: string): string {
  return (
    /<div id="root">([\s\S]*)<\/div><script type="application\/json" id="server-state"/.exec(html)?.[1] ?? ''
  )
}

function stateOf(html: string) {
  const json = /<script type="application\/json" id="server-state"[^>]*>(.*?)<\/script>/.exec(html)?.[1]
  return json ? JSON.parse(json) : undefined
}

describe('server rendering', () => {
  it('writes the venue list into the page, with the API answer it was drawn from', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/gyms' })
    const api = await t.app.inject({ method: 'GET', url: '/api/gyms' })
    expect(page.statusCode).toBe(200)
    const text = rootOf(page.body).replaceAll('&#x27;', "'").replaceAll('&amp;', '&')
    for (const gym of api.json().gyms) expect(text.includes(`>${gym.name.en}</a>`), gym.name.en).toBe(true)
    expect(text.includes('BD 14.000')).toBe(true)
    const state = stateOf(page.body)
    expect(state.language).toBe('en')
    // The text it was drawn with comes with it, in its language: the app starts without fetching it.
    expect(Object.keys(state.text)).toEqual(expect.arrayContaining(['common', 'catalog']))
    expect(state.text.catalog.gymsHeading).toBe('Gyms & Classes')
    expect(state.queries.queries).toHaveLength(1)
    expect(state.queries.queries[0].queryKey).toEqual(['gyms', ''])
    expect(state.queries.queries[0].state.data).toEqual(api.json())
    // The data came with the page: no hint to fetch it again.
    expect(page.body).not.toContain('as="fetch"')
    // Nor to fetch the app's code ahead: it would compete with what draws the page (src/web/boot.ts).
    expect(page.body).not.toContain('rel="modulepreload"')
  })

  it('renders a venue page in Arabic, right to left, for an Arabic visitor', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/gyms/vida-beach-hotel',
      headers: { cookie: 'lang=ar' },
    })
    expect(page.body).toContain('<html lang="ar" dir="rtl">')
    const root = rootOf(page.body)
    expect(root).toMatch(/<h1[^>]*>[^<]*فيدا/)
    expect(stateOf(page.body).queries.queries[0].queryKey).toEqual(['gym', 'vida-beach-hotel'])
    expect(stateOf(page.body).text.catalog.back).toBe('رجوع')
  })

  it('renders the home page, about and terms; only the home page has data, its announcement', async () => {
    for (const url of ['/', '/about', '/terms']) {
      const page = await t.app.inject({ method: 'GET', url })
      expect(rootOf(page.body), url).toMatch(/<h1/)
      const keys = stateOf(page.body).queries.queries.map((query: { queryKey: unknown }) => query.queryKey)
      expect(keys, url).toEqual(url === '/' ? [['announcement']] : [])
    }
  })

  it('draws the layout around a skeleton for pages that depend on the visitor, with the early-taps script', async () => {
    for (const url of ['/cart', '/checkout', '/login', '/bookings', '/faq', '/contact']) {
      const page = await t.app.inject({ method: 'GET', url })
      expect(page.statusCode, url).toBe(200)
      const root = rootOf(page.body)
      expect(root, url).toContain('<header')
      expect(root, url).toContain('<footer')
      expect(root, url).toContain('aria-busy="true"')
      expect(page.body, url).toContain('id="server-state" data-skeleton>')
      expect(stateOf(page.body).slot, url).toBe('skeleton')
      expect(page.body, url).toContain('<script nonce=')
    }
  })

  it('draws "Page not found" with a 404 for an unknown path and an unknown venue', async () => {
    for (const url of ['/no-such-page', '/gyms/no-such-venue']) {
      const page = await t.app.inject({ method: 'GET', url })
      expect(page.statusCode, url).toBe(404)
      expect(rootOf(page.body), url).toMatch(/<h1[^>]*>Page not found<\/h1>/)
      expect(stateOf(page.body).slot, url).toBe('notFound')
    }
  })

  it('keeps a search term from closing the data block or the page', async () => {
    const search = '</script><script>alert(1)</script>'
    const page = await t.app.inject({ method: 'GET', url: `/gyms?search=${encodeURIComponent(search)}` })
    expect(page.statusCode).toBe(200)
    expect(page.body).not.toContain('<script>alert(1)')
    // The key is the filters' canonical query (src/shared/catalog-filters.ts), the search in it encoded.
    expect(stateOf(page.body).queries.queries[0].queryKey).toEqual([
      'gyms',
      new URLSearchParams({ search }).toString(),
    ])
  })

  it('draws the venue list without a search too long to answer, and says so', async () => {
    const page = await t.app.inject({ method: 'GET', url: `/gyms?search=${'x'.repeat(5000)}` })
    expect(page.statusCode).toBe(200)
    expect(stateOf(page.body).slot).toBe('page')
    expect(rootOf(page.body)).toContain('Some filters could not be read')
  })

  it('renders a page once per language and data, and again when either changes', async () => {
    renders.length = 0
    await t.app.inject({ method: 'GET', url: '/gyms?search=spa' })
    await t.app.inject({ method: 'GET', url: '/gyms?search=spa' })
    await t.app.inject({ method: 'GET', url: '/gyms?search=spa', headers: { cookie: 'lang=ar' } })
    await t.app.inject({ method: 'GET', url: '/gyms?search=pool' })
    expect(renders).toEqual(['en /gyms?search=spa', 'ar /gyms?search=spa', 'en /gyms?search=pool'])
  })
})

describe('pages on /metrics', () => {
  it('counts a page by its pattern in the route manifest, and an unknown page as unmatched', async () => {
    const count = (samples: Awaited<ReturnType<typeof scrape>>, route: string, status: string) =>
      sampleValue(samples, 'http_requests_total', { method: 'GET', route, status }) ?? 0
    const before = await scrape(t)
    await t.app.inject({ method: 'GET', url: '/gyms/manama-marina-hotel' })
    await t.app.inject({ method: 'GET', url: '/gyms/no-such-venue' })
    await t.app.inject({ method: 'GET', url: '/no/such/page' })
    const after = await scrape(t)
    expect(count(after, '/gyms/:id', '200')).toBe(count(before, '/gyms/:id', '200') + 1)
    expect(count(after, 'unmatched', '404')).toBe(count(before, 'unmatched', '404') + 2)
    const routes = after.filter((sample) => sample.name === 'http_requests_total').map((s) => s.labels.route)
    expect(routes.filter((route) => route?.includes('manama') || route?.includes('such'))).toEqual([])
  })
})

describe('when rendering fails', () => {
  it('draws the error screen in the layout, with a 500', async () => {
    const failingPages: PageRenderer = {
      ...webEntry,
      renderPage: (url, language, data, slot) =>
        slot?.slot === 'error'
          ? webEntry.renderPage(url, language, data, slot)
          : Promise.reject(new Error('render exploded')),
    }
    const lines: Array<{ reqId?: string; msg?: string }> = []
    const app = await createTestApp({ WEB_DIST_DIR: distDir, LOG_LEVEL: 'error' }, () => ({
      pageRenderer: failingPages,
      logDestination: { write: (text: string) => void lines.push(JSON.parse(text)) },
    }))
    try {
      await seedIfEmpty(app.database.db)
      const page = await app.app.inject({ method: 'GET', url: '/gyms' })
      expect(page.statusCode).toBe(500)
      // The failure is logged with the request's id, which the answer names.
      const failure = lines.find((line) => line.msg?.startsWith('server rendering failed'))
      expect(failure?.reqId).toBe(page.headers['x-request-id'])
      expect(rootOf(page.body)).toContain('Unexpected Application Error!')
      expect(rootOf(page.body)).toContain('<header')
      expect(stateOf(page.body).slot).toBe('error')
    } finally {
      await app.close()
    }
  })

  it('sends the page for the browser to draw when even the error screen fails, and logs why', async () => {
    const failing: PageRenderer = {
      ...webEntry,
      renderPage: () => Promise.reject(new Error('render exploded')),
    }
    const app = await createTestApp({ WEB_DIST_DIR: distDir }, () => ({ pageRenderer: failing }))
    try {
      await seedIfEmpty(app.database.db)
      const page = await app.app.inject({ method: 'GET', url: '/gyms' })
      expect(page.statusCode).toBe(200)
      expect(page.body).toContain('<div id="root"></div>')
      expect(page.body).toContain('as="fetch"')
    } finally {
      await app.close()
    }
  })
})
