import type { Database } from '../../platform/db/database.ts'

/**
 * The reads the booking mails are written from: a visit with its order's language, the booker's
 * name and, for the confirmation, the venue's position and notice; for the cancellation, its refund.
 * The mails shape them into their fields (tickets/confirmation-mail-data.ts,
 * visit-changes/cancellation-mail-data.ts).
 */

function confirmationMailRows(db: Database) {
  return (
    db
      .selectFrom('confirmed_bookings as b')
      .innerJoin('orders as o', 'o.id', 'b.order_id')
      .leftJoin('user_profiles as p', 'p.id', 'b.user_id')
      .leftJoin('venues as v', 'v.id', 'b.venue_id')
      // The whole visit, so a field added to it reaches the mail's data with no edit here.
      .selectAll('b')
      .select([
        'v.cancellation_notice_hours as venue_notice_hours',
        'o.language',
        'o.payment_method as order_payment_method',
        'o.total_fils as order_total_fils',
        'p.first_name',
        'v.latitude',
        'v.longitude',
        // Whether the receipt will show VAT: the mail says what the receipt says (ADR 050).
        'v.vat_registered as venue_vat_registered',
      ])
  )
}

/** A booked visit, for its confirmation and its reminder. */
export async function confirmationMailRow(db: Database, bookingId: number) {
  return confirmationMailRows(db).where('b.id', '=', bookingId).executeTakeFirstOrThrow()
}

/** Every visit of an order, in the order they were booked, for the order's one confirmation. */
export async function orderConfirmationMailRows(db: Database, orderId: string) {
  return confirmationMailRows(db).where('b.order_id', '=', orderId).orderBy('b.id').execute()
}

/** A cancelled visit and its refund, for the cancellation mail. */
export async function cancellationMailRow(db: Database, bookingId: number) {
  return db
    .selectFrom('confirmed_bookings as b')
    .innerJoin('orders as o', 'o.id', 'b.order_id')
    .leftJoin('user_profiles as p', 'p.id', 'b.user_id')
    .leftJoin('booking_refunds as r', (join) =>
      // The cancellation's refund; a move's own refunds (migration 025) are not it.
      join.onRef('r.booking_id', '=', 'b.id').on('r.change_number', 'is', null),
    )
    .select([
      'b.id',
      'b.order_id',
      'b.cancelled_at',
      'b.manage_version',
      'b.user_id',
      'b.reference',
      'b.venue_name',
      'b.venue_name_ar',
      'b.pass_name',
      'b.pass_name_ar',
      'b.booking_date',
      'b.booking_time',
      'b.guest_first_name',
      'b.cancel_reason',
      'b.cancelled_by_team',
      'o.language',
      'p.first_name',
      'r.amount_fils',
    ])
    .where('b.id', '=', bookingId)
    .executeTakeFirstOrThrow()
}
