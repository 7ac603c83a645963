import { facilitiesMentionedIn } from '../../../shared/facilities.ts'
import type { Seeder } from '../../platform/db/seeder.ts'
import { seedHolidays } from './seed-holidays.ts'
import { seedVenues } from './seed-venues.ts'

/** The starting catalog: the venues, their passes and images, and the public holidays. */
export const catalogSeeder: Seeder = {
  name: 'catalog',
  async run(db) {
    for (const [position, venue] of seedVenues.entries()) {
      await db
        .insertInto('venues')
        .values({
          id: venue.id,
          name_en: venue.name.en,
          name_ar: venue.name.ar,
          description_en: venue.description.en,
          description_ar: venue.description.ar,
          area_id: venue.areaId,
          location_en: venue.location.en,
          location_ar: venue.location.ar,
          latitude: venue.coordinates.latitude,
          longitude: venue.coordinates.longitude,
          venue_type: venue.venueType,
          rating: venue.rating,
          // The seed venues were described before the facilities list: their words decide.
          facilities: facilitiesMentionedIn(venue.description.en),
          status: venue.comingSoon ? 'coming_soon' : 'published',
          pay_at_venue_only: venue.payAtVenueOnly,
          capacity_per_slot: venue.capacityPerSlot,
          ...(venue.weeklyHours ? { weekly_hours: JSON.stringify(venue.weeklyHours) } : {}),
          ...(venue.vatNumber ? { vat_registered: true, vat_number: venue.vatNumber } : {}),
          position,
        })
        .execute()
      await db
        .insertInto('venue_images')
        .values(
          venue.images.map((image, index) => ({
            venue_id: venue.id,
            position: index,
            image_key: `${venue.id}/${image.scene}`,
            alt_en: image.alt.en,
            alt_ar: image.alt.ar,
          })),
        )
        .execute()
      await db
        .insertInto('passes')
        .values(
          venue.passes.map((pass, index) => ({
            id: pass.id,
            venue_id: venue.id,
            pass_type: pass.type,
            name_en: pass.name.en,
            name_ar: pass.name.ar,
            description_en: pass.description.en,
            description_ar: pass.description.ar,
            weekday_price_fils: pass.weekdayFils,
            weekend_price_fils: pass.weekendFils ?? null,
            holiday_price_fils: pass.holidayFils ?? null,
            position: index,
          })),
        )
        .execute()
    }
    await db
      .insertInto('public_holidays')
      .values(
        seedHolidays.map((holiday) => ({
          holiday_date: holiday.date,
          name_en: holiday.name.en,
          name_ar: holiday.name.ar,
        })),
      )
      .execute()
  },
}
