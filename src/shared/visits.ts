import { z } from 'zod'

/**
 * A booked visit as every answer about it starts: its id and the reference the visitor reads out
 * at reception. My Bookings and the order (checkout.ts `bookingSchema`, which the guest page's and
 * the cancel answers' `cancellableBookingSchema` extend) and the desk (desk.ts `deskBookingSchema`)
 * extend it; a field every one of them shows belongs here. Kept apart from those files so each may
 * import it without a cycle.
 */
export const visitSchema = z.object({
  id: z.number().int(),
  /** `DP-XXXX-XXXX`: what the visitor reads out at reception. */
  reference: z.string(),
})
export type Visit = z.infer<typeof visitSchema>
