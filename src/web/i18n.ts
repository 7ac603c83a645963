import i18next, { type BackendModule } from 'i18next'
import { initReactI18next } from 'react-i18next'
import {
  defaultLanguage,
  directionOf,
  isLanguage,
  type Language,
  languageCookie,
  languages,
} from '../shared/i18n.ts'

// Each catalog is its own chunk: the shell's strings ('common') in the visitor's language load as
// the app starts (the page's HTML preloads them), each page's own (about, terms, faq, ...) with that page.
const catalogs = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json')

/**
 * i18next's backend interface over those chunks: what i18next-resources-to-backend does, written
 * out because the first download is at its budget (bench/pages.ts) and this is all of it.
 */
const chunkBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = catalogs[`./locales/${language}/${namespace}.json`]
    if (!load) return callback(new Error(`No ${language} catalog named ${namespace}`), false)
    load().then(
      (catalog) => callback(null, catalog.default),
      (error: Error) => callback(error, false),
    )
  },
}

/**
 * i18next loading each catalog when it is first needed, so the first screen carries only the text
 * it shows, in one language. Components wait for their catalogs (react-i18next suspends). A page
 * the server drew hands over the catalogs it was drawn with (`text`, by namespace), so the app
 * starts without fetching them.
 *
 * No fallback language: both languages have every text (src/web/locales/catalogs.test.ts), and a
 * fallback would fetch each English catalog beside each Arabic one.
 */
export function initI18n(
  language: Language = detectLanguage(),
  text?: Record<string, Record<string, unknown>>,
) {
  const started = i18next
    .use(initReactI18next)
    .use(chunkBackend)
    .init({
      lng: language,
      fallbackLng: false,
      supportedLngs: [...languages],
      // The page's namespaces too, so that a change of language fetches them all at once.
      ns: [...new Set(['common', ...Object.keys(text ?? {})])],
      defaultNS: 'common',
      ...(text ? { resources: { [language]: text }, partialBundledLanguages: true } : {}),
      interpolation: { escapeValue: false }, // React escapes
      returnNull: false,
    })
  applyLanguage(language)
  i18next.on('languageChanged', (lng) => {
    if (isLanguage(lng)) applyLanguage(lng)
  })
  // `started`: i18next has its language (and with `text`, that text). Catalogs asked for before
  // would be asked for in no language.
  return { i18n: i18next, started }
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
