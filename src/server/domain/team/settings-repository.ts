import type { Announcement, ContactSettings, Holiday } from '../../../shared/team.ts'
import type { Database } from '../../platform/db/database.ts'
import { supportEmail } from '../../platform/mail/templates/layout.tsx'

/** The team's contact details before anyone sets them. */
export const defaultContact: ContactSettings = { email: supportEmail, phone: '' }
export const noAnnouncement: Announcement = { en: '', ar: '', endsOn: null }

const keys = { contact: 'team_contact', announcement: 'announcement' } as const

async function readSetting<T>(db: Database, key: string, fallback: T): Promise<T> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirst()
  if (!row) return fallback
  try {
    return { ...fallback, ...JSON.parse(row.value) }
  } catch {
    return fallback
  }
}

async function writeSetting(trx: Database, key: string, value: unknown): Promise<void> {
  const text = JSON.stringify(value)
  await trx
    .insertInto('app_settings')
    .values({ key, value: text })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: text, updated_at: new Date() }))
    .execute()
}

export const readContact = (db: Database) => readSetting(db, keys.contact, defaultContact)
export const writeContact = (trx: Database, value: ContactSettings) => writeSetting(trx, keys.contact, value)
export const readAnnouncement = (db: Database) => readSetting(db, keys.announcement, noAnnouncement)
export const writeAnnouncement = (trx: Database, value: Announcement) =>
  writeSetting(trx, keys.announcement, value)

export async function holidaysOfYear(db: Database, year: number): Promise<Holiday[]> {
  const rows = await db
    .selectFrom('public_holidays')
    .selectAll()
    .where('holiday_date', '>=', `${year}-01-01`)
    .where('holiday_date', '<=', `${year}-12-31`)
    .orderBy('holiday_date')
    .execute()
  return rows.map((row) => ({ date: row.holiday_date, name: { en: row.name_en, ar: row.name_ar } }))
}

export async function findHoliday(trx: Database, date: string): Promise<Holiday | undefined> {
  const row = await trx
    .selectFrom('public_holidays')
    .selectAll()
    .where('holiday_date', '=', date)
    .forUpdate()
    .executeTakeFirst()
  return row && { date: row.holiday_date, name: { en: row.name_en, ar: row.name_ar } }
}

export async function insertHoliday(trx: Database, holiday: Holiday): Promise<boolean> {
  const inserted = await trx
    .insertInto('public_holidays')
    .values({ holiday_date: holiday.date, name_en: holiday.name.en, name_ar: holiday.name.ar })
    .onConflict((oc) => oc.column('holiday_date').doNothing())
    .executeTakeFirst()
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0
}

export async function deleteHoliday(trx: Database, date: string): Promise<void> {
  await trx.deleteFrom('public_holidays').where('holiday_date', '=', date).execute()
}
