import type { Database } from '../../platform/db/database.ts'

/** The contact form's message the team's mail carries, its file included. */
export async function loadContactSubmission(db: Database, submissionId: number) {
  return db
    .selectFrom('contact_submissions')
    .selectAll()
    .where('id', '=', submissionId)
    .executeTakeFirstOrThrow()
}
