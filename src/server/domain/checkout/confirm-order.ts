import type { Database } from '../../platform/db/database.ts'
import { enqueueMail } from '../../platform/mail/outbox.ts'
import { queueReminders } from '../reminders/schedule.ts'
import { queueVenueNotices } from '../venue-notices/queue.ts'
import { confirmBookings, type QuotedLine, type VisitGuest } from '../visits/change-repository.ts'
import type { BookingRow } from '../visits/repository.ts'

/**
 * Books a confirmed order's visits and queues what its confirmation sends, in the transaction that
 * confirms it, so this runs once per order: the one confirmation e-mail for every ticket in it
 * (docs/mail.md, "One mail per order"), each visit's reminder a day before it, and the venue's own
 * notice, one for the order however many people it books (venue-notices/queue.ts).
 */
export async function confirmOrderVisits(
  trx: Database,
  order: {
    id: string
    user_id: string | null
    contact_email: string
    language: string
    confirmed_at: Date | null
  },
  lines: readonly QuotedLine[],
  paymentStatus: 'paid' | 'pay at venue',
  guest: VisitGuest | null,
): Promise<BookingRow[]> {
  // Booked when the order was confirmed, by the clock that confirmed it.
  const confirmedAt = order.confirmed_at
  if (!confirmedAt) throw new Error(`order ${order.id} is booked before it is confirmed`)
  const booked = await confirmBookings(trx, order, lines, paymentStatus, guest)
  await enqueueMail(trx, {
    template: 'booking-confirmation',
    to: order.contact_email,
    language: order.language === 'ar' ? 'ar' : 'en',
    payload: { orderId: order.id },
  })
  await queueReminders(trx, order, booked, confirmedAt)
  await queueVenueNotices(
    trx,
    'confirmed',
    booked.map((row) => Number(row.id)),
  )
  return booked
}
