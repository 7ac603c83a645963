import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

export interface InitialAssets {
  /**
   * The entry, the app it starts (src/web/main.tsx), and every chunk they import statically. A page
   * the server drew brings its text in its HTML.
   */
  scripts: { file: string; gzipBytes: number }[]
  stylesheets: { file: string; gzipBytes: number }[]
  scriptGzipBytes: number
  stylesheetGzipBytes: number
}

interface ManifestChunk {
  file: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}

/**
 * What the browser must download before the app can start, read from Vite's build manifest: the
 * entry (index.html's module script, which only loads the styles and then the app), the app's own
 * chunk, and each chunk they import statically. Sizes are gzip level 9, as the build's
 * precompressed copies.
 */
export function initialAssets(distDir = 'dist/web'): InitialAssets {
  const manifest: Record<string, ManifestChunk> = JSON.parse(
    readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'),
  )
  const keys = new Set<string>()
  const visit = (key: string) => {
    if (keys.has(key) || !manifest[key]) return
    keys.add(key)
    for (const imported of manifest[key].imports ?? []) visit(imported)
  }
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key)
  // The app (main.tsx's chunk): the entry's one dynamic import.
  for (const [, chunk] of Object.entries(manifest))
    if (chunk.isEntry) for (const app of chunk.dynamicImports ?? []) visit(app)
  // The shell's text, which the app loads before it draws anything (English, the default language).
  visit('src/web/locales/en/common.json')
  const size = (file: string) => ({
    file,
    gzipBytes: gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length,
  })
  const chunks = [...keys].map((key) => manifest[key] as ManifestChunk)
  const scripts = chunks.map((chunk) => size(chunk.file))
  const stylesheets = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))].map(size)
  const total = (files: { gzipBytes: number }[]) => files.reduce((sum, file) => sum + file.gzipBytes, 0)
  return { scripts, stylesheets, scriptGzipBytes: total(scripts), stylesheetGzipBytes: total(stylesheets) }
}
