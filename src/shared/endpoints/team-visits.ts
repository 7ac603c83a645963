import { cancelResultSchema, teamCancelRequestSchema } from '../cancellations.ts'
import { deskBookingParamsSchema } from '../desk.ts'
import { endpoint } from './define.ts'

/**
 * The team cancels a visit (canManageBookings; staff within their venues) with a reason. Apart from
 * ./visits.ts, whose visitors' endpoints the desk's pages do not load.
 */
export const teamVisitEndpoints = {
  cancel: endpoint({
    method: 'POST',
    path: '/api/team/bookings/:id/cancel',
    access: 'canManageBookings',
    // A booking's id, as the desk's own endpoints take it.
    params: deskBookingParamsSchema,
    body: teamCancelRequestSchema,
    response: { 200: cancelResultSchema },
  }),
}
