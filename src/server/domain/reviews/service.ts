import type { ReviewInvite, TeamReview, VenueReviews } from '../../../shared/reviews.ts'
import { averageOf, venueReviewsListed } from '../../../shared/reviews.ts'
import { recordAudit } from '../../platform/audit/audit-log.ts'
import type { Database } from '../../platform/db/database.ts'
import { HttpError } from '../../platform/http/errors.ts'
import type { AccountCaller, Caller } from '../../platform/identity/caller.ts'
import { enqueueMail } from '../../platform/mail/outbox.ts'
import type { AnnounceCatalogChange } from '../catalog/catalog-changes.ts'
import { findVisitForReview, type VisitForReview, visitReferences } from '../visits/review-repository.ts'
import { reviewRefusal } from './eligibility.ts'
import { withinReviewWindow } from './invites.ts'
import {
  deleteReviewsOfAccount,
  findPartyReview,
  findReview,
  insertReview,
  lockReview,
  markHidden,
  type RecentReviewRow,
  type ReviewRow,
  recentReviews,
  reviewsOfAccount,
  visibleReviews,
} from './repository.ts'
import { readReviewToken } from './tokens.ts'

export interface ReviewDeps {
  db: Database
  secret: string
  now: () => Date
  /** Tells every server's catalog that a venue's average changed (catalog-changes.ts). */
  announceCatalogChange: AnnounceCatalogChange
}

const iso = (value: Date | string) => new Date(value).toISOString()

/**
 * The visit a review link names (docs/decisions/051). A forged or altered token and an unknown visit
 * are the same 404; a link past its window is a 410, whatever was done through it.
 */
async function visitOfToken(deps: ReviewDeps, token: string): Promise<VisitForReview> {
  const id = readReviewToken(deps.secret, token)
  const visit = id === undefined ? undefined : await findVisitForReview(deps.db, id)
  if (!visit) throw new HttpError(404, 'REVIEW_NOT_FOUND')
  if (!withinReviewWindow(visit.booking_date, deps.now())) throw new HttpError(410, 'REVIEW_LINK_EXPIRED')
  return visit
}

function toInvite(token: string, visit: VisitForReview, review: ReviewRow | undefined): ReviewInvite {
  return {
    token,
    gymId: visit.venue_id,
    venueName: { en: visit.venue_name, ar: visit.venue_name_ar },
    passName: { en: visit.pass_short_en, ar: visit.pass_short_ar },
    visitDate: visit.booking_date,
    forAccount: visit.user_id !== null,
    review: review
      ? {
          stars: review.stars,
          text: review.body,
          createdAt: iso(review.created_at),
          hidden: review.hidden_at !== null,
        }
      : null,
  }
}

/** The review of the visit, or of its party through another of its visits. */
async function reviewOfVisit(db: Database, visit: VisitForReview) {
  return (await findReview(db, Number(visit.id))) ?? (await findPartyReview(db, visit.party))
}

/** What the review page shows: the visit, and its party's review once written. */
export async function openReviewInvite(deps: ReviewDeps, token: string): Promise<ReviewInvite> {
  const visit = await visitOfToken(deps, token)
  return toInvite(token, visit, await reviewOfVisit(deps.db, visit))
}

/**
 * Writes the visit's review: only a verified visit (eligibility.ts), once per party (the people of
 * one booking at one venue, date and hour). A guest's visit is reviewed by the link's holder; an
 * account's only by that account, signed in, so a forwarded mail does not speak for it.
 */
export async function submitReview(
  deps: ReviewDeps,
  caller: Caller,
  token: string,
  { stars, text }: { stars: number; text: string },
): Promise<ReviewInvite> {
  const visit = await visitOfToken(deps, token)
  if (visit.user_id !== null) {
    if (caller.kind !== 'account') throw new HttpError(401, 'SIGN_IN_REQUIRED')
    if (caller.id !== visit.user_id) throw new HttpError(403, 'REVIEW_NOT_YOURS')
  }
  const refusal = reviewRefusal(visit)
  if (refusal) throw new HttpError(409, refusal)
  const firstName = (visit.profile_first_name ?? visit.guest_first_name ?? '').trim().split(/\s+/)[0] || null
  const written = await insertReview(deps.db, {
    booking_id: Number(visit.id),
    venue_id: visit.venue_id,
    user_id: visit.user_id,
    first_name: firstName,
    pass_name_en: visit.pass_short_en,
    pass_name_ar: visit.pass_short_ar,
    visit_date: visit.booking_date,
    stars,
    body: text,
    reviewer_email: visit.contact_email.toLowerCase(),
    language: visit.language === 'ar' ? 'ar' : 'en',
    created_at: deps.now(),
    party: visit.party,
  })
  if (!written) throw new HttpError(409, 'REVIEW_ALREADY_WRITTEN')
  await deps.announceCatalogChange()
  return toInvite(token, visit, await reviewOfVisit(deps.db, visit))
}

/** A venue's page: its visible reviews, newest first, with the average and count of them all. */
export async function venueReviews(db: Database, venueId: string): Promise<VenueReviews> {
  const { rows, count, total } = await visibleReviews(db, venueId, venueReviewsListed)
  return {
    average: averageOf(total, count),
    count,
    reviews: rows.map((row) => ({
      stars: row.stars,
      text: row.body,
      firstName: row.first_name,
      passName: { en: row.pass_name_en, ar: row.pass_name_ar },
      visitMonth: row.visit_date.slice(0, 7),
      createdAt: iso(row.created_at),
    })),
  }
}

function toTeamReview(row: RecentReviewRow, reference: string): TeamReview {
  return {
    id: Number(row.booking_id),
    gymId: row.venue_id,
    venueName: { en: row.venue_en, ar: row.venue_ar },
    passName: { en: row.pass_name_en, ar: row.pass_name_ar },
    visitDate: row.visit_date,
    reference,
    stars: row.stars,
    text: row.body,
    firstName: row.first_name,
    createdAt: iso(row.created_at),
    hiddenAt: row.hidden_at ? iso(row.hidden_at) : null,
    hiddenReason: row.hidden_reason,
  }
}

/** The team's page: the latest 100 reviews, or only the hidden ones. */
export async function teamReviews(db: Database, onlyHidden: boolean): Promise<{ reviews: TeamReview[] }> {
  const rows = await recentReviews(db, onlyHidden, 100)
  const references = await visitReferences(
    db,
    rows.map((row) => Number(row.booking_id)),
  )
  return { reviews: rows.map((row) => toTeamReview(row, references.get(Number(row.booking_id)) ?? '')) }
}

/**
 * The team hides a review with a reason: audited in the same transaction, the reviewer told by mail
 * (when their address is still known), and every server's averages read again once committed.
 */
export async function hideReview(
  deps: ReviewDeps,
  actor: AccountCaller,
  visitId: number,
  reason: string,
): Promise<TeamReview> {
  const at = deps.now()
  const row = await deps.db.transaction().execute(async (trx) => {
    const review = await lockReview(trx, visitId)
    if (!review) throw new HttpError(404, 'REVIEW_NOT_FOUND')
    if (review.hidden_at) throw new HttpError(409, 'REVIEW_ALREADY_HIDDEN')
    await markHidden(trx, visitId, actor.id, reason, at)
    await recordAudit(trx, actor, {
      action: 'review.hide',
      entityType: 'review',
      entityId: visitId,
      venueId: review.venue_id,
      before: { hiddenAt: null },
      after: { hiddenAt: at.toISOString(), reason },
    })
    if (review.reviewer_email)
      await enqueueMail(trx, {
        template: 'review-hidden',
        to: review.reviewer_email,
        language: review.language,
        payload: { bookingId: visitId },
      })
    return { ...review, hidden_at: at, hidden_by: actor.id, hidden_reason: reason }
  })
  await deps.announceCatalogChange()
  const references = await visitReferences(deps.db, [visitId])
  return toTeamReview(row, references.get(visitId) ?? '')
}

/** An account's reviews, for its export (docs/security.md, personal data). */
export async function reviewsForExport(db: Database, userId: string) {
  const rows = await reviewsOfAccount(db, userId)
  return rows.map((row) => ({
    venueId: row.venue_id,
    visitDate: row.visit_date,
    passName: row.pass_name_en,
    stars: row.stars,
    text: row.body,
    createdAt: iso(row.created_at),
    hiddenAt: row.hidden_at ? iso(row.hidden_at) : null,
    hiddenReason: row.hidden_reason,
  }))
}

/** Deleting an account deletes its reviews with it; their venues' averages are read again after. */
export async function forgetReviewsOf(trx: Database, userId: string): Promise<number> {
  return deleteReviewsOfAccount(trx, userId)
}
