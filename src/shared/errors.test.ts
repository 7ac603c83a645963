import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import ar from '../web/locales/ar/errors.json' with { type: 'json' }
import en from '../web/locales/en/errors.json' with { type: 'json' }
import { lineProblemCodes } from './checkout.ts'
import { countedErrors, englishText, errorTexts, errorTextsOne, isErrorCode } from './errors.ts'

const codes = Object.keys(errorTexts)
const counted = Object.keys(countedErrors) as (keyof typeof countedErrors)[]
/** Arabic's plural categories (CLDR), each a catalog key `CODE_<form>` for a counted text. */
const arabicForms = ['zero', 'one', 'two', 'few', 'many', 'other']
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort()

/** Every .ts/.tsx file under a folder, tests left out. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => join(folder, file))
}

/**
 * The error codes a server file writes as literals: thrown (HttpError, sendError, a helper taking a
 * code), given to a field, or set as an answer's `code`.
 */
function codesWrittenIn(source: string): string[] {
  const patterns = [
    /new HttpError\(\s*\d+,\s*'([A-Za-z0-9_]+)'/g,
    /sendError\(\s*\w+,\s*\d+,\s*'([A-Za-z0-9_]+)'/g,
    /(?:invalidCode|libraryErrorCode)\([^)]*'([A-Z0-9_]+)'/g,
    /\bcode: '([A-Z][A-Z0-9_]+)'/g,
    /fields: \{[^}]*?: '([A-Z][A-Z0-9_]+)'/g,
    /(?:status|code) === \d+ \? '([A-Z][A-Z0-9_]+)'/g,
  ]
  return patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1] ?? ''))
}

describe('every error has an English and an Arabic text', () => {
  it('the English catalog is the registry, word for word, with the counted texts’ singular and plural', () => {
    const plurals = counted.flatMap((code) => [
      [`${code}_one`, errorTextsOne[code]],
      [`${code}_other`, errorTexts[code]],
    ])
    expect(en).toEqual({ ...errorTexts, ...Object.fromEntries(plurals) })
    for (const code of counted)
      expect(placeholders(errorTextsOne[code]), code).toEqual(placeholders(errorTexts[code]))
  })

  it('the Arabic catalog has every code, with the same placeholders, and no Latin words', () => {
    const pluralKeys = counted.flatMap((code) => arabicForms.map((form) => `${code}_${form}`))
    expect(Object.keys(ar).sort()).toEqual([...codes, ...pluralKeys].sort())
    for (const key of [...codes, ...pluralKeys]) {
      const code = key.replace(/_(zero|one|two|few|many|other)$/, '')
      const text = (ar as Record<string, string>)[key] ?? ''
      expect(text.trim(), key).not.toBe('')
      // Arabic says one and two in words ("دقيقة واحدة", "دقيقتين"), without the number.
      const expected = /_(one|two)$/.test(key)
        ? []
        : placeholders(errorTexts[code as keyof typeof errorTexts])
      expect(placeholders(text), key).toEqual(expected)
      // Digits and + stay (08:00, +973…); letters are Arabic. Placeholders are filled in at run time.
      expect(text.replace(/\{\{\w+\}\}/g, ''), key).not.toMatch(/[A-Za-z]/)
    }
  })

  it('the quote’s line problems are listed codes', () => {
    for (const code of lineProblemCodes) expect(isErrorCode(code), code).toBe(true)
  })

  it('every code the server writes is listed', () => {
    const root = join(import.meta.dirname, '..', 'server')
    const found = new Map<string, string>()
    for (const file of sourceFiles(root)) {
      for (const code of codesWrittenIn(readFileSync(file, 'utf8'))) found.set(code, file)
    }
    // The scan must see the server's codes at all, or it would pass by finding none.
    expect(found.size).toBeGreaterThan(40)
    const unlisted = [...found]
      .filter(([code]) => !isErrorCode(code))
      .map(([code, file]) => `${code} (${file})`)
    expect(unlisted).toEqual([])
  })

  it('every message the shared schemas give is a listed code', () => {
    const root = import.meta.dirname
    for (const file of sourceFiles(root)) {
      const source = readFileSync(file, 'utf8')
      // A message in a zod call or an issue is written E.CODE, never as a sentence.
      const sentences = [
        ...source.matchAll(/\.(?:min|max|regex|refine|minLength|maxLength)\([^)]*?,\s*'([^']+)'/g),
        ...source.matchAll(/message: '([^']+)'/g),
        ...source.matchAll(/\{ error: '([^']+)' \}/g),
      ].map((match) => match[1])
      expect(sentences, file).toEqual([])
    }
  })

  it('fills a text’s params', () => {
    expect(englishText('TOO_MANY_ATTEMPTS', { minutes: 3 })).toBe(
      'Too many attempts. Please wait 3 minutes and try again.',
    )
  })

  it('words the API’s message in the singular for one', () => {
    const wait = (minutes: number) => englishText('TOO_MANY_ATTEMPTS', { minutes })
    expect(wait(1)).toBe('Too many attempts. Please wait 1 minute and try again.')
    expect([2, 3, 11].map(wait)).toEqual([
      'Too many attempts. Please wait 2 minutes and try again.',
      'Too many attempts. Please wait 3 minutes and try again.',
      'Too many attempts. Please wait 11 minutes and try again.',
    ])
    expect(englishText('RESEND_TOO_SOON', { seconds: 1 })).toBe(
      'Please wait 1 second before requesting a new code.',
    )
    expect(englishText('DAY_CAP_LIMIT', { limit: 1 })).toBe(
      'You can book at most 1 place a day at this venue.',
    )
    expect(englishText('DAY_CAP_LIMIT', { limit: 4 })).toBe(
      'You can book at most 4 places a day at this venue.',
    )
  })
})
