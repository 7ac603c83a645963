import { inListOrder } from '../../../shared/facilities.ts'
import {
  basisPointsFromPercent,
  defaultCommissionBasisPoints,
  percentFromBasisPoints,
} from '../../../shared/reports.ts'
import type { VenueVat } from '../../../shared/vat.ts'
import {
  coordinatesOf,
  type PassForm,
  passPricesFils,
  type VenueDetails,
  type VenueStatus,
} from '../../../shared/venue-admin.ts'
import { storedBookingsEmail, type VenueNotices } from '../../../shared/venue-notices.ts'
import { type AuditActor, recordAudit } from '../../platform/audit/audit-log.ts'
import type { Database } from '../../platform/db/database.ts'
import { HttpError } from '../../platform/http/errors.ts'
import { requireChoosableArea } from '../areas/repository.ts'
import { noticePublished } from '../vendors/publish-notice.ts'
import {
  findPasses,
  hasCover,
  insertPass,
  lockVenue,
  type PassRow,
  passIdTaken,
  setPassPositions,
  setVenueNotices,
  setVenueStatus,
  setVenueVat,
  slugTaken,
  updatePass,
  updateVenue,
  type VenueDetailsValues,
  type VenueRow,
} from './repository.ts'
import { active, missingForListing } from './venue-detail.ts'

/**
 * The venue editor's rules. Each change runs in one transaction that locks the venue row first, so
 * a publish and the archiving of its last pass cannot both pass their checks, and writes its audit
 * row there too. The routes announce the change to the catalog once it has committed.
 */

/** Only what differs, under the form's names: the history shows each as before → after. */
function changes<T extends Record<string, unknown>>(before: T, after: T) {
  const keys = Object.keys(after).filter((key) => before[key] !== after[key])
  if (keys.length === 0) return undefined
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  }
}

async function lockedVenue(trx: Database, id: string): Promise<VenueRow> {
  const venue = await lockVenue(trx, id)
  if (!venue) throw new HttpError(404, 'GYM_NOT_FOUND')
  return venue
}

const detailsOf = (row: VenueDetailsValues) => ({
  nameEn: row.name_en,
  nameAr: row.name_ar,
  descriptionEn: row.description_en,
  descriptionAr: row.description_ar,
  areaId: row.area_id,
  locationEn: row.location_en,
  locationAr: row.location_ar,
  latitude: row.latitude,
  longitude: row.longitude,
  rating: row.rating,
  payAtVenueOnly: row.pay_at_venue_only,
  cancellationNoticeHours: row.cancellation_notice_hours,
  commissionPercent: percentFromBasisPoints(row.commission_basis_points),
  venueType: row.venue_type,
  // Lists compare as text: the history shows a changed list, not an unchanged one.
  facilities: row.facilities.join(','),
  slug: row.slug,
  sellsFrom: row.sells_from,
  sellsUntil: row.sells_until,
})

/** A venue's URL name is fixed once it has been published: shared links and search engines hold it. */
const everPublished = (venue: VenueRow) => venue.status === 'published' || venue.published_at !== null

/** The slug the form asks for, refused when it is fixed or another venue's. */
async function checkedSlug(trx: Database, venue: VenueRow, wanted: string | undefined): Promise<string> {
  if (wanted === undefined || wanted === venue.slug) return venue.slug
  if (everPublished(venue)) throw new HttpError(409, 'SLUG_LOCKED', { fields: { slug: 'SLUG_LOCKED' } })
  if (await slugTaken(trx, wanted, venue.id))
    throw new HttpError(409, 'SLUG_TAKEN', { fields: { slug: 'SLUG_TAKEN' } })
  return wanted
}

/**
 * A draft named in Arabic only was given a stand-in address (venue-<n>). The first English name
 * saved before publishing replaces it, the same way approval makes one (-2, -3 when taken), unless
 * the team typed an address of its own.
 */
async function slugFor(trx: Database, venue: VenueRow, form: VenueDetails): Promise<string> {
  const slug = await checkedSlug(trx, venue, form.slug)
  if (slug !== venue.slug || everPublished(venue) || !/^venue-\d+$/.test(slug)) return slug
  const base = slugify(form.nameEn)
  if (!base) return slug
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`
    if (!(await slugTaken(trx, candidate, venue.id))) return candidate
  }
}

/** '' is no limit; left out is unchanged. */
const saleDate = (typed: string | undefined, stored: string | null) =>
  typed === undefined ? stored : typed || null

/** Saves the details form; refused when the venue changed since the editor loaded `seenUpdatedAt`. */
export async function updateDetails(
  db: Database,
  actor: AuditActor,
  id: string,
  form: VenueDetails,
  seenUpdatedAt: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const venue = await lockedVenue(trx, id)
    if (venue.updated_at.toISOString() !== new Date(seenUpdatedAt).toISOString())
      throw new HttpError(409, 'VENUE_CHANGED_ELSEWHERE')
    // A deactivated area stays the venue's while the team keeps it; it cannot be chosen anew.
    await requireChoosableArea(trx, form.areaId, venue.area_id)
    const values: VenueDetailsValues = {
      name_en: form.nameEn,
      name_ar: form.nameAr,
      description_en: form.descriptionEn,
      description_ar: form.descriptionAr,
      area_id: form.areaId,
      location_en: form.locationEn,
      location_ar: form.locationAr,
      ...coordinatesOf(form),
      rating: form.rating,
      pay_at_venue_only: form.payAtVenueOnly,
      cancellation_notice_hours: form.cancellationNoticeHours,
      commission_basis_points: basisPointsFromPercent(form.commissionPercent) ?? defaultCommissionBasisPoints,
      venue_type: form.venueType,
      facilities: form.facilities ? inListOrder(form.facilities) : venue.facilities,
      slug: await slugFor(trx, venue, form),
      sells_from: saleDate(form.sellsFrom, venue.sells_from),
      sells_until: saleDate(form.sellsUntil, venue.sells_until),
    }
    if (values.sells_from && values.sells_until && values.sells_until < values.sells_from)
      throw new HttpError(400, 'SELLS_UNTIL_BEFORE_FROM', {
        fields: { sellsUntil: 'SELLS_UNTIL_BEFORE_FROM' },
      })
    const diff = changes(detailsOf(venue), detailsOf(values))
    if (!diff) return false
    await updateVenue(trx, id, values)
    await recordAudit(trx, actor, {
      action: 'venue.update',
      entityType: 'venue',
      entityId: id,
      venueId: id,
      ...diff,
    })
    return true
  })
}

/**
 * Saves whether the venue is VAT-registered, its VAT account number and whether its prices hold
 * the VAT (docs/decisions/050). An unregistered venue keeps no number. Returns whether anything
 * changed: the caller then tells the catalog, whose visitor prices depend on it.
 */
export async function updateVat(db: Database, actor: AuditActor, id: string, form: VenueVat) {
  return db.transaction().execute(async (trx) => {
    const venue = await lockedVenue(trx, id)
    const before = {
      vatRegistered: venue.vat_registered,
      vatNumber: venue.vat_number,
      pricesIncludeVat: venue.prices_include_vat,
    }
    const after = {
      vatRegistered: form.vatRegistered,
      vatNumber: form.vatRegistered ? form.vatNumber : null,
      pricesIncludeVat: form.pricesIncludeVat,
    }
    const diff = changes(before, after)
    if (!diff) return false
    await setVenueVat(trx, id, {
      vat_registered: after.vatRegistered,
      vat_number: after.vatNumber,
      prices_include_vat: after.pricesIncludeVat,
    })
    await recordAudit(trx, actor, {
      action: 'venue.vat',
      entityType: 'venue',
      entityId: id,
      venueId: id,
      ...diff,
    })
    return true
  })
}

/** Saves where, how and in which language the venue is told of its bookings (docs/decisions/042). */
export async function updateNotices(db: Database, actor: AuditActor, id: string, form: VenueNotices) {
  return db.transaction().execute(async (trx) => {
    const venue = await lockedVenue(trx, id)
    // Under the history's names for them (venue-admin.json, history.fields).
    const before = {
      bookingsEmail: venue.bookings_email,
      bookingNotices: venue.booking_notices,
      noticeLanguage: venue.notice_language,
    }
    const after = {
      bookingsEmail: storedBookingsEmail(form.bookingsEmail),
      bookingNotices: form.mode,
      noticeLanguage: form.language,
    }
    const diff = changes(before, after)
    if (!diff) return false
    await setVenueNotices(trx, id, {
      bookings_email: after.bookingsEmail,
      booking_notices: after.bookingNotices,
      notice_language: after.noticeLanguage,
    })
    await recordAudit(trx, actor, {
      action: 'venue.notices',
      entityType: 'venue',
      entityId: id,
      venueId: id,
      ...diff,
    })
    return true
  })
}

/**
 * Moves the venue to `status`; listing it asks for what visitors will see (missingForListing).
 * Publishing tells the venue's applicant, in the same transaction (vendors/publish-notice.ts).
 */
export async function changeStatus(
  db: Database,
  actor: AuditActor,
  id: string,
  status: VenueStatus,
  now: Date,
) {
  return db.transaction().execute(async (trx) => {
    const venue = await lockedVenue(trx, id)
    if (venue.status === status) return false
    if (status === 'published' || status === 'coming_soon') {
      const [passes, cover] = await Promise.all([findPasses(trx, id), hasCover(trx, id)])
      const missing = missingForListing(venue, active(passes), cover, status)
      if (missing.length > 0) throw new HttpError(422, 'VENUE_NOT_READY', { details: missing.join(',') })
    }
    await setVenueStatus(trx, id, status)
    if (status === 'published') await noticePublished(trx, venue, now)
    await recordAudit(trx, actor, {
      action: 'venue.status',
      entityType: 'venue',
      entityId: id,
      venueId: id,
      before: { status: venue.status },
      after: { status },
    })
    return true
  })
}

/** Lowercase ASCII words joined by hyphens, as pass ids are (checkout's pass id rule). */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

async function newPassId(trx: Database, venueId: string, form: PassForm): Promise<string> {
  const slug = slugify(form.nameEn) || slugify(form.type)
  // Pass ids are at most 80 characters: room is kept for a "-99" that tells two namesakes apart.
  const base = `${venueId}-${slug}`.slice(0, 76).replace(/-+$/, '')
  for (let n = 1; ; n++) {
    const id = n === 1 ? base : `${base}-${n}`
    if (!(await passIdTaken(trx, id))) return id
  }
}

const passValues = (form: PassForm) => {
  const prices = passPricesFils(form)
  return {
    pass_type: form.type,
    name_en: form.nameEn,
    name_ar: form.nameAr,
    description_en: form.descriptionEn,
    description_ar: form.descriptionAr,
    weekday_price_fils: prices.weekdayPriceFils,
    weekend_price_fils: prices.weekendPriceFils,
    holiday_price_fils: prices.holidayPriceFils,
  }
}

const passAuditValues = (pass: Omit<ReturnType<typeof passValues>, 'pass_type'> & { pass_type: string }) => ({
  type: pass.pass_type,
  nameEn: pass.name_en,
  nameAr: pass.name_ar,
  descriptionEn: pass.description_en,
  descriptionAr: pass.description_ar,
  weekdayPriceFils: pass.weekday_price_fils,
  weekendPriceFils: pass.weekend_price_fils,
  holidayPriceFils: pass.holiday_price_fils,
})

export async function createPass(db: Database, actor: AuditActor, venueId: string, form: PassForm) {
  return db.transaction().execute(async (trx) => {
    await lockedVenue(trx, venueId)
    const values = passValues(form)
    const pass = await insertPass(trx, {
      id: await newPassId(trx, venueId, form),
      venue_id: venueId,
      ...values,
    })
    await recordAudit(trx, actor, {
      action: 'pass.create',
      entityType: 'pass',
      entityId: pass.id,
      venueId,
      after: passAuditValues(values),
    })
    return pass.id
  })
}

/** The venue's pass `passId`; another venue's pass is as unknown as one that never was. */
async function venuePass(trx: Database, venueId: string, passId: string): Promise<PassRow> {
  const pass = (await findPasses(trx, venueId)).find((row) => row.id === passId)
  if (!pass) throw new HttpError(404, 'PASS_NOT_FOUND')
  return pass
}

export async function editPass(
  db: Database,
  actor: AuditActor,
  venueId: string,
  passId: string,
  form: PassForm,
) {
  return db.transaction().execute(async (trx) => {
    await lockedVenue(trx, venueId)
    const pass = await venuePass(trx, venueId, passId)
    const values = passValues(form)
    const diff = changes(passAuditValues(pass), passAuditValues(values))
    if (!diff) return false
    await updatePass(trx, passId, values)
    await recordAudit(trx, actor, {
      action: 'pass.update',
      entityType: 'pass',
      entityId: passId,
      venueId,
      ...diff,
    })
    return true
  })
}

/**
 * Stops selling a pass, or sells it again. A published venue keeps at least one pass on sale, so
 * the catalog never lists a bookable venue with nothing to book: suspend it or make it a draft first.
 */
export async function setArchived(
  db: Database,
  actor: AuditActor,
  venueId: string,
  passId: string,
  archived: boolean,
  now: Date,
) {
  return db.transaction().execute(async (trx) => {
    const venue = await lockedVenue(trx, venueId)
    const passes = await findPasses(trx, venueId)
    const pass = passes.find((row) => row.id === passId)
    if (!pass) throw new HttpError(404, 'PASS_NOT_FOUND')
    if ((pass.archived_at !== null) === archived) return false
    if (archived && venue.status === 'published' && active(passes).length === 1)
      throw new HttpError(409, 'LAST_ACTIVE_PASS')
    const archivedAt = archived ? now : null
    await updatePass(trx, passId, { archived_at: archivedAt })
    await recordAudit(trx, actor, {
      action: archived ? 'pass.archive' : 'pass.restore',
      entityType: 'pass',
      entityId: passId,
      venueId,
      before: { archivedAt: pass.archived_at?.toISOString() ?? null },
      after: { archivedAt: archivedAt?.toISOString() ?? null },
    })
    return true
  })
}

/** Puts the venue's passes in the order of `ids`, which must name each of them once. */
export async function reorderPasses(db: Database, actor: AuditActor, venueId: string, ids: string[]) {
  return db.transaction().execute(async (trx) => {
    await lockedVenue(trx, venueId)
    const before = (await findPasses(trx, venueId)).map((pass) => pass.id)
    const known = new Set(before)
    if (ids.length !== before.length || !ids.every((id) => known.has(id)))
      throw new HttpError(400, 'PASS_ORDER_INVALID', { fields: { ids: 'PASS_ORDER_INVALID' } })
    if (ids.every((id, index) => before[index] === id)) return false
    await setPassPositions(trx, venueId, ids)
    await recordAudit(trx, actor, {
      action: 'pass.reorder',
      entityType: 'venue',
      entityId: venueId,
      venueId,
      before: { order: before },
      after: { order: ids },
    })
    return true
  })
}
