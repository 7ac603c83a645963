import { type ApplicationStatus, applicationStatusLinkDays } from '../../../shared/application-status.ts'
import { pagePath } from '../../../shared/route-manifest.ts'
import { applicationReference } from '../../../shared/vendor-application.ts'
import type { Database } from '../../platform/db/database.ts'
import { HttpError } from '../../platform/http/errors.ts'
import { readSignedId, signId } from '../../platform/identity/signed-id.ts'

/**
 * The applicant's status page (docs/decisions/041): the confirmation mail links to
 * `/vendors/status/<id>.<signature>`, the application's id signed with AUTH_SECRET under its own
 * prefix. The link is the key (the applicant has no account) and opens the page for
 * `applicationStatusLinkDays` after the application was sent.
 */
export function applicationStatusToken(secret: string, applicationId: number): string {
  return signId(secret, 'application-status', applicationId)
}

export function applicationStatusUrl(siteUrl: string, secret: string, applicationId: number): string {
  const token = applicationStatusToken(secret, applicationId)
  return `${siteUrl.replace(/\/$/, '')}${pagePath('applicationStatus', { token })}`
}

function notFound(): HttpError {
  return new HttpError(404, 'STATUS_LINK_NOT_FOUND')
}

/**
 * Where the application a status link names stands, or 404 STATUS_LINK_NOT_FOUND, the same answer
 * for a forged or altered link, an application that does not exist and a link past its time. It
 * shows the reference, the steps and their dates and the team's reason for a decline: nothing the
 * applicant typed, since the address the link went to was never verified.
 */
export async function readApplicationStatus(
  db: Database,
  secret: string,
  token: string,
  now: Date,
): Promise<ApplicationStatus> {
  const id = readSignedId(secret, 'application-status', token)
  if (id === undefined) throw notFound()
  const row = await db
    .selectFrom('vendor_applications as a')
    .leftJoin('venues as v', 'v.application_id', 'a.id')
    .select([
      'a.id',
      'a.status',
      'a.created_at',
      'a.decided_at',
      'a.decision_reason',
      'v.id as venue_id',
      'v.slug as venue_slug',
      'v.status as venue_status',
      'v.published_at',
    ])
    .where('a.id', '=', id)
    .executeTakeFirst()
  if (!row || now.getTime() >= row.created_at.getTime() + applicationStatusLinkDays * 86_400_000)
    throw notFound()
  const published = row.venue_id !== null && (row.venue_status === 'published' || row.published_at !== null)
  return {
    reference: applicationReference(row.id),
    status: published
      ? 'published'
      : row.status === 'approved'
        ? 'approved'
        : row.status === 'rejected'
          ? 'declined'
          : 'received',
    receivedAt: row.created_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
    declineReason: row.status === 'rejected' ? row.decision_reason : null,
    publishedAt: published ? (row.published_at?.toISOString() ?? null) : null,
    venuePath: published && row.venue_slug ? pagePath('gym', { id: row.venue_slug }) : null,
  }
}
