import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { pagePreloads } from './page-preloads.ts'

/** A build manifest as Vite writes it, reduced to what the preloads read. */
const manifest = {
  'index.html': {
    file: 'assets/index-1.js',
    isEntry: true,
    imports: ['_react-1.js'],
    assets: ['assets/inter-latin-600-normal-1.woff2', 'assets/inter-latin-600-normal-1.woff'],
  },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_card-1.js': { file: 'assets/card-1.js', imports: ['_react-1.js'] },
  'src/web/features/catalog/pages/gyms-page.tsx': {
    file: 'assets/gyms-page-1.js',
    isDynamicEntry: true,
    imports: ['_react-1.js', '_card-1.js'],
  },
  'src/web/features/accounts/pages/forgot-password-page.tsx': {
    file: 'assets/forgot-password-page-1.js',
    isDynamicEntry: true,
  },
}

let preloads: ReturnType<typeof pagePreloads>
beforeAll(async () => {
  const dist = await mkdtemp(join(tmpdir(), 'web-dist-'))
  await mkdir(join(dist, '.vite'))
  await writeFile(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest))
  preloads = pagePreloads(dist)
})

const url = (path: string) => new URL(path, 'http://localhost')

describe('page preloads', () => {
  it("preload a page's own chunks, not those index.html already preloads", () => {
    const hints = preloads('gyms', url('/gyms'), 'en')
    expect(hints).toContain('<link rel="modulepreload" crossorigin href="/assets/gyms-page-1.js">')
    expect(hints).toContain('<link rel="modulepreload" crossorigin href="/assets/card-1.js">')
    expect(hints).not.toContain('react-1.js')
    expect(preloads('forgotPassword', url('/forgot-password'), 'en')).toContain('forgot-password-page-1.js')
  })

  it('fetch the data the page asks for first, by the URL the app uses', () => {
    expect(preloads('gyms', url('/gyms?search=pool%20%26%20spa'), 'en')).toContain(
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/gyms?search=pool%20%26%20spa">',
    )
    expect(preloads('gym', url('/gyms/vida-beach-hotel'), 'en')).toContain(
      'href="/api/gyms/vida-beach-hotel"',
    )
    expect(preloads('home', url('/'), 'en')).not.toContain('as="fetch"')
  })

  it('load the first screen’s font in woff2 and the largest image with its sizes', () => {
    const hints = preloads('gyms', url('/gyms'), 'en', { imageKey: 'a/cover', sizes: '100vw' })
    expect(hints).toContain(
      '<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/inter-latin-600-normal-1.woff2">',
    )
    expect(hints).not.toContain('.woff"')
    expect(hints).toMatch(
      /<link rel="preload" as="image" type="image\/avif" fetchpriority="high" imagesrcset="\/images\/venues\/a\/cover-480.avif 480w, [^"]+" imagesizes="100vw">/,
    )
  })

  it('are empty without a build manifest', async () => {
    const empty = pagePreloads(await mkdtemp(join(tmpdir(), 'web-dist-')))
    expect(empty('home', url('/'), 'en')).toBe('')
  })
})
