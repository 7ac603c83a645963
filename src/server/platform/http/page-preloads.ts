import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { appCodeTemplateId } from '../../../shared/app-code.ts'
import type { Language } from '../../../shared/i18n.ts'
import { isTeamPage, type PageKey, pageDefinition, pageRequests } from '../../../shared/route-manifest.ts'
import { venueImageSrcSet } from '../../../shared/venue-images.ts'

/** One chunk of Vite's build manifest (build.manifest in vite.config.ts). */
interface ManifestChunk {
  file: string
  src?: string
  imports?: string[]
  dynamicImports?: string[]
  /** Files the chunk's CSS refers to: fonts, for the entry. */
  assets?: string[]
  isEntry?: boolean
  isDynamicEntry?: boolean
}

/**
 * `<link>` hints for a page's largest image, its own code and its data, written into its HTML so the browser fetches them
 * with the app instead of after it: on a phone each of those waits is a round trip (the app starts,
 * then loads the page's module, which then asks for its data).
 *
 * A page's module and its data are the route manifest's (src/shared/route-manifest.ts).
 */
export interface PageImage {
  /** `<venue>/<scene>` under /images/venues/. */
  imageKey: string
  /** The `sizes` the page gives the image, so the preload picks the file the page will show. */
  sizes: string
}

/**
 * The font files a page's first screen draws its text with, per language (fontsource's file names).
 * Fetched with the page, the text is drawn in them at once: swapping from the fallback font later
 * moved text enough to count as a layout shift.
 */
const firstScreenFonts: Record<Language, string[]> = {
  en: ['inter-core-wght-normal'],
  ar: ['ibm-plex-sans-arabic-arabic-700-normal'],
}

/**
 * What the server drew of the page: whole (`complete`), or the layout around a skeleton. Either way
 * its HTML carries the text catalogs it was drawn with (src/web/app/server-state.ts).
 */
export interface DrawnPage {
  complete: boolean
}

export function pagePreloads(
  distDir: string,
): (page: PageKey, url: URL, language: Language, image?: PageImage, drawn?: DrawnPage) => string {
  const manifestPath = join(distDir, '.vite', 'manifest.json')
  const manifest: Record<string, ManifestChunk> = existsSync(manifestPath)
    ? JSON.parse(readFileSync(manifestPath, 'utf8'))
    : {}
  // index.html already preloads the entry and what it imports.
  const entry = Object.keys(manifest).filter((key) => manifest[key]?.isEntry)
  const inIndexHtml = new Set(entry.flatMap((key) => staticImports(manifest, key)))
  const entryAssets = entry.flatMap((key) => manifest[key]?.assets ?? [])
  const fonts = Object.fromEntries(
    Object.entries(firstScreenFonts).map(([language, names]) => [
      language,
      entryAssets.filter(
        (file) => file.endsWith('.woff2') && names.some((name) => file.includes(`/${name}-`)),
      ),
    ]),
  ) as Record<Language, string[]>
  const dynamicEntry = (suffix: string) =>
    Object.keys(manifest).find((name) => manifest[name]?.isDynamicEntry && name.endsWith(suffix))
  // The app itself (main.tsx, and React's renderer set up before it), which index.html's small entry
  // imports once it has started: its dynamic imports.
  const appChunks = [
    ...new Set(
      entry
        .flatMap((key) => manifest[key]?.dynamicImports ?? [])
        .flatMap((key) => staticImports(manifest, key)),
    ),
  ].filter((name) => !inIndexHtml.has(name))
  // The shell's text in the page's language, which the app loads as it starts (src/web/i18n.ts)
  // unless the page's HTML has brought it.
  const shellText = (language: Language) => {
    const key = dynamicEntry(`/locales/${language}/common.json`)
    return key ? [`/${manifest[key]?.file}`] : []
  }
  const modulesByPage = new Map<string, string[]>()
  const modulesOf = (page: PageKey) => {
    let files = modulesByPage.get(page)
    if (!files) {
      const pageKey = dynamicEntry(`src/web/${pageDefinition(page).module}`)
      // A team page is found through the team's own page table, a chunk of its own (src/web/app/team-pages.ts).
      const teamTable = isTeamPage(page) ? dynamicEntry('src/web/app/team-pages.ts') : undefined
      const pageChunks = [pageKey, teamTable].flatMap((key) => (key ? staticImports(manifest, key) : []))
      files = [...new Set([...appChunks, ...pageChunks])]
        .filter((name) => !inIndexHtml.has(name))
        .map((name) => `/${manifest[name]?.file}`)
      modulesByPage.set(page, files)
    }
    return files
  }
  const modulePreloads = (files: string[], priority?: 'low') =>
    files
      .map(
        (file) =>
          `<link rel="modulepreload"${priority ? ` fetchpriority="${priority}"` : ''} crossorigin href="${file}">`,
      )
      .join('')
  const appFiles = appChunks.map((name) => `/${manifest[name]?.file}`)
  // `drawn.complete`: the page is already drawn whole in its HTML, with its data and its text. There
  // is nothing to fetch for it, and its code is not needed to draw it: preloading it now would compete
  // with drawing it. The same hints are written inert, in a <template>, which the browser's entry
  // adds to the page once it has painted (src/web/boot.ts), so that the app and the page's code are
  // then fetched at once rather than one after another.
  return (page, url, language, image, drawn) =>
    [
      // The largest image first: it is what the page is judged by (Largest Contentful Paint).
      ...(image
        ? [
            `<link rel="preload" as="image" type="image/avif" fetchpriority="high" imagesrcset="${escapeAttribute(
              venueImageSrcSet(image.imageKey, 'avif'),
            )}" imagesizes="${escapeAttribute(image.sizes)}">`,
          ]
        : []),
      ...fonts[language].map(
        (file) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${file}">`,
      ),
      drawn?.complete
        ? `<template id="${appCodeTemplateId}">${modulePreloads(appFiles)}${modulePreloads(
            modulesOf(page).filter((file) => !appFiles.includes(file)),
            'low',
          )}</template>`
        : modulePreloads([...modulesOf(page), ...(drawn ? [] : shellText(language))]),
      ...(drawn?.complete ? [] : pageRequests(url).map((request) => request.path)).map(
        (path) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeAttribute(path)}">`,
      ),
    ].join('')
}

/** A chunk's key and the keys of every chunk it imports statically, depth first, without repeats. */
function staticImports(manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>()) {
  if (seen.has(key)) return []
  seen.add(key)
  for (const imported of manifest[key]?.imports ?? []) staticImports(manifest, imported, seen)
  return [...seen]
}

function escapeAttribute(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
