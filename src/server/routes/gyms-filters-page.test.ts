import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import * as webEntry from '../../web/entry-server.tsx'
import { CatalogService } from '../domain/catalog/service.ts'
import { seedIfEmpty } from '../seed.ts'

// Tuesday 1 December 2026, 10:30 in Bahrain.
const clock = new Date('2026-12-01T07:30:00Z')
const template = `<!doctype html>
<html lang="en" dir="ltr">
  <head><meta charset="UTF-8" /><title>DayPass Bahrain</title><meta name="description" content="x" /></head>
  <body><div id="root"></div></body>
</html>`

let t: TestApp
beforeAll(async () => {
  const distDir = await mkdtemp(join(tmpdir(), 'web-dist-'))
  await writeFile(join(distDir, 'index.html'), template)
  t = await createTestApp({ WEB_DIST_DIR: distDir }, (database) => ({
    pageRenderer: webEntry,
    now: () => clock,
    catalog: new CatalogService(database.db, { cacheMs: 0, now: () => clock }),
  }))
  await seedIfEmpty(t.database.db)
})
afterAll(() => t.close())

const page = async (url: string) => {
  const response = await t.app.inject({ method: 'GET', url })
  return {
    status: response.statusCode,
    html: response.body.replaceAll('&#x27;', "'").replaceAll('&amp;', '&'),
  }
}

describe('the /gyms page with filters in its URL', () => {
  it('draws the filtered venues, their day price and next slot, with the form filled in', async () => {
    const { status, html } = await page('/gyms?area=Seef&facility=pool&date=2026-12-02&hour=7&sort=price')
    expect(status).toBe(200)
    expect(html).toContain('>Seef Towers Residences</a>')
    expect(html).not.toContain('>Vida Beach Hotel</a>')
    expect(html).toContain('Next: 07:00, 12 places')
    expect(html).toMatch(/from BD \d+\.\d{3}/)
    expect(html).toContain('<option value="seef" selected="">')
    expect(html).toContain('name="facility" checked="" value="pool"')
    // Each active filter has a clear link that works without JavaScript.
    expect(html).toContain('href="/gyms?facility=pool&date=2026-12-02&hour=7&sort=price"')
  })

  it('draws the unfiltered list for values it cannot read, never an error', async () => {
    for (const query of [
      'area=Nowhere',
      'min=abc',
      'hour=25',
      'date=2026-13-45',
      'page=0',
      'date=2020-01-01',
    ]) {
      const { status, html } = await page(`/gyms?${query}`)
      expect(status, query).toBe(200)
      expect(html, query).toContain('>Vida Beach Hotel</a>')
      expect(html, query).toContain('Some filters could not be read')
    }
  })

  it('says which filter to loosen when nothing matches, in Arabic too', async () => {
    const { html } = await page('/gyms?area=Seef&facility=beach-access')
    expect(html).toContain('No venue matches all these filters')
    expect(html).toContain('href="/gyms?facility=beach-access"')
    expect(html).toContain('href="/gyms?area=seef"')
    const arabic = await t.app.inject({
      method: 'GET',
      url: '/gyms?area=Seef&facility=beach-access',
      headers: { cookie: 'lang=ar' },
    })
    expect(arabic.body).toContain('جرّب تخفيف أحدها')
  })
})
