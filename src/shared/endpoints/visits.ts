import { z } from 'zod'
import { cancelRequestSchema, cancelResultSchema } from '../cancellations.ts'
import { myBookingsSchema } from '../visits.ts'
import { endpoint } from './define.ts'
import { myCalendarFileRoute, myTicketQrRoute } from './visits-routes.ts'

// Here rather than in ../visits.ts: the checkout's and the guest link's pages need no z.coerce.
const bookingParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) })

/**
 * `/api/bookings`: the signed-in account's own visits, never anyone else's. Another account's booking
 * is a 404, as if it did not exist, which its handler decides.
 */
export const bookingEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/bookings',
    access: 'signedIn',
    response: { 200: myBookingsSchema },
  }),
  ticketQr: endpoint({ ...myTicketQrRoute, params: bookingParams }),
  calendarFile: endpoint({ ...myCalendarFileRoute, params: bookingParams }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/bookings/:id/cancel',
    access: 'signedIn',
    params: bookingParams,
    body: cancelRequestSchema,
    response: { 200: cancelResultSchema },
  }),
}
