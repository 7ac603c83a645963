import { describe, expect, it } from 'vitest'
import { languages } from './i18n.ts'
import { pageHeading, pageMeta } from './page-meta.ts'
import { pageForPath, pagePaths } from './routes.ts'

describe('the page table', () => {
  it('has every route of the spec', () => {
    for (const path of [
      '/',
      '/gyms',
      '/scan',
      '/vendors',
      '/register',
      '/login',
      '/forgot-password',
      '/about',
      '/terms',
      '/faq',
      '/contact',
      '/cart',
      '/bookings',
      '/checkout',
      '/review-booking',
      '/unauthorized',
    ]) {
      expect(pageForPath(path), path).toBeDefined()
    }
  })

  it('ignores a trailing slash and knows unknown paths', () => {
    expect(pageForPath('/faq/')).toBe('faq')
    expect(pageForPath('/nope')).toBeUndefined()
  })

  it('has a title and description for every page in every language', () => {
    for (const key of [...Object.values(pagePaths), 'notFound' as const]) {
      for (const language of languages) {
        const meta = pageMeta(key, language)
        expect(meta.title.length, `${key} ${language}`).toBeGreaterThan(3)
        expect(meta.description.length, `${key} ${language}`).toBeGreaterThan(10)
        expect(meta.title).toContain(pageHeading(key, language))
      }
    }
  })
})
