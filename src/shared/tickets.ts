import { z } from 'zod'
import { cancellableBookingSchema } from './cancellations.ts'

/** A guest's booking, opened from the signed link in their mail (`/booking/:token`). */
export const managedBookingSchema = z.object({
  booking: cancellableBookingSchema,
  /**
   * What the link allows: `manage` shows the ticket and can cancel; `view` (the calendar file's
   * link, and the page after a cancel) shows the booking only.
   */
  access: z.enum(['manage', 'view']),
  /** The order's other visits that can still be cancelled: with them the guest may cancel the whole order. */
  orderVisits: z.array(cancellableBookingSchema),
  /** The name it was booked under, to greet the guest. */
  firstName: z.string(),
  /** Bahrain's date today: whether the visit is still ahead. */
  today: z.string(),
})
export type ManagedBooking = z.infer<typeof managedBookingSchema>

/** Where the ticket's QR code is drawn, for a signed-in booker or a guest's link. */
export function ticketQrPath(owner: { bookingId: number } | { token: string }): string {
  return 'token' in owner
    ? `/api/manage/${encodeURIComponent(owner.token)}/qr.svg`
    : `/api/bookings/${owner.bookingId}/qr.svg`
}

/** Where the booking's calendar file ("Add to calendar") is served, for a signed-in booker or a guest's link. */
export function calendarFilePath(owner: { bookingId: number } | { token: string }): string {
  return 'token' in owner
    ? `/api/manage/${encodeURIComponent(owner.token)}/calendar.ics`
    : `/api/bookings/${owner.bookingId}/calendar.ics`
}
