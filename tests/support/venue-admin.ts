import type { InjectOptions } from 'fastify'
import type { AdminPass, AdminVenueDetail, PassFormInput } from '../../src/shared/venue-admin.ts'
import { testOrigin } from './accounts.ts'
import type { TestApp } from './test-app.ts'

/** A draft venue as approving an application leaves it: English only, no photo, no pass. */
export async function insertDraftVenue(t: TestApp, id: string) {
  await t.database.db
    .insertInto('venues')
    .values({
      id,
      name_en: 'Seef Tower Fitness',
      name_ar: '',
      description_en: 'A **rooftop** gym with a view of the bay.',
      description_ar: '',
      area_id: 'seef',
      location_en: 'Seef Tower, Manama',
      location_ar: '',
      venue_type: 'fitness-studio',
      rating: 4,
      capacity_per_slot: 10,
    })
    .execute()
}

export async function insertCover(t: TestApp, venueId: string) {
  await t.database.db
    .insertInto('venue_images')
    .values({ venue_id: venueId, position: 0, image_key: `${venueId}/cover`, alt_en: 'Gym', alt_ar: 'نادٍ' })
    .execute()
}

export function passForm(overrides: Partial<PassFormInput> = {}): PassFormInput {
  return {
    type: 'Gym',
    nameEn: 'Gym day pass',
    nameAr: 'تذكرة النادي اليومية',
    descriptionEn: 'Gym and pool',
    descriptionAr: 'النادي والمسبح',
    weekdayPrice: '14.000',
    weekendPrice: '',
    holidayPrice: '',
    ...overrides,
  }
}

/** A request from our own site, as `cookie` (none: anonymous). */
export function adminRequest(
  t: TestApp,
  cookie: string | undefined,
  method: InjectOptions['method'],
  url: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url,
    headers: { origin: testOrigin, ...(cookie ? { cookie } : {}) },
    ...(payload ? { payload } : {}),
  })
}

/** The details form exactly as the editor loaded it, with the version it saw: saving it changes nothing. */
export function unchangedDetails({ venue }: AdminVenueDetail) {
  return {
    nameEn: venue.nameEn,
    nameAr: venue.nameAr,
    descriptionEn: venue.descriptionEn,
    descriptionAr: venue.descriptionAr,
    areaId: venue.areaId,
    locationEn: venue.locationEn,
    locationAr: venue.locationAr,
    latitude: venue.latitude === null ? '' : String(venue.latitude),
    longitude: venue.longitude === null ? '' : String(venue.longitude),
    rating: venue.rating,
    payAtVenueOnly: venue.payAtVenueOnly,
    cancellationNoticeHours: venue.cancellationNoticeHours,
    commissionPercent: venue.commissionPercent,
    venueType: venue.venueType,
    facilities: venue.facilities,
    slug: venue.slug,
    sellsFrom: venue.sellsFrom ?? '',
    sellsUntil: venue.sellsUntil ?? '',
    updatedAt: venue.updatedAt,
  }
}

/** A pass's form exactly as stored: saving it changes nothing. */
export function unchangedPass(pass: AdminPass): PassFormInput {
  const price = (fils: number | null) => (fils === null ? '' : (fils / 1000).toFixed(3))
  return {
    type: pass.type as PassFormInput['type'],
    nameEn: pass.nameEn,
    nameAr: pass.nameAr,
    descriptionEn: pass.descriptionEn,
    descriptionAr: pass.descriptionAr,
    weekdayPrice: price(pass.weekdayPriceFils),
    weekendPrice: price(pass.weekendPriceFils),
    holidayPrice: price(pass.holidayPriceFils),
  }
}
