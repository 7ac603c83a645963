/** The catalog's pass types (docs/product.md, "What is stored"). */
export const passTypes = [
  'HealthClub',
  'Fitness',
  'Adult',
  'Kids',
  'Family',
  'Gym',
  'Pool',
  'All Inclusive',
] as const
export type PassType = (typeof passTypes)[number]

export const venueTypes = [
  'hotel',
  'serviced-apartment',
  'fitness-studio',
  'resort-spa',
  'beach-club',
  'pool',
] as const
export type VenueType = (typeof venueTypes)[number]

/** The 12 bookable hourly slots, 08:00 to 19:00 (docs/product.md, "Constants"). */
export const bookingHours = [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19] as const

export function hourLabel(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`
}
