import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { visitorPageGroups } from './scripts/visitor-page-chunks.ts'

/** A file of public/ at this URL path: Vite serves it itself. */
function inPublic(url: string): boolean {
  try {
    const path = decodeURIComponent(url.split('?')[0] ?? '')
    return existsSync(fileURLToPath(new URL(`./public${path}`, import.meta.url)))
  } catch {
    return false
  }
}

/**
 * The libraries the app starts with (src/web/main.tsx), in one chunk: `shell-libraries`. Left to
 * itself the bundler splits them into several chunks, because the pages import them too; as one, the
 * first download compresses as one stream and names far fewer chunks. Only what the app's start
 * imports: TanStack Query's hooks for several queries and for mutations are the pages' alone, and stay
 * with them. With them, the module through which the entry sets React's renderer up first. A package added here that the start does not need would grow every first download,
 * which the pages bench measures (bench/support/initial-js.ts).
 */
const shellLibraries = (id: string) =>
  id.endsWith('src/web/app/dom-renderer.ts') ||
  (/[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|clsx|i18next|react-i18next|get-nonce|@tanstack[\\/]query-core|@tanstack[\\/]react-query)[\\/]/.test(
    id,
  ) &&
    !/[\\/](queriesObserver|useQueries|mutationObserver|useMutation)\.js$/.test(id))

/**
 * The chunks to preload with a dynamically imported one. The app's (main.tsx's, in app-modules) with all of its own;
 * any other's without those of the first download, which are loaded by then: listed, each name costs
 * every visitor bytes in the app's chunk.
 */
function preloadsWith(chunk: string, deps: string[]): string[] {
  if (/(^|\/)app-modules-[\w-]{8}\.js$/.test(chunk)) return deps
  return deps.filter((file) => !/(^|\/)(shell-libraries|rolldown-runtime)-[\w-]{8}\.js$/.test(file))
}

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
    // A page's chunks are listed in the chunk that imports it, so they all load at once; the team's
    // pages are imported from their own table (src/web/app/team-pages.ts), so their chunks' names
    // are not in a visitor's first download.
    modulePreload: {
      polyfill: false,
      resolveDependencies: preloadsWith,
    },
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [{ name: 'shell-libraries', test: shellLibraries }, ...visitorPageGroups()],
            },
          },
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
