import type { PassType, VenueType } from '../../../shared/catalog.ts'

export interface Localized {
  en: string
  ar: string
}

export interface SeedPass {
  /** Unique slug, e.g. 'vida-beach-hotel-pool-day'. */
  id: string
  type: PassType
  name: Localized
  description: Localized
  /** Prices in fils (BD 14.000 = 14000). Weekend and holiday fall back to the weekday price. */
  weekdayFils: number
  weekendFils?: number
  holidayFils?: number
}

export interface SeedVenue {
  /** Unique slug, used in the URL /gyms/:id. */
  id: string
  name: Localized
  /** 2-4 sentences; **double asterisks** mark bold phrases. */
  description: Localized
  /** The id of one of the areas migration 031 lists: 'manama', 'seef', 'juffair', 'muharraq', 'bahrain-bay'. */
  areaId: string
  /** Shown on the card, e.g. 'Bahrain Bay, Manama'. */
  location: Localized
  /** Where it stands in its area (WGS 84): the Directions link and the calendar entry's GEO. */
  coordinates: { latitude: number; longitude: number }
  venueType: VenueType
  /** Registered for VAT with this account number, its prices including VAT (docs/receipts.md). */
  vatNumber?: string
  rating: 4 | 5
  comingSoon: boolean
  payAtVenueOnly: boolean
  capacityPerSlot: number
  /** The hours sold on each weekday, Sunday first; the catalog's 08:00 to 19:00 when left out. */
  weeklyHours?: number[][]
  /** Scenes in public/images/venues/<id>/, first is the cover: 'cover', 'gym', 'pool', 'wellness'. */
  images: { scene: 'cover' | 'gym' | 'pool' | 'wellness'; alt: Localized }[]
  passes: SeedPass[]
}
