import type { ListedVenue } from '../../../shared/catalog-api.ts'

/**
 * The server orders `sort=name` by the English names; an Arabic reader expects the Arabic alphabet,
 * so the page orders what it shows by the names in its language, bookable venues still first.
 */
export function inNameOrder(venues: readonly ListedVenue[], language: 'en' | 'ar'): ListedVenue[] {
  return [...venues].sort(
    (a, b) =>
      Number(a.comingSoon) - Number(b.comingSoon) ||
      a.name[language].localeCompare(b.name[language], language),
  )
}
