import type { Selectable } from 'kysely'
import type { VenueType as CatalogVenueType, PassType } from '../../../shared/catalog.ts'
import {
  type DayPassOption,
  passLabel,
  type StoredDayPass,
  type VenueType,
} from '../../../shared/vendor-application.ts'
import { storedBookingsEmail } from '../../../shared/venue-notices.ts'
import type { VendorApplicationsTable } from '../../platform/db/schema.ts'

/**
 * How an approved application becomes a draft venue (docs/operating.md): everything the applicant told us is
 * carried over, and what they could not tell us gets a default the team edits before publishing.
 * Arabic texts stay empty, so publishing names them as missing rather than showing English twice.
 */
export type ApplicationRow = Selectable<VendorApplicationsTable>

/** Stars a draft starts with until the team rates it. */
export const defaultRating = 3
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

/** The catalog's venue types for the form's three. */
export const catalogVenueType: Record<VenueType, CatalogVenueType> = {
  Hotel: 'hotel',
  Gym: 'fitness-studio',
  'Fitness Center': 'fitness-studio',
}

/**
 * The catalog's pass type for each pass the form offers, after the seed catalog's own use
 * of them: the pool and beach passes are Pool ("Beach & Pool Day Pass" is one), pool with gym is
 * Fitness ("Fitness & Pool Pass"), sauna and steam is the HealthClub's wellness, and a pass of the
 * applicant's own naming is an Adult's single entry until the team says otherwise.
 */
export const catalogPassType: Record<DayPassOption | 'other', PassType> = {
  poolOnly: 'Pool',
  poolAccess: 'Pool',
  beachAccess: 'Pool',
  gymOnly: 'Gym',
  poolGym: 'Fitness',
  saunaSteam: 'HealthClub',
  allInclusive: 'All Inclusive',
  other: 'Adult',
}

/** "Gym. Sauna Room, Steam Room, Padel court." from the facility and its options. */
export function facilitiesDescription(
  application: Pick<ApplicationRow, 'facility_item' | 'facility_options' | 'other_facility_option'>,
): string {
  const item = application.facility_item === 'Both' ? 'Gym, Group Exercise room' : application.facility_item
  const options = application.facility_options
    .map((option) => (option === 'Other' ? application.other_facility_option?.trim() : option))
    .filter((option): option is string => Boolean(option))
  return options.length ? `${item}. ${options.join(', ')}.` : `${item}.`
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
  weekdayPriceFils: number
}

/** The chosen passes as the catalog will hold them, each slug unique within the venue. */
export function draftPasses(passes: StoredDayPass[]): DraftPass[] {
  const taken = new Set<string>()
  return passes.map((pass) => {
    const name = passLabel(pass)
    const base = slugify(name, maxPassSlug) || 'other'
    let slug = base
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`
    taken.add(slug)
    return { slug, passType: catalogPassType[pass.option], nameEn: name, weekdayPriceFils: pass.priceFils }
  })
}

/** `base`, else `base-2`, `base-3`… : the first that `taken` does not hold. */
export function firstFree(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base
  let n = 2
  while (taken.has(`${base}-${n}`)) n++
  return `${base}-${n}`
}
