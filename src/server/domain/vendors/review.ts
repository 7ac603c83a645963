import { type Insertable, sql } from 'kysely'
import type { Language } from '../../../shared/i18n.ts'
import type { StoredDayPass } from '../../../shared/vendor-application.ts'
import { type AuditActor, recordAudit } from '../../platform/audit/audit-log.ts'
import type { Database } from '../../platform/db/database.ts'
import type { VenuesTable } from '../../platform/db/schema.ts'
import { HttpError } from '../../platform/http/errors.ts'
import { enqueueMail } from '../../platform/mail/outbox.ts'
import {
  type ApplicationRow,
  bookingsEmailFrom,
  catalogVenueType,
  defaultCapacityPerSlot,
  draftPasses,
  facilitiesDescription,
  firstFree,
  locationIn,
  venueSlug,
  weeklyHoursFrom,
} from './draft-venue.ts'

/**
 * Decides a pending application, once. The conditional UPDATE is the whole guard: of two
 * managers deciding at the same moment, PostgreSQL lets the second UPDATE wait on the row and then
 * finds it no longer pending, so it changes nothing and answers 409. Everything else the decision
 * does (the draft venue, the audit rows, the applicant's mail) is written in the same transaction,
 * so it happens exactly once or not at all.
 */
async function decide(
  trx: Database,
  id: number,
  actor: AuditActor,
  status: 'approved' | 'rejected',
  reason: string | null,
): Promise<ApplicationRow> {
  const decided = await trx
    .updateTable('vendor_applications')
    .set({ status, decided_at: sql<Date>`now()`, decided_by: actor.id, decision_reason: reason })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst()
  if (decided) return decided
  const exists = await trx
    .selectFrom('vendor_applications')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst()
  throw exists
    ? new HttpError(409, 'APPLICATION_ALREADY_DECIDED')
    : new HttpError(404, 'APPLICATION_NOT_FOUND')
}

const mailLanguage = (row: ApplicationRow): Language => (row.language === 'ar' ? 'ar' : 'en')

/**
 * Inserts the row under `base`, or the first of `base-2`, `base-3`… that is free. ON CONFLICT DO
 * NOTHING rather than a failed INSERT: an error would abort the transaction, and another approval
 * may take a name between our look and our insert.
 */
async function insertUnder(
  trx: Database,
  table: 'venues' | 'passes',
  base: string,
  insert: (id: string) => Promise<boolean>,
): Promise<string> {
  const rows = await trx
    .selectFrom(table)
    .select('id')
    .where((eb) => eb.or([eb('id', '=', base), eb('id', 'like', `${base}-%`)]))
    .execute()
  const taken = new Set(rows.map((row) => row.id))
  // A venue's URL name is its slug, which the team may have changed from its id: both are taken.
  if (table === 'venues') {
    const slugs = await trx
      .selectFrom('venues')
      .select('slug')
      .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
      .execute()
    for (const row of slugs) taken.add(row.slug)
  }
  for (;;) {
    const id = firstFree(base, taken)
    if (await insert(id)) return id
    taken.add(id)
  }
}

/** The draft venue and its passes, made from the application; answers the venue's id. */
async function createDraftVenue(trx: Database, application: ApplicationRow, actor: AuditActor) {
  const last = await trx
    .selectFrom('venues')
    .select((eb) => eb.fn.max('position').as('position'))
    .executeTakeFirst()
  const area = await trx
    .selectFrom('areas')
    .select(['name_en as en', 'name_ar as ar'])
    .where('id', '=', application.area_id)
    .executeTakeFirstOrThrow()
  const venue: Omit<Insertable<VenuesTable>, 'id'> = {
    name_en: application.venue_name_en,
    name_ar: application.venue_name_ar,
    description_en: facilitiesDescription(application, 'en'),
    description_ar: facilitiesDescription(application, 'ar'),
    area_id: application.area_id,
    location_en: locationIn(application, area, 'en'),
    location_ar: locationIn(application, area, 'ar'),
    venue_type: catalogVenueType[application.venue_type],
    rating: null,
    facilities: application.facilities,
    sells_from: application.available_start_date,
    sells_until: application.available_end_date,
    status: 'draft',
    capacity_per_slot: defaultCapacityPerSlot,
    position: (last?.position ?? -1) + 1,
    weekly_hours: JSON.stringify(weeklyHoursFrom(application.start_time, application.end_time)),
    application_id: application.id,
    bookings_email: bookingsEmailFrom(application),
  }
  const venueId = await insertUnder(
    trx,
    'venues',
    venueSlug(application.venue_name_en, application.id),
    async (id) =>
      Boolean(
        await trx
          .insertInto('venues')
          .values({ ...venue, id, slug: id })
          // Either the id or the slug may have been taken meanwhile.
          .onConflict((conflict) => conflict.doNothing())
          .returning('id')
          .executeTakeFirst(),
      ),
  )

  const passes = []
  for (const [position, pass] of draftPasses(application.day_passes as StoredDayPass[]).entries()) {
    const row = {
      venue_id: venueId,
      pass_type: pass.passType,
      name_en: pass.nameEn,
      name_ar: pass.nameAr,
      description_en: '',
      description_ar: '',
      weekday_price_fils: pass.weekdayPriceFils,
      weekend_price_fils: pass.weekendPriceFils,
      position,
    }
    // Unique within the venue already; another venue's pass may hold the same id ("a-b" + "c" and "a" + "b-c").
    const id = await insertUnder(trx, 'passes', `${venueId}-${pass.slug}`, async (candidate) =>
      Boolean(
        await trx
          .insertInto('passes')
          .values({ ...row, id: candidate })
          .onConflict((conflict) => conflict.column('id').doNothing())
          .returning('id')
          .executeTakeFirst(),
      ),
    )
    passes.push({ id, ...row })
  }

  await recordAudit(trx, actor, {
    action: 'venue.create',
    entityType: 'venue',
    entityId: venueId,
    venueId,
    after: { id: venueId, ...venue, weekly_hours: JSON.parse(venue.weekly_hours as string), passes },
  })
  return venueId
}

/** Approves a pending application: a draft venue for the team to finish, and a mail to the applicant. */
export async function approveApplication(db: Database, id: number, actor: AuditActor): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const application = await decide(trx, id, actor, 'approved', null)
    const venueId = await createDraftVenue(trx, application, actor)
    await recordAudit(trx, actor, {
      action: 'application.approve',
      entityType: 'application',
      entityId: id,
      venueId,
      before: { status: 'pending' },
      after: { status: 'approved', venueId },
    })
    await enqueueMail(trx, {
      template: 'vendor-application-approved',
      to: application.venue_email,
      language: mailLanguage(application),
      payload: { applicationId: id },
    })
    return venueId
  })
}

/** Declines a pending application, telling the applicant why. */
export async function declineApplication(
  db: Database,
  id: number,
  actor: AuditActor,
  reason: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const application = await decide(trx, id, actor, 'rejected', reason)
    await recordAudit(trx, actor, {
      action: 'application.decline',
      entityType: 'application',
      entityId: id,
      before: { status: 'pending' },
      after: { status: 'rejected', decisionReason: reason },
    })
    await enqueueMail(trx, {
      template: 'vendor-application-declined',
      to: application.venue_email,
      language: mailLanguage(application),
      payload: { applicationId: id, reason },
    })
  })
}
