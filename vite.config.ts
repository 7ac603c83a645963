import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

/** A file of public/ at this URL path: Vite serves it itself. */
function inPublic(url: string): boolean {
  try {
    const path = decodeURIComponent(url.split('?')[0] ?? '')
    return existsSync(fileURLToPath(new URL(`./public${path}`, import.meta.url)))
  } catch {
    return false
  }
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
    modulePreload: { polyfill: false },
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
