import { foldForSearch } from './search-text.ts'

/**
 * Area names without zod, for the public pages' own download (catalog-filters.ts) and the server's
 * in-memory catalog: the key two spellings of one place share, and an area's name in a language.
 */

/** An area's URL and database id: lowercase words joined by hyphens ('seef', 'isa-town'). */
export const isAreaId = (value: string) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(value) && value.length <= 60

/**
 * The key two spellings of one place share: folded as search folds (case, accents, Arabic
 * diacritics and the letters people mix), the article ("Al-", "el", «ال») and every space and mark
 * left out. "Al-Seef", "seef" and «السَّيف» are one; so are "Isa Town" and "isatown". Migration 031
 * folds the free text it moved the same way.
 */
export function areaKey(name: string): string {
  const words = foldForSearch(name.replace(/[-_.,;:'’`"()/\\&،]/g, ' '))
    .split(' ')
    .filter((word) => word && !/^(al|el|the)$/.test(word))
    .map((word) => word.replace(/^ال/, ''))
  return words.join('')
}

export interface AreaNames {
  id: string
  name: { en: string; ar: string }
}

/** Areas in the order a reader of `language` looks for them: by their names in that language. */
export function sortAreas<T extends AreaNames>(areas: readonly T[], language: 'en' | 'ar'): T[] {
  return [...areas].sort((a, b) => a.name[language].localeCompare(b.name[language], language))
}
