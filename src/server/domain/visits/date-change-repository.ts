import { sql } from 'kysely'
import { formatBhd } from '../../../shared/money.ts'
import type { Database } from '../../platform/db/database.ts'
import { enqueueMail, type OutboxMail } from '../../platform/mail/outbox.ts'

/** The writes that move booked visits to another date or time (table confirmed_bookings). */

/**
 * Moves the visits to the new slot at its price, counting the move (their calendar entries'
 * SEQUENCE rises with it). Reference, ticket salt and manage_version stay: the ticket and the guest
 * links sent before keep working. A visit already moved `maxMoves` times is left where it is (the
 * caller rolls back when fewer rows come back). Returns the moved rows' ids and move counts.
 */
export async function moveVisits(
  trx: Database,
  visits: readonly { id: number }[],
  slot: { date: string; time: string; priceFils: number; maxMoves: number },
): Promise<{ id: number; booking_date: string; booking_time: string; date_changes: number }[]> {
  if (visits.length === 0) return []
  return trx
    .updateTable('confirmed_bookings')
    .set({
      booking_date: slot.date,
      booking_time: slot.time,
      price_fils: slot.priceFils,
      pass_price: formatBhd(slot.priceFils),
      date_changes: sql<number>`date_changes + 1`,
    })
    .where(
      'id',
      'in',
      visits.map((visit) => visit.id),
    )
    .where('cancelled_at', 'is', null)
    .where('date_changes', '<', slot.maxMoves)
    .returning(['id', 'booking_date', 'booking_time', 'date_changes'])
    .execute()
}

/** The visitor's mail of a move, queued in the transaction that moves the visits. */
export async function queueDateChangeMail(
  trx: Database,
  mail: Omit<OutboxMail<'booking-date-change'>, 'template'>,
): Promise<void> {
  await enqueueMail(trx, { template: 'booking-date-change', ...mail })
}
