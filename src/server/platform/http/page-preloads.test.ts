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
    imports: ['_runtime-1.js'],
    // React's renderer, set up alone first (src/web/boot.ts), then the app.
    dynamicImports: ['_react-1.js', 'src/web/main.tsx'],
    assets: ['assets/inter-core-wght-normal-1.woff2', 'assets/inter-latin-wght-normal-1.woff2'],
  },
  '_runtime-1.js': { file: 'assets/runtime-1.js' },
  'src/web/main.tsx': {
    file: 'assets/main-1.js',
    isDynamicEntry: true,
    imports: ['_react-1.js', '_runtime-1.js'],
  },
  '_react-1.js': { file: 'assets/react-1.js' },
  'src/web/locales/en/common.json': { file: 'assets/common-en.js', isDynamicEntry: true },
  'src/web/locales/ar/common.json': { file: 'assets/common-ar.js', isDynamicEntry: true },
  'src/web/locales/en/catalog.json': { file: 'assets/catalog-en.js', isDynamicEntry: true },
  'src/web/locales/ar/catalog.json': { file: 'assets/catalog-ar.js', isDynamicEntry: true },
  '_card-1.js': { file: 'assets/card-1.js', imports: ['_react-1.js'] },
  'src/web/features/catalog/pages/venues-page.tsx': {
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
  it("preload the app and the page's own chunks once each, not those index.html already loads", () => {
    const hints = preloads('gyms', url('/gyms'), 'en')
    expect(hints).toContain('<link rel="modulepreload" crossorigin href="/assets/main-1.js">')
    expect(hints.match(/react-1\.js/g)).toHaveLength(1)
    expect(hints).toContain('<link rel="modulepreload" crossorigin href="/assets/gyms-page-1.js">')
    expect(hints).toContain('<link rel="modulepreload" crossorigin href="/assets/card-1.js">')
    expect(hints).not.toContain('runtime-1.js')
    expect(preloads('forgotPassword', url('/forgot-password'), 'en')).toContain('forgot-password-page-1.js')
  })

  it("preload the shell's text in the page's language only, unless the page brings it", () => {
    expect(preloads('cart', url('/cart'), 'en')).toContain('href="/assets/common-en.js"')
    expect(preloads('cart', url('/cart'), 'en')).not.toContain('common-ar')
    expect(preloads('cart', url('/cart'), 'ar')).toContain('href="/assets/common-ar.js"')
    const skeleton = preloads('cart', url('/cart'), 'en', undefined, { complete: false })
    expect(skeleton).toContain('href="/assets/main-1.js"')
    expect(skeleton).not.toContain('common-en')
  })

  it('preload neither code nor data for a page the server rendered, only its image and font', () => {
    const drawn = { complete: true }
    const hints = preloads('gyms', url('/gyms'), 'en', { imageKey: 'a/cover', sizes: '100vw' }, drawn)
    const [active, later] = hints.split('<template id="app-code">')
    expect(active).not.toContain('modulepreload')
    expect(hints).not.toContain('as="fetch"')
    expect(active).toContain('as="image"')
    expect(active).toContain('as="font"')
    // The code for later, for boot.ts to fetch at once: the app's first (React's renderer, which it
    // sets up first, then the app), then at a lower priority the page's. Its text is in the page already.
    const link = (file: string, low = false) =>
      `<link rel="modulepreload"${low ? ' fetchpriority="low"' : ''} crossorigin href="${file}">`
    expect(later).toBe(
      [
        link('/assets/react-1.js'),
        link('/assets/main-1.js'),
        link('/assets/gyms-page-1.js', true),
        link('/assets/card-1.js', true),
        '</template>',
      ].join(''),
    )
  })

  it('fetch the data the page asks for first, by the URL the app uses', () => {
    expect(preloads('gyms', url('/gyms?search=pool%20%26%20spa'), 'en')).toContain(
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/gyms?search=pool+%26+spa">',
    )
    expect(preloads('gym', url('/gyms/vida-beach-hotel'), 'en')).toContain(
      'href="/api/gyms/vida-beach-hotel"',
    )
    expect(preloads('about', url('/about'), 'en')).not.toContain('as="fetch"')
  })

  it('load the first screen’s font in woff2 and the largest image with its sizes', () => {
    const hints = preloads('gyms', url('/gyms'), 'en', { imageKey: 'a/cover', sizes: '100vw' })
    expect(hints).toContain(
      '<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/inter-core-wght-normal-1.woff2">',
    )
    // The full Latin file is for the rare character outside the core: not preloaded.
    expect(hints).not.toContain('inter-latin-wght-normal')
    expect(hints).toMatch(
      /<link rel="preload" as="image" type="image\/avif" fetchpriority="high" imagesrcset="\/images\/venues\/a\/cover-480.avif 480w, [^"]+" imagesizes="100vw">/,
    )
  })

  it('are empty without a build manifest', async () => {
    const empty = pagePreloads(await mkdtemp(join(tmpdir(), 'web-dist-')))
    expect(empty('about', url('/about'), 'en')).toBe('')
  })
})
