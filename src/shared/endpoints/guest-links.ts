import { z } from 'zod'
import { cancelRequestSchema, guestCancelResultSchema } from '../cancellations.ts'
import { managedBookingSchema } from '../visits.ts'
import { endpoint } from './define.ts'
import { guestCalendarFileRoute, guestTicketQrRoute } from './visits-routes.ts'

const tokenParams = z.object({ token: z.string().max(120) })

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
