import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { pageManifest } from './src/shared/route-manifest.ts'

/** A file of public/ at this URL path: Vite serves it itself. */
function inPublic(url: string): boolean {
  try {
    const path = decodeURIComponent(url.split('?')[0] ?? '')
    return existsSync(fileURLToPath(new URL(`./public${path}`, import.meta.url)))
  } catch {
    return false
  }
}

/** The team's pages (a permission guards them), by the name Vite gives their chunk: `desk-page-<hash>.js`. */
const teamPages = Object.values(pageManifest)
  .filter((page) => 'access' in page && page.access !== 'signedIn')
  .map((page) => page.module.replace(/^.*\//, '').replace(/\.tsx$/, ''))
const isTeamPage = (chunk: string) =>
  teamPages.some((name) => new RegExp(`/${name}-[\\w-]{8}\\.js$`).test(chunk))

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  // The server entry (dist/ssr/) needs no copy of the public files: the web build has them.
  publicDir: isSsrBuild ? false : 'public',
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: fileURLToPath(new URL('./src/web/lib/use-sync-external-store.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // Keep the first page light: a module is inlined only when tiny, and assets are content-hashed.
    assetsInlineLimit: 2048,
    // .vite/manifest.json: the server preloads each page's own chunks from it (page-preloads.ts).
    manifest: true,
    // Browsers without <link rel="modulepreload"> still load every module, just later: no polyfill.
    modulePreload: {
      polyfill: false,
      // A page's chunks are listed in the chunk that imports it, so they all load at once. Every page
      // is imported from the app's main chunk, so listing the team's pages' chunks there would put
      // their names in every visitor's first download; the team waits one round trip more instead.
      resolveDependencies: (filename, deps) => (isTeamPage(filename) ? [] : deps),
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/dev': 'http://localhost:3000',
      // Venue photos the team uploaded are the API server's (DATA_DIR); the seed's are in public/.
      '/images/venues/': {
        target: 'http://localhost:3000',
        bypass: (request) => (inPublic(request.url ?? '') ? request.url : undefined),
      },
    },
  },
}))
