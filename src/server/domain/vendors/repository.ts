import type { Selectable } from 'kysely'
import { inListOrder } from '../../../shared/facilities.ts'
import type { Language } from '../../../shared/i18n.ts'
import {
  type ApplicationDetail,
  type ApplicationSummary,
  chosenPasses,
  describePass,
  type StoredDayPass,
  type VendorApplication,
} from '../../../shared/vendor-application.ts'
import type { Database } from '../../platform/db/database.ts'
import type { VendorApplicationsTable } from '../../platform/db/schema.ts'

type ApplicationRow = Selectable<VendorApplicationsTable>

/** Stores a new application as 'pending', its passes priced in fils; returns its id. */
export async function insertApplication(
  db: Database,
  form: VendorApplication,
  language: Language,
): Promise<number> {
  const row = await db
    .insertInto('vendor_applications')
    .values({
      venue_name_en: form.venueNameEn,
      venue_name_ar: form.venueNameAr,
      venue_email: form.venueEmail,
      contact_first_name: form.contactFirstName,
      contact_last_name: form.contactLastName,
      contact_phone: form.contactPhone,
      venue_type: form.venueType,
      facilities: inListOrder(form.facilities),
      facility_item: null,
      other_facility_option: form.otherFacility || null,
      day_passes: JSON.stringify(chosenPasses(form)),
      available_start_date: form.availableStartDate,
      available_end_date: form.availableEndDate || null,
      start_time: form.startTime,
      end_time: form.endTime,
      area_id: form.areaId,
      city: form.city,
      country: form.country,
      language,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** An application's row with its area's names. */
type NamedRow = ApplicationRow & { area_name_en: string; area_name_ar: string }

function toSummary(row: NamedRow): ApplicationSummary {
  return {
    id: row.id,
    status: row.status,
    venueName: row.venue_name_en || row.venue_name_ar,
    venueNameEn: row.venue_name_en,
    venueNameAr: row.venue_name_ar,
    venueType: row.venue_type,
    area: { id: row.area_id, name: { en: row.area_name_en, ar: row.area_name_ar } },
    city: row.city,
    contactName: `${row.contact_first_name} ${row.contact_last_name}`,
    venueEmail: row.venue_email,
    createdAt: row.created_at.toISOString(),
  }
}

/** What the detail adds to the row: who decided, and the draft venue an approval made. */
interface Decision {
  decidedByEmail: string | null
  venueId: string | null
}

function toDetail(row: NamedRow, { decidedByEmail, venueId }: Decision): ApplicationDetail {
  return {
    ...toSummary(row),
    contactFirstName: row.contact_first_name,
    contactLastName: row.contact_last_name,
    contactPhone: row.contact_phone,
    facilities: row.facilities,
    otherFacility: row.other_facility_option,
    dayPasses: (row.day_passes as StoredDayPass[]).map(describePass),
    availableStartDate: row.available_start_date,
    availableEndDate: row.available_end_date,
    startTime: row.start_time,
    endTime: row.end_time,
    country: row.country,
    language: row.language,
    decidedAt: row.decided_at?.toISOString() ?? null,
    decidedByEmail,
    decisionReason: row.decision_reason,
    venueId,
  }
}

/** The team's list, newest first. */
export async function listApplications(db: Database): Promise<ApplicationSummary[]> {
  const rows = await db
    .selectFrom('vendor_applications as a')
    .innerJoin('areas as ar', 'ar.id', 'a.area_id')
    .selectAll('a')
    .select(['ar.name_en as area_name_en', 'ar.name_ar as area_name_ar'])
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .execute()
  return rows.map(toSummary)
}

export async function findApplication(db: Database, id: number): Promise<ApplicationDetail | undefined> {
  const row = await db
    .selectFrom('vendor_applications as a')
    .leftJoin('users as u', 'u.id', 'a.decided_by')
    .leftJoin('venues as v', 'v.application_id', 'a.id')
    .innerJoin('areas as ar', 'ar.id', 'a.area_id')
    .selectAll('a')
    .select([
      'u.email as decided_by_email',
      'v.id as venue_id',
      'ar.name_en as area_name_en',
      'ar.name_ar as area_name_ar',
    ])
    .where('a.id', '=', id)
    .executeTakeFirst()
  if (!row) return undefined
  const { decided_by_email, venue_id, ...application } = row
  return toDetail(application, { decidedByEmail: decided_by_email, venueId: venue_id })
}

/**
 * The venue made from an application, for the mail that tells its applicant it is live: found by
 * the application, so a slug changed since the mail was queued still finds it.
 */
export async function venueOfApplication(db: Database, applicationId: number) {
  return db
    .selectFrom('venues')
    .select(['id', 'slug', 'name_en', 'name_ar'])
    .where('application_id', '=', applicationId)
    .executeTakeFirst()
}
