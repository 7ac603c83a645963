import { z } from 'zod'
import { venueIdSchema } from '../catalog-api.ts'
import { E } from '../errors.ts'
import { venueVatSchema } from '../vat.ts'
import {
  adminVenueDetailSchema,
  adminVenueListSchema,
  passFormSchema,
  passOrderSchema,
  venueDetailsRequestSchema,
  venueHistorySchema,
  venueStatusChangeSchema,
} from '../venue-admin.ts'
import { venueNoticesSchema } from '../venue-notices.ts'
import { endpoint } from './define.ts'

const venueParams = z.object({ id: venueIdSchema })
const passParams = venueParams.extend({
  passId: z
    .string()
    .max(80)
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, E.PASS_ID_INVALID),
})
// Nothing to say but `{}`; anything more is a mistake, refused rather than ignored.
const emptyBody = z.strictObject({})

/** The team's venue editor (docs/operating.md): every venue, its details, status, passes and history. */
export const venueAdminEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/venues',
    access: 'canManageVenues',
    querystring: z.object({ search: z.string().max(200, E.SEARCH_TOO_LONG).optional() }),
    response: { 200: adminVenueListSchema },
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/admin/venues/:id',
    access: 'canManageVenues',
    params: venueParams,
    response: { 200: adminVenueDetailSchema },
  }),
  updateDetails: endpoint({
    method: 'PATCH',
    path: '/api/admin/venues/:id',
    access: 'canManageVenues',
    params: venueParams,
    body: venueDetailsRequestSchema,
    response: { 200: adminVenueDetailSchema },
  }),
  changeStatus: endpoint({
    method: 'POST',
    path: '/api/admin/venues/:id/status',
    access: 'canManageVenues',
    params: venueParams,
    body: venueStatusChangeSchema,
    response: { 200: adminVenueDetailSchema },
  }),
  updateNotices: endpoint({
    method: 'PUT',
    path: '/api/admin/venues/:id/notices',
    access: 'canManageVenues',
    params: venueParams,
    body: venueNoticesSchema,
    response: { 200: adminVenueDetailSchema },
  }),
  updateVat: endpoint({
    method: 'PUT',
    path: '/api/admin/venues/:id/vat',
    access: 'canManageVenues',
    params: venueParams,
    body: venueVatSchema,
    response: { 200: adminVenueDetailSchema },
  }),
  createPass: endpoint({
    method: 'POST',
    path: '/api/admin/venues/:id/passes',
    access: 'canManageVenues',
    params: venueParams,
    body: passFormSchema,
    response: { 201: adminVenueDetailSchema },
  }),
  reorderPasses: endpoint({
    method: 'PUT',
    path: '/api/admin/venues/:id/passes/order',
    access: 'canManageVenues',
    params: venueParams,
    body: passOrderSchema,
    response: { 200: adminVenueDetailSchema },
  }),
  editPass: endpoint({
    method: 'PATCH',
    path: '/api/admin/venues/:id/passes/:passId',
    access: 'canManageVenues',
    params: passParams,
    body: passFormSchema,
    response: { 200: adminVenueDetailSchema },
  }),
  archivePass: endpoint({
    method: 'POST',
    path: '/api/admin/venues/:id/passes/:passId/archive',
    access: 'canManageVenues',
    params: passParams,
    body: emptyBody,
    response: { 200: adminVenueDetailSchema },
  }),
  restorePass: endpoint({
    method: 'POST',
    path: '/api/admin/venues/:id/passes/:passId/restore',
    access: 'canManageVenues',
    params: passParams,
    body: emptyBody,
    response: { 200: adminVenueDetailSchema },
  }),
  history: endpoint({
    method: 'GET',
    path: '/api/admin/venues/:id/history',
    access: 'canManageVenues',
    params: venueParams,
    response: { 200: venueHistorySchema },
  }),
}
