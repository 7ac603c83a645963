import { apiPath } from './endpoints/define.ts'
import {
  guestCalendarFileRoute,
  guestTicketQrRoute,
  myCalendarFileRoute,
  myTicketQrRoute,
} from './endpoints/visits-routes.ts'

/** Where the ticket's QR code is drawn, for a signed-in booker or a guest's link. */
export function ticketQrPath(owner: { bookingId: number } | { token: string }): string {
  return 'token' in owner
    ? apiPath(guestTicketQrRoute, { token: owner.token })
    : apiPath(myTicketQrRoute, { id: owner.bookingId })
}

/** Where the booking's calendar file ("Add to calendar") is served, for a signed-in booker or a guest's link. */
export function calendarFilePath(owner: { bookingId: number } | { token: string }): string {
  return 'token' in owner
    ? apiPath(guestCalendarFileRoute, { token: owner.token })
    : apiPath(myCalendarFileRoute, { id: owner.bookingId })
}
