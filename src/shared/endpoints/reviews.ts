import { z } from 'zod'
import {
  hideReviewSchema,
  reviewInviteSchema,
  reviewSubmissionSchema,
  reviewTokenSchema,
  teamReviewSchema,
  teamReviewsQuerySchema,
  teamReviewsSchema,
} from '../reviews.ts'
import { endpoint } from './define.ts'

const tokenParams = z.object({ token: reviewTokenSchema })
const idParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) })

/**
 * Verified reviews (docs/catalog.md, "Reviews"). The visitor's side is reached by the visit's signed
 * review link from the invitation mail; an account's visit is reviewed only by that account, signed
 * in. The team (canManageVenues: managers and admins) lists the latest reviews and hides one with a
 * reason; the public list is the catalog's (`catalogEndpoints.venueReviews`).
 */
export const reviewEndpoints = {
  invite: endpoint({
    method: 'GET',
    path: '/api/reviews/:token',
    access: 'public',
    params: tokenParams,
    response: { 200: reviewInviteSchema },
  }),
  submit: endpoint({
    method: 'POST',
    path: '/api/reviews/:token',
    access: 'public',
    params: tokenParams,
    body: reviewSubmissionSchema,
    response: { 201: reviewInviteSchema },
  }),
  team: endpoint({
    method: 'GET',
    path: '/api/team/reviews',
    access: 'canManageVenues',
    querystring: teamReviewsQuerySchema,
    response: { 200: teamReviewsSchema },
  }),
  hide: endpoint({
    method: 'POST',
    path: '/api/team/reviews/:id/hide',
    access: 'canManageVenues',
    params: idParams,
    body: hideReviewSchema,
    response: { 200: teamReviewSchema },
  }),
}
