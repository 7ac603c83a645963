import { sql } from 'kysely'
import { slotStart } from '../../../shared/bahrain-time.ts'
import type { Database } from '../../platform/db/database.ts'
import { type MailName, outboxRow } from '../../platform/mail/outbox.ts'

const hourMs = 60 * 60 * 1000
/** The reminder goes this long before the visit… */
export const reminderLeadMs = 24 * hourMs
/** …or at once when booked later than that, unless the visit is this close or closer: none then. */
export const reminderMinimumMs = 3 * hourMs

/**
 * When a visit's reminder is sent: 24 hours before it; at once when it was booked less than 24
 * hours ahead; never when it was booked 3 hours ahead or less (the confirmation has just gone).
 */
export function reminderSendAt(visitStart: Date, bookedAt: Date): Date | null {
  const ahead = visitStart.getTime() - bookedAt.getTime()
  if (ahead <= reminderMinimumMs) return null
  return ahead >= reminderLeadMs ? new Date(visitStart.getTime() - reminderLeadMs) : bookedAt
}

/**
 * Queues each booking's reminder in the outbox, due at its send time, in the transaction that
 * confirms the bookings. Whether the booking still stands is checked when it is due (a cancelled
 * booking's reminder is dropped then). One per booking: the outbox's unique index keeps a second out.
 */
export async function queueReminders(
  trx: Database,
  order: { contact_email: string; language: string },
  bookings: { id: number; booking_date: string; booking_time: string }[],
  bookedAt: Date,
): Promise<void> {
  const due = bookings.flatMap((booking) => {
    const sendAt = reminderSendAt(slotStart(booking.booking_date, booking.booking_time), bookedAt)
    return sendAt ? [{ booking, sendAt }] : []
  })
  if (due.length === 0) return
  const template = 'booking-reminder' satisfies MailName
  await trx
    .insertInto('mail_outbox')
    .values(
      due.map(({ booking, sendAt }) =>
        outboxRow({
          template,
          to: order.contact_email,
          language: order.language === 'ar' ? 'ar' : 'en',
          payload: { bookingId: booking.id },
          sendAt,
        }),
      ),
    )
    .onConflict((conflict) =>
      conflict.expression(sql`(payload ->> 'bookingId')`).where('template', '=', template).doNothing(),
    )
    .execute()
}

/**
 * A moved visit's reminder is due by its new start instead, as if booked at `movedAt`: one still
 * waiting is put off, and one already sent for the old date goes again before the new one. A move to
 * within a few hours leaves it as it was (it renders the booking as it stands when it goes); one a
 * server is sending right now is left to finish.
 */
export async function rescheduleReminders(
  trx: Database,
  bookings: readonly { id: number; booking_date: string; booking_time: string }[],
  movedAt: Date,
): Promise<void> {
  for (const booking of bookings) {
    const sendAt = reminderSendAt(slotStart(booking.booking_date, booking.booking_time), movedAt)
    if (!sendAt) continue
    await trx
      .updateTable('mail_outbox')
      .set({
        status: 'pending',
        next_attempt_at: sendAt,
        attempts: 0,
        sent_at: null,
        message_id: null,
        last_error: null,
      })
      .where('template', '=', 'booking-reminder' satisfies MailName)
      .where(sql<string>`payload ->> 'bookingId'`, '=', String(booking.id))
      .where('status', 'in', ['pending', 'sent'])
      .execute()
  }
}
