import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

export interface InitialAssets {
  /** The entry chunk and every chunk it imports statically (the page's modulepreload links). */
  scripts: { file: string; gzipBytes: number }[]
  stylesheets: { file: string; gzipBytes: number }[]
  scriptGzipBytes: number
  stylesheetGzipBytes: number
}

/**
 * What the browser must download before the app can start, read from the built index.html: Vite
 * writes the entry as the module script and each chunk it imports statically as a modulepreload
 * link. Sizes are gzip level 9, as the build's precompressed copies.
 */
export function initialAssets(distDir = 'dist/web'): InitialAssets {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8')
  const attribute = (pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1] ?? '')
  const size = (file: string) => ({
    file,
    gzipBytes: gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length,
  })
  const scripts = [
    ...attribute(/<script type="module"[^>]*\ssrc="([^"]+)"/g),
    ...attribute(/<link rel="modulepreload"[^>]*\shref="([^"]+)"/g),
  ].map(size)
  const stylesheets = attribute(/<link rel="stylesheet"[^>]*\shref="([^"]+)"/g).map(size)
  const total = (files: { gzipBytes: number }[]) => files.reduce((sum, file) => sum + file.gzipBytes, 0)
  return { scripts, stylesheets, scriptGzipBytes: total(scripts), stylesheetGzipBytes: total(stylesheets) }
}
