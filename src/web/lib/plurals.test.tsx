import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { act, renderHook } from '@testing-library/react'
import i18next from 'i18next'
import { afterEach, describe, expect, it } from 'vitest'
import '../testing/render.tsx'
import { useErrorText } from './error-text.ts'

/**
 * Counts in messages take the language's plural form (i18next's `count` with CLDR's categories):
 * English one/other, Arabic zero/one/two/few/many/other. "Please wait 1 minutes" and «3 دقيقة» are
 * what a single text for every number gives.
 */
afterEach(async () => {
  await act(() => i18next.changeLanguage('en'))
})

const arabicForms = ['zero', 'one', 'two', 'few', 'many', 'other']
const localesDir = join(import.meta.dirname, '..', 'locales')

/** Every text of a language's catalogs, as namespace:key.path → text. */
function texts(language: 'en' | 'ar'): Map<string, string> {
  const found = new Map<string, string>()
  const walk = (prefix: string, value: unknown) => {
    if (typeof value === 'string') found.set(prefix, value)
    else if (value && typeof value === 'object')
      for (const [key, inner] of Object.entries(value)) walk(prefix ? `${prefix}.${key}` : key, inner)
  }
  for (const file of readdirSync(join(localesDir, language)))
    walk(`${file.replace('.json', '')}:`, JSON.parse(readFileSync(join(localesDir, language, file), 'utf8')))
  for (const [key, text] of [...found]) {
    found.delete(key)
    found.set(key.replace(':.', ':'), text)
  }
  return found
}

describe('plural forms in the catalogs', () => {
  const en = texts('en')
  const ar = texts('ar')
  const pluralForm = /_(zero|one|two|few|many|other)$/
  const pluralBase = (key: string) => (pluralForm.test(key) ? key.replace(pluralForm, '') : undefined)

  it('gives every English text that counts a noun ("{{count}} visits") its singular', () => {
    // A placeholder followed by a plural noun, in a text that is not one of a plural set.
    const counting = [...en].filter(
      ([key, text]) =>
        /\{\{\w+\}\} (?!is\b|was\b|has\b)[a-z]+s\b/.test(text) && !pluralBase(key) && !en.has(`${key}_one`),
    )
    expect(counting.map(([key]) => key)).toEqual([])
  })

  it('has, for each English plural set, the one and other forms, and Arabic’s six', () => {
    const bases = new Set([...en.keys()].map(pluralBase).filter((base): base is string => Boolean(base)))
    expect(bases.size).toBeGreaterThan(10)
    for (const base of bases) {
      expect(en.has(`${base}_one`) && en.has(`${base}_other`), base).toBe(true)
      expect(
        arabicForms.filter((form) => !ar.has(`${base}_${form}`)),
        base,
      ).toEqual([])
    }
  })
})

describe('counted error messages', () => {
  const wait = (minutes: number) => {
    const { result } = renderHook(() => useErrorText())
    return result.current('TOO_MANY_ATTEMPTS', { minutes })
  }

  it('reads 1, 2, 3 and 11 minutes in English', async () => {
    await i18next.loadNamespaces('errors')
    expect([1, 2, 3, 11].map(wait)).toEqual([
      'Too many attempts. Please wait 1 minute and try again.',
      'Too many attempts. Please wait 2 minutes and try again.',
      'Too many attempts. Please wait 3 minutes and try again.',
      'Too many attempts. Please wait 11 minutes and try again.',
    ])
  })

  it('reads 1, 2, 3 and 11 minutes in Arabic', async () => {
    await act(() => i18next.changeLanguage('ar'))
    await i18next.loadNamespaces('errors')
    expect([1, 2, 3, 11].map(wait)).toEqual([
      'محاولات كثيرة جداً. يرجى الانتظار دقيقة واحدة ثم المحاولة مرة أخرى.',
      'محاولات كثيرة جداً. يرجى الانتظار دقيقتين ثم المحاولة مرة أخرى.',
      'محاولات كثيرة جداً. يرجى الانتظار 3 دقائق ثم المحاولة مرة أخرى.',
      'محاولات كثيرة جداً. يرجى الانتظار 11 دقيقة ثم المحاولة مرة أخرى.',
    ])
  })

  it('reads the venue’s cap the same way', async () => {
    await act(() => i18next.changeLanguage('ar'))
    await i18next.loadNamespaces('errors')
    const { result } = renderHook(() => useErrorText())
    expect(result.current('DAY_CAP_LIMIT', { limit: 1 })).toBe(
      'يمكنك أن تحجز مكاناً واحداً على الأكثر في اليوم الواحد في هذه المنشأة.',
    )
    expect(result.current('DAY_CAP_LIMIT', { limit: 4 })).toBe(
      'يمكنك أن تحجز 4 أماكن على الأكثر في اليوم الواحد في هذه المنشأة.',
    )
  })
})

describe('counted texts of the pages', () => {
  it('says the e-mailed code’s minutes in both languages', async () => {
    await i18next.loadNamespaces('checkout')
    const sent = (count: number) => i18next.t('guest.codeSent', { ns: 'checkout', email: 'a@b.bh', count })
    expect(sent(1)).toBe('We sent a 6-digit code to a@b.bh. It expires in 1 minute.')
    expect(sent(10)).toBe('We sent a 6-digit code to a@b.bh. It expires in 10 minutes.')
    await act(() => i18next.changeLanguage('ar'))
    await i18next.loadNamespaces('checkout')
    expect([1, 2, 3, 11].map(sent)).toEqual([
      'أرسلنا رمزاً من 6 أرقام إلى a@b.bh. تنتهي صلاحيته خلال دقيقة واحدة.',
      'أرسلنا رمزاً من 6 أرقام إلى a@b.bh. تنتهي صلاحيته خلال دقيقتين.',
      'أرسلنا رمزاً من 6 أرقام إلى a@b.bh. تنتهي صلاحيته خلال 3 دقائق.',
      'أرسلنا رمزاً من 6 أرقام إلى a@b.bh. تنتهي صلاحيته خلال 11 دقيقة.',
    ])
  })
})
