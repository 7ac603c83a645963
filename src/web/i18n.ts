import i18next from 'i18next'
import resourcesToBackend from 'i18next-resources-to-backend'
import { initReactI18next } from 'react-i18next'
import {
  defaultLanguage,
  directionOf,
  isLanguage,
  type Language,
  languageCookie,
  languages,
} from '../shared/i18n.ts'
import arCommon from './locales/ar/common.json'
import enCommon from './locales/en/common.json'

// Each page's catalog is its own chunk, fetched when that page first renders.
const pageCatalogs = import.meta.glob<{ default: Record<string, unknown> }>([
  './locales/*/*.json',
  '!./locales/*/common.json',
])

/**
 * i18next with the shell's strings ('common') bundled, and each page's own catalog (about, terms,
 * faq, ...) loaded with that page, so the first screen carries only what it shows.
 */
export function initI18n(language: Language = detectLanguage()) {
  void i18next
    .use(initReactI18next)
    .use(
      resourcesToBackend(async (lng: string, ns: string) => {
        const load = pageCatalogs[`./locales/${lng}/${ns}.json`]
        if (!load) throw new Error(`No ${lng} catalog named ${ns}`)
        return (await load()).default
      }),
    )
    .init({
      lng: language,
      fallbackLng: defaultLanguage,
      supportedLngs: [...languages],
      ns: ['common'],
      defaultNS: 'common',
      partialBundledLanguages: true,
      resources: { en: { common: enCommon }, ar: { common: arCommon } },
      interpolation: { escapeValue: false }, // React escapes
      returnNull: false,
    })
  applyLanguage(language)
  i18next.on('languageChanged', (lng) => {
    if (isLanguage(lng)) applyLanguage(lng)
  })
  return i18next
}

/** The visitor's saved choice, else the language the server rendered the page in, else the browser's. */
function detectLanguage(): Language {
  const saved = readSaved()
  if (saved) return saved
  const rendered = document.documentElement.lang
  if (isLanguage(rendered)) return rendered
  const browser = navigator.language.slice(0, 2)
  return isLanguage(browser) ? browser : defaultLanguage
}

function readSaved(): Language | undefined {
  try {
    const saved = localStorage.getItem(languageCookie)
    return isLanguage(saved) ? saved : undefined
  } catch {
    return undefined
  }
}

/** Mirrors the choice onto <html>, and remembers it in localStorage and a cookie the server reads. */
function applyLanguage(language: Language) {
  document.documentElement.lang = language
  document.documentElement.dir = directionOf(language)
  try {
    localStorage.setItem(languageCookie, language)
  } catch {
    // Private browsing can refuse storage; the cookie still carries the choice.
  }
  // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party preference cookie, read by the server for page metadata
  document.cookie = `${languageCookie}=${language}; path=/; max-age=31536000; samesite=lax`
}
