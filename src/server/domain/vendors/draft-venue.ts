import type { Selectable } from 'kysely'
import type { VenueType as CatalogVenueType, PassType } from '../../../shared/catalog.ts'
import { countryName } from '../../../shared/countries.ts'
import { facilityNames } from '../../../shared/facilities.ts'
import {
  dayPassLabelsAr,
  passLabel,
  type StoredDayPass,
  storedPassType,
  type VenueType,
  writtenInArabic,
} from '../../../shared/vendor-application.ts'
import { storedBookingsEmail } from '../../../shared/venue-notices.ts'
import type { VendorApplicationsTable } from '../../platform/db/schema.ts'

/**
 * How an approved application becomes a draft venue (docs/operating.md, docs/decisions/043): everything
 * the applicant told us is carried over, each text into the language it was written in, and what they
 * could not tell us gets a default the team edits before publishing. A text written in one language is
 * never copied into the other, so publishing names the missing one rather than showing it twice.
 * A draft has no rating: stars are shown only once someone has rated the venue.
 */
export type ApplicationRow = Selectable<VendorApplicationsTable>

/** Places per hourly slot until the team sets the venue's real number. */
export const defaultCapacityPerSlot = 10

/** Longest slug kept from a name, so that `-2` and a pass's own slug still fit the 80-character ids. */
const maxVenueSlug = 48
const maxPassSlug = 24

/** Lowercase ASCII words joined by hyphens; accents are dropped ("Café" → "cafe"); '' when no letter is Latin. */
export function slugify(text: string, maxLength = maxVenueSlug): string {
  const words = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
  let slug = ''
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word
    if (next.length > maxLength) break
    slug = next
  }
  // A single word longer than the limit is cut rather than dropped.
  return slug || (words[0]?.slice(0, maxLength) ?? '')
}

/** The id the venue would like: its name as a slug, or `venue-<applicationId>` for a name in another script. */
export function venueSlug(venueName: string, applicationId: number): string {
  return slugify(venueName) || `venue-${applicationId}`
}

/**
 * Where the draft venue's booking notices go (docs/decisions/042): the e-mail the applicant gave us
 * to reach the venue, until the team sets another in the editor.
 */
export function bookingsEmailFrom(application: Pick<ApplicationRow, 'venue_email'>): string | null {
  return storedBookingsEmail(application.venue_email)
}

/** The catalog's venue types for the form's. */
export const catalogVenueType: Record<VenueType, CatalogVenueType> = {
  Hotel: 'hotel',
  Gym: 'fitness-studio',
  'Fitness Center': 'fitness-studio',
  Spa: 'resort-spa',
  Resort: 'resort-spa',
  'Beach Club': 'beach-club',
  Pool: 'pool',
}

type Language = 'en' | 'ar'
/** Whether a text the applicant typed belongs in `language`'s field. */
const isIn = (text: string, language: Language) =>
  Boolean(text.trim()) && writtenInArabic(text) === (language === 'ar')

/**
 * The description in one language: the facilities by our names for them, and the applicant's own
 * "anything else" only in the language it was written in. "Pool, Sauna. Padel court."
 */
export function facilitiesDescription(
  application: Pick<ApplicationRow, 'facilities' | 'other_facility_option'>,
  language: Language,
): string {
  const other = application.other_facility_option ?? ''
  const sentences = [
    facilityNames(application.facilities, language).join(language === 'ar' ? '، ' : ', '),
    isIn(other, language) ? other.trim() : '',
  ].filter(Boolean)
  return sentences.map((sentence) => `${sentence}.`).join(' ')
}

/**
 * "Seef, Manama, Bahrain": the area by its name in `language` (the list names it in both), the city
 * only in the language it was written in.
 */
export function locationIn(
  application: Pick<ApplicationRow, 'city' | 'country'>,
  area: { en: string; ar: string },
  language: Language,
) {
  const city = isIn(application.city, language) ? [application.city.trim()] : []
  return [area[language], ...city, countryName(application.country, language)].join(
    language === 'ar' ? '، ' : ', ',
  )
}

/** Each weekday, Sunday first, the hours from opening up to the last one before closing: 06:00–22:00 is 6 to 21. */
export function weeklyHoursFrom(startTime: string, endTime: string): number[][] {
  const opens = Number.parseInt(startTime, 10)
  const closes = Number.parseInt(endTime, 10)
  const hours = Array.from({ length: Math.max(0, closes - opens) }, (_, i) => opens + i)
  return Array.from({ length: 7 }, () => [...hours])
}

export interface DraftPass {
  /** The pass's own slug, put after the venue's id. */
  slug: string
  passType: PassType
  nameEn: string
  nameAr: string
  weekdayPriceFils: number
  weekendPriceFils: number | null
}

/** Names of the form's own passes in both languages; the applicant's own name in its language only. */
function passNames(pass: StoredDayPass): { nameEn: string; nameAr: string } {
  if (pass.option !== 'other') return { nameEn: passLabel(pass), nameAr: dayPassLabelsAr[pass.option] }
  const label = pass.label ?? ''
  return writtenInArabic(label) ? { nameEn: '', nameAr: label } : { nameEn: label, nameAr: '' }
}

/** The chosen passes as the catalog will hold them, each keeping its type, each slug unique within the venue. */
export function draftPasses(passes: StoredDayPass[]): DraftPass[] {
  const taken = new Set<string>()
  return passes.map((pass) => {
    const base = slugify(passLabel(pass), maxPassSlug) || (pass.option === 'other' ? 'other' : pass.option)
    let slug = base
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`
    taken.add(slug)
    return {
      slug,
      passType: storedPassType(pass),
      ...passNames(pass),
      weekdayPriceFils: pass.priceFils,
      weekendPriceFils: pass.weekendPriceFils ?? null,
    }
  })
}

/** `base`, else `base-2`, `base-3`… : the first that `taken` does not hold. */
export function firstFree(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base
  let n = 2
  while (taken.has(`${base}-${n}`)) n++
  return `${base}-${n}`
}
