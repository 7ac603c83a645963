/**
 * What a venue offers, as codes: the vendor form's checkboxes, the team's editor and the venue's
 * `facilities` column all use this one list (docs/decisions/043). Labels are the product's words in
 * both languages; the form and the editor show them as they are.
 */
export const facilityLabels = {
  pool: { en: 'Pool', ar: 'مسبح' },
  gym: { en: 'Gym', ar: 'صالة رياضية' },
  sauna: { en: 'Sauna', ar: 'ساونا' },
  'steam-room': { en: 'Steam room', ar: 'غرفة بخار' },
  jacuzzi: { en: 'Jacuzzi', ar: 'جاكوزي' },
  spa: { en: 'Spa', ar: 'سبا' },
  'kids-area': { en: 'Kids’ area', ar: 'منطقة الأطفال' },
  'beach-access': { en: 'Beach access', ar: 'دخول الشاطئ' },
  'group-classes': { en: 'Group classes', ar: 'حصص جماعية' },
  'women-only-hours': { en: 'Women-only hours', ar: 'ساعات للسيدات فقط' },
} as const satisfies Record<string, { en: string; ar: string }>

export type Facility = keyof typeof facilityLabels
export const facilities = Object.keys(facilityLabels) as [Facility, ...Facility[]]

/** The chosen facilities in the list's order, whatever order they were ticked in. */
export function inListOrder(chosen: readonly string[]): Facility[] {
  return facilities.filter((facility) => chosen.includes(facility))
}

/** Stored codes by their names in a language; a code not in the list is shown as it is. */
export function facilityNames(codes: readonly string[], language: 'en' | 'ar'): string[] {
  return codes.map((code) =>
    Object.hasOwn(facilityLabels, code) ? facilityLabels[code as Facility][language] : code,
  )
}

/**
 * The facilities a venue's description names, for venues described before the list existed
 * (the seed catalog). Words, not guesses: a venue that never mentions a sauna gets none.
 */
const mentions: Record<Facility, RegExp> = {
  pool: /\bpool|\bswim/i,
  gym: /\bgym|fitness|weights|cardio/i,
  sauna: /sauna/i,
  'steam-room': /steam/i,
  jacuzzi: /jacuzzi|hot tub|whirlpool/i,
  spa: /\bspa\b/i,
  'kids-area': /\bkids\b|children/i,
  'beach-access': /beach/i,
  'group-classes': /classes|yoga|pilates|\bspin/i,
  'women-only-hours': /women|ladies/i,
}
export function facilitiesMentionedIn(description: string): Facility[] {
  return facilities.filter((facility) => mentions[facility].test(description))
}
