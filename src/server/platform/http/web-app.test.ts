import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseHtml } from '../../../../tests/support/html.ts'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts'
import { CatalogService } from '../../domain/catalog/service.ts'
import { seedIfEmpty } from '../../seed.ts'

const template = `<!doctype html>
<html lang="en" dir="ltr">
  <head>
    <title>DayPass Bahrain</title>
    <meta name="description" content="placeholder" />
    <meta property="og:title" content="placeholder" />
    <meta property="og:description" content="placeholder" />
    <script type="module" src="/assets/index-abc123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`

let t: TestApp
const script = `console.log(${JSON.stringify('x'.repeat(2000))})`
beforeAll(async () => {
  const dist = await mkdtemp(join(tmpdir(), 'web-dist-'))
  await mkdir(join(dist, 'assets'))
  await writeFile(join(dist, 'index.html'), template)
  await writeFile(join(dist, 'assets', 'index-abc123.js'), script)
  await writeFile(join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(script))
  await writeFile(join(dist, 'assets', 'icon-abc123.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  await writeFile(join(dist, 'robots.txt'), 'User-agent: *\n')
  // Read afresh on every page, so a venue's text changed by a test shows at once.
  t = await createTestApp({ WEB_DIST_DIR: dist }, (database) => ({
    catalog: new CatalogService(database.db, { cacheMs: 0, now: () => new Date() }),
  }))
})
afterAll(() => t.close())

describe('serving the web app', () => {
  it('gives each page its own title and description', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/terms' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/html')
    expect(response.body).toContain('<title>Terms and Conditions · DayPass Bahrain</title>')
    expect(response.body).toMatch(/<meta name="description" content="The terms for booking day passes/)
    expect(response.body).toMatch(
      /<meta property="og:title" content="Terms and Conditions · DayPass Bahrain"/,
    )
    expect(response.headers['cache-control']).toBe('no-cache')
  })

  it('falls back to the app for client routes, with query strings and trailing slashes', async () => {
    for (const url of ['/', '/gyms?search=pool', '/faq/', '/bookings']) {
      const response = await t.app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(200)
      expect(response.body, url).toContain('<div id="root">')
    }
  })

  it('serves the page in Arabic, right to left, when the visitor chose Arabic', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/faq',
      headers: { cookie: 'theme=x; lang=ar' },
    })
    expect(response.body).toContain('<html lang="ar" dir="rtl">')
    expect(response.body).toContain('<title>الأسئلة الشائعة · داي باس البحرين</title>')
  })

  it("follows the browser's language when no choice was saved", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/about',
      headers: { 'accept-language': 'ar-BH,ar;q=0.9' },
    })
    expect(response.body).toContain('<html lang="ar" dir="rtl">')
  })

  it('answers an unknown page with the app and a 404 status', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/no-such-page' })
    expect(response.statusCode).toBe(404)
    expect(response.body).toContain('<title>Page not found · DayPass Bahrain</title>')
  })

  it('escapes nothing the visitor controls into the HTML', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/%3Cscript%3Ealert(1)%3C/script%3E' })
    expect(response.statusCode).toBe(404)
    expect(response.body).not.toContain('<script>alert')
  })

  it('caches hashed assets for a year and sends the pre-compressed copy', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(response.headers['content-encoding']).toBe('gzip')
  })

  it('sends a script only the headers a script acts on, and a page or an SVG the whole policy', async () => {
    const [script, compressed, svg, page] = await Promise.all(
      [
        { url: '/assets/index-abc123.js' },
        { url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } },
        { url: '/assets/icon-abc123.svg' },
        { url: '/terms' },
      ].map((request) => t.app.inject({ method: 'GET', ...request })),
    )
    for (const response of [script, compressed]) {
      expect(response?.headers['x-content-type-options']).toBe('nosniff')
      expect(response?.headers['cross-origin-resource-policy']).toBe('same-origin')
      expect(response?.headers['content-security-policy']).toBeUndefined()
      expect(response?.headers['x-frame-options']).toBeUndefined()
    }
    for (const response of [svg, page]) {
      expect(String(response?.headers['content-security-policy'])).toContain("default-src 'self'")
      expect(response?.headers['x-frame-options']).toBe('SAMEORIGIN')
    }
  })

  it('answers a missing asset with a 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/missing-123.js' })
    expect(response.statusCode).toBe(404)
  })

  it('gives each page a fresh nonce for the styles its dialogs add, in its policy and its HTML', async () => {
    const nonces = []
    for (let i = 0; i < 2; i++) {
      const response = await t.app.inject({ method: 'GET', url: '/terms' })
      const nonce = /<meta name="csp-nonce" content="([A-Za-z0-9+/=]{20,})">/.exec(response.body)?.[1]
      expect(nonce).toBeDefined()
      expect(String(response.headers['content-security-policy'])).toMatch(
        new RegExp(`style-src 'self' 'nonce-${nonce?.replace(/[+/]/g, '\\$&')}'`),
      )
      nonces.push(nonce)
    }
    expect(nonces[0]).not.toBe(nonces[1])
    const api = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(String(api.headers['content-security-policy'])).not.toContain('nonce')
  })

  it('keeps unknown API paths as JSON 404s', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/gyms-nope' })
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toContain('application/json')
  })
})

describe('venue pages', () => {
  it('carry the venue’s name, description and schema.org data', async () => {
    await seedIfEmpty(t.database.db)
    const response = await t.app.inject({ method: 'GET', url: '/gyms/vida-beach-hotel' })
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('<title>Vida Beach Hotel · DayPass Bahrain</title>')
    expect(response.body).not.toMatch(/<meta name="description" content="[^"]*\*\*/)
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(response.body)?.[1]
    const data = JSON.parse(jsonLd ?? '{}')
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Vida Beach Hotel',
      address: { addressCountry: 'BH' },
    })
    expect(data.makesOffer[0]).toMatchObject({ '@type': 'Offer', priceCurrency: 'BHD' })
  })

  it('in Arabic for an Arabic visitor', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/gyms/vida-beach-hotel',
      headers: { cookie: 'lang=ar' },
    })
    expect(response.body).toMatch(/<title>[^<]*داي باس البحرين<\/title>/)
  })

  it('answer an unknown venue with a 404 page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/gyms/no-such-venue' })
    expect(response.statusCode).toBe(404)
    expect(response.body).toContain('<title>Page not found · DayPass Bahrain</title>')
    expect(response.body).not.toContain('application/ld+json')
  })
})

describe('page HTML', () => {
  it('is compressed for a browser that accepts it, and preloads the venue’s cover image', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/gyms/vida-beach-hotel',
      headers: { 'accept-encoding': 'br, gzip' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBe('br')
    expect(response.headers.vary).toContain('accept-encoding')
    const html = brotliDecompressSync(response.rawPayload).toString()
    expect(html).toContain('<title>')
    expect(html).toMatch(/<link rel="preload" as="image" type="image\/avif"[^>]+vida-beach-hotel\//)
    expect(html).toContain(
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/gyms/vida-beach-hotel">',
    )
  })
})

describe('venue text in the page head', () => {
  // Each is a pattern String.replace expands in a replacement string; the text must come out as typed.
  const name = "Gym $1 $2 $& $' $` Club"
  const description = `Lockers cost $1 extra. 0;url=http://evil.example/about?x$2 http-equiv=refresh x $' $\` $&`

  it('is written literally: one description, no meta refresh, the JSON-LD as stored', async () => {
    await seedIfEmpty(t.database.db)
    await t.database.db
      .updateTable('venues')
      .set({ name_en: name, description_en: description })
      .where('id', '=', 'manama-marina-hotel')
      .execute()
    const response = await t.app.inject({ method: 'GET', url: '/gyms/manama-marina-hotel' })
    expect(response.statusCode).toBe(200)
    const document = parseHtml(response.body)
    const contents = (selector: string) =>
      [...document.querySelectorAll(selector)].map((tag) => tag.getAttribute('content'))
    expect(document.title).toBe(`${name} · DayPass Bahrain`)
    expect(contents('meta[name="description"]')).toEqual([description])
    expect(contents('meta[property="og:title"]')).toEqual([`${name} · DayPass Bahrain`])
    expect(contents('meta[property="og:description"]')).toEqual([description])
    expect(document.querySelectorAll('meta[http-equiv]')).toHaveLength(0)
    const jsonLd = document.querySelectorAll('script[type="application/ld+json"]')
    expect(jsonLd).toHaveLength(1)
    expect(JSON.parse(jsonLd[0]?.textContent ?? '{}')).toMatchObject({ name, description })
  })
})
