import { z } from 'zod'
import { cancelRequestSchema, cancelResultSchema, guestCancelResultSchema } from '../cancellations.ts'
import { bookingIdParamsSchema as bookingParams, managedBookingSchema, myBookingsSchema } from '../visits.ts'
import { endpoint } from './define.ts'
import {
  guestCalendarFileRoute,
  guestTicketQrRoute,
  myCalendarFileRoute,
  myTicketQrRoute,
} from './visits-routes.ts'

const tokenParams = z.object({ token: z.string().max(120) })

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

/**
 * `/api/manage/:token`: a guest's booking behind the signed link in their mail. Open to anyone: the
 * link is the key, which the handler checks (a wrong one is a 404).
 */
export const guestLinkEndpoints = {
  booking: endpoint({
    method: 'GET',
    path: '/api/manage/:token',
    access: 'public',
    params: tokenParams,
    response: { 200: managedBookingSchema },
  }),
  ticketQr: endpoint({ ...guestTicketQrRoute, params: tokenParams }),
  calendarFile: endpoint({ ...guestCalendarFileRoute, params: tokenParams }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/manage/:token/cancel',
    access: 'public',
    params: tokenParams,
    body: cancelRequestSchema,
    response: { 200: guestCancelResultSchema },
  }),
}
