import { z } from 'zod'
import { applicationIdParams, declineApplicationSchema } from '../application-review.ts'
import { applicationStatusSchema, signedTokenParams } from '../application-status.ts'
import {
  applicationDetailSchema,
  applicationListSchema,
  submittedApplicationSchema,
  vendorApplicationSchema,
} from '../vendor-application.ts'
import { endpoint } from './define.ts'

/**
 * Venue applications (docs/decisions/002): anyone may apply, since venue owners have no account;
 * only accounts that can manage venues may read and decide them.
 */
export const vendorEndpoints = {
  apply: endpoint({
    method: 'POST',
    path: '/api/vendor-applications',
    access: 'public',
    body: vendorApplicationSchema,
    response: { 201: submittedApplicationSchema },
  }),
  /** The applicant's status page, behind the signed link in the confirmation mail: the link is the key. */
  status: endpoint({
    method: 'GET',
    path: '/api/vendor-applications/status/:token',
    access: 'public',
    params: signedTokenParams,
    response: { 200: applicationStatusSchema },
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/admin/vendor-applications',
    access: 'canManageVenues',
    response: { 200: applicationListSchema },
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/admin/vendor-applications/:id',
    access: 'canManageVenues',
    params: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
    response: { 200: applicationDetailSchema },
  }),
  approve: endpoint({
    method: 'POST',
    path: '/api/admin/vendor-applications/:id/approve',
    access: 'canManageVenues',
    params: applicationIdParams,
    response: { 200: applicationDetailSchema },
  }),
  decline: endpoint({
    method: 'POST',
    path: '/api/admin/vendor-applications/:id/decline',
    access: 'canManageVenues',
    params: applicationIdParams,
    body: declineApplicationSchema,
    response: { 200: applicationDetailSchema },
  }),
}
