import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

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
    proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
}))
