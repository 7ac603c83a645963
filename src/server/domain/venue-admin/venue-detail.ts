import { percentFromBasisPoints } from '../../../shared/reports.ts'
import type { AdminPass, AdminVenueDetail, ReadinessProblem } from '../../../shared/venue-admin.ts'
import type { Database } from '../../platform/db/database.ts'
import { HttpError } from '../../platform/http/errors.ts'
import { findImages, findPasses, findVenue, type PassRow, type VenueRow } from './repository.ts'

/** The editor's view of a venue, and what it lacks before visitors may see it. */

type Text = Pick<
  VenueRow,
  'name_en' | 'name_ar' | 'description_en' | 'description_ar' | 'location_en' | 'location_ar'
>

/**
 * What a venue lacks before visitors may see it. Listed ('coming_soon') venues show their text and
 * cover in the catalog, so those are asked for both statuses; passes only to be published, since a
 * coming-soon venue cannot be booked yet.
 */
export function missingForListing(
  venue: Text,
  activePasses: Pick<PassRow, 'name_en' | 'name_ar'>[],
  cover: boolean,
  status: 'published' | 'coming_soon',
): ReadinessProblem[] {
  const blank = (text: string) => text.trim() === ''
  const missing: ReadinessProblem[] = []
  if (
    [venue.name_en, venue.description_en, venue.location_en].some(blank) ||
    activePasses.some((p) => blank(p.name_en))
  )
    missing.push('MISSING_ENGLISH_TEXT')
  if (
    [venue.name_ar, venue.description_ar, venue.location_ar].some(blank) ||
    activePasses.some((p) => blank(p.name_ar))
  )
    missing.push('MISSING_ARABIC_TEXT')
  if (!cover) missing.push('MISSING_COVER_PHOTO')
  if (status === 'published' && activePasses.length === 0) missing.push('MISSING_ACTIVE_PASS')
  return missing
}

export const active = (passes: PassRow[]) => passes.filter((pass) => pass.archived_at === null)

export async function venueDetail(db: Database, id: string): Promise<AdminVenueDetail> {
  const venue = await findVenue(db, id)
  if (!venue) throw new HttpError(404, 'GYM_NOT_FOUND')
  const [passes, images] = await Promise.all([findPasses(db, id), findImages(db, id)])
  return {
    venue: {
      id: venue.id,
      nameEn: venue.name_en,
      nameAr: venue.name_ar,
      descriptionEn: venue.description_en,
      descriptionAr: venue.description_ar,
      areaId: venue.area_id,
      locationEn: venue.location_en,
      locationAr: venue.location_ar,
      latitude: venue.latitude,
      longitude: venue.longitude,
      rating: venue.rating,
      payAtVenueOnly: venue.pay_at_venue_only,
      cancellationNoticeHours: venue.cancellation_notice_hours,
      commissionPercent: percentFromBasisPoints(venue.commission_basis_points),
      venueType: venue.venue_type,
      status: venue.status,
      slug: venue.slug,
      facilities: venue.facilities,
      sellsFrom: venue.sells_from,
      sellsUntil: venue.sells_until,
      everPublished: venue.status === 'published' || venue.published_at !== null,
      capacityPerSlot: venue.capacity_per_slot,
      weeklyHours: venue.weekly_hours,
      notices: {
        bookingsEmail: venue.bookings_email ?? '',
        mode: venue.booking_notices,
        language: venue.notice_language,
      },
      vat: {
        vatRegistered: venue.vat_registered,
        vatNumber: venue.vat_number ?? '',
        pricesIncludeVat: venue.prices_include_vat,
      },
      updatedAt: venue.updated_at.toISOString(),
    },
    passes: passes.map(toAdminPass),
    images: images.map((image) => ({
      position: image.position,
      key: image.image_key,
      alt: { en: image.alt_en, ar: image.alt_ar },
    })),
    missing: missingForListing(
      venue,
      active(passes),
      images.some((image) => image.position === 0),
      'published',
    ),
  }
}

function toAdminPass(pass: PassRow): AdminPass {
  return {
    id: pass.id,
    type: pass.pass_type,
    nameEn: pass.name_en,
    nameAr: pass.name_ar,
    descriptionEn: pass.description_en,
    descriptionAr: pass.description_ar,
    weekdayPriceFils: pass.weekday_price_fils,
    weekendPriceFils: pass.weekend_price_fils,
    holidayPriceFils: pass.holiday_price_fils,
    position: pass.position,
    archivedAt: pass.archived_at?.toISOString() ?? null,
  }
}
