import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // Keep the first page light: a module is inlined only when tiny, and assets are content-hashed.
    assetsInlineLimit: 2048,
    // .vite/manifest.json: the server preloads each page's own chunks from it (page-preloads.ts).
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
})
