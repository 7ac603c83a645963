/**
 * Folds text for matching: lower case, Latin accents removed, and the Arabic spellings people mix
 * when typing unified (hamza forms of alef, alef maqsura and yaa, taa marbuta and haa), with
 * diacritics and tatweel dropped. "Fitness" finds "fitness", "المحرق" finds "المُحرَّق".
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u064b-\u065f\u0670\u0640]/g, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .replace(/ؤ/g, 'و')
    .replace(/ئ/g, 'ي')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
}

/** True when every word of the query appears in the text (both folded). */
export function matchesSearch(foldedText: string, query: string): boolean {
  const words = foldForSearch(query).split(' ').filter(Boolean)
  return words.every((word) => foldedText.includes(word))
}
