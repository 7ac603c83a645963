import type { Language } from '../../../shared/i18n.ts'
import type { Database } from '../../platform/db/database.ts'
import { enqueueMail } from '../../platform/mail/outbox.ts'

/**
 * Called in the transaction that publishes a venue (venue-admin's changeStatus): a venue made from
 * an application tells its applicant, once per publish, with its public link
 * (docs/decisions/041). The first publish's date is kept for the applicant's status page.
 */
export async function noticePublished(
  trx: Database,
  venue: { id: string; application_id: number | null },
  now: Date,
) {
  await trx
    .updateTable('venues')
    .set({ published_at: now })
    .where('id', '=', venue.id)
    .where('published_at', 'is', null)
    .execute()
  if (venue.application_id === null) return
  const application = await trx
    .selectFrom('vendor_applications')
    .select(['id', 'venue_email', 'language'])
    .where('id', '=', venue.application_id)
    .executeTakeFirst()
  if (!application) return
  const language: Language = application.language === 'ar' ? 'ar' : 'en'
  await enqueueMail(trx, {
    template: 'venue-published',
    to: application.venue_email,
    language,
    payload: { applicationId: application.id, venueId: venue.id },
  })
}
