import type { Language } from '../../../shared/i18n.ts'
import type { VendorApplication } from '../../../shared/vendor-application.ts'
import type { Database } from '../../platform/db/database.ts'
import { enqueueMail } from '../../platform/mail/outbox.ts'
import { requireChoosableArea } from '../areas/repository.ts'
import { insertApplication } from './repository.ts'

export interface SubmitApplicationOptions {
  teamEmail: string
  /** The site's origin, for the team's link to the review list. */
  siteUrl: string
}

/**
 * Stores the application with its two e-mails in one transaction: the confirmation to the venue
 * (in the applicant's language) and the notice to the team (in English), or none of the three.
 */
export async function submitApplication(
  db: Database,
  form: VendorApplication,
  language: Language,
  { teamEmail, siteUrl }: SubmitApplicationOptions,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await requireChoosableArea(trx, form.areaId)
    const applicationId = await insertApplication(trx, form, language)
    await enqueueMail(trx, {
      template: 'vendor-application-received',
      to: form.venueEmail,
      language,
      payload: { applicationId },
    })
    await enqueueMail(trx, {
      template: 'vendor-application-team',
      to: teamEmail,
      language: 'en',
      payload: { applicationId, reviewUrl: `${siteUrl}/admin/vendor-applications` },
    })
    return applicationId
  })
}
