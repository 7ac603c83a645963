import type { Route } from './define.ts'

/*
 * A visit's ticket (QR code) and calendar file without their schemas (./visits.ts adds them): pages
 * link to them as an image and a download (../tickets.ts), and load no zod for it. Plain objects,
 * each its own export, so a bundle keeps only those it uses.
 */
export const myTicketQrRoute = {
  method: 'GET',
  path: '/api/bookings/:id/qr.svg',
  access: 'signedIn',
} as const satisfies Route
export const myCalendarFileRoute = {
  method: 'GET',
  path: '/api/bookings/:id/calendar.ics',
  access: 'signedIn',
} as const satisfies Route
export const guestTicketQrRoute = {
  method: 'GET',
  path: '/api/manage/:token/qr.svg',
  access: 'public',
} as const satisfies Route
export const guestCalendarFileRoute = {
  method: 'GET',
  path: '/api/manage/:token/calendar.ics',
  access: 'public',
} as const satisfies Route
