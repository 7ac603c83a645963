import { z } from 'zod'
import { cancelScopes } from './cancellations.ts'
import { E } from './errors.ts'
import { cancellableBookingSchema } from './visits.ts'

/**
 * Moving a booked visit, or its party, to another date or time at the same venue and pass
 * (docs/booking.md, "Changing a booking"). The party is the order's visits still booked for the same
 * pass, date and time as the one named; `scope: 'visit'` moves only that one.
 */
export const dateChangeRequestSchema = z.strictObject({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, E.DATE_FORMAT),
  time: z.string().regex(/^\d{2}:00$/, E.TIME_FORMAT),
  scope: z.enum(cancelScopes).default('order'),
})
export type DateChangeRequest = z.input<typeof dateChangeRequestSchema>

/**
 * A visit moves at most this many times (docs/decisions/044): each move mails the visitor and the
 * venue, so an unbounded number of moves is an unbounded number of mails to the venue.
 */
export const maxDateChangesPerVisit = 3

/**
 * The answer to a move: the visits it moved now (none when they already were at that slot), the
 * price difference per person (negative: cheaper), what goes back to the card in all, and the moved
 * visits as they stand after it.
 */
export const dateChangeResultSchema = z.object({
  changedIds: z.array(z.number().int()),
  differenceFils: z.number().int(),
  refundFils: z.number().int(),
  bookings: z.array(cancellableBookingSchema),
})
export type DateChangeResult = z.infer<typeof dateChangeResultSchema>
